import type L from 'leaflet';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Circle, CircleMarker, Polyline, useMap } from 'react-leaflet';
import { formatArea } from '../../shared/format-id';
import BaseMap from './BaseMap';
import {
  boundaryProblem,
  boundsOfGps,
  cornersOf,
  polygonOf,
  previewArea,
  type GeoPolygon,
  type Gps,
} from './boundary';
import { BoundaryLayer, type Mode } from './BoundaryLayer';
import { toLatLng, type Bbox, type LonLat } from './geo';
import { POOR_ACCURACY_M } from './gpsWalk';
import { MAP_TEXT as T } from './messages';
import { addCornerAtCentre, drawnCorners, finishDrawing, removeLastCorner } from './polygonDraw';
import { useGpsWalk } from './useGpsWalk';

export interface BoundaryEditorProps {
  value: Gps;
  onChange: (gps: Gps) => void;
  disabled?: boolean;
  /** Shown right under the map, above the tools (the area and the boundary's error: where the eye is). */
  children?: ReactNode;
}

const WALK_STYLE = { color: '#1d4ed8', weight: 3 };

/** Brings the map to `target` at field level (the phone's position, asked for by "Ke lokasi saya"). */
function GoTo({ target }: { target?: { position: LonLat } }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.setView(toLatLng(target.position), Math.max(map.getZoom(), 18));
  }, [map, target]);
  return null;
}

/** Follows the walker: the first fix brings the map to street level there. */
function FollowWalk({ position }: { position?: LonLat }) {
  const map = useMap();
  const followed = useRef(false);
  useEffect(() => {
    if (!position) {
      followed.current = false;
      return;
    }
    if (!followed.current) map.setView(toLatLng(position), Math.max(map.getZoom(), 18));
    else if (!map.getBounds().contains(toLatLng(position))) map.panTo(toLatLng(position));
    followed.current = true;
  }, [map, position]);
  return null;
}

/**
 * The map part of a lahan's boundary field (BoundaryField.tsx loads it lazily): draw, edit, clear, or walk the
 * boundary with the phone's GPS. Every change goes out through `onChange` as a closed Polygon (or null).
 */
export default function BoundaryEditor({ value, onChange, disabled = false, children }: BoundaryEditorProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [bounds, setBounds] = useState<Bbox | undefined>(() => boundsOfGps(value));
  const walk = useGpsWalk();
  const [note, setNote] = useState<string | null>(null);
  const [target, setTarget] = useState<{ position: LonLat }>();
  const busy = disabled || walk.active;
  const mapRef = useRef<L.Map | null>(null);
  const [drawn, setDrawn] = useState(0);
  const hintId = useId();

  const areaOf = (corners: LonLat[]) => {
    const polygon = polygonOf(corners);
    return corners.length < 3 || boundaryProblem(polygon)
      ? null
      : formatArea(Math.round(previewArea(polygon)));
  };
  const shape = (polygon: GeoPolygon) => {
    const corners = cornersOf(polygon);
    if (mode === 'draw') setNote(T.drawClosed(corners.length, areaOf(corners)));
    setMode((m) => (m === 'draw' ? 'view' : m));
    onChange(polygon);
  };
  const cornersChanged = (corners: LonLat[], added: boolean) => {
    setDrawn(corners.length);
    setNote((added ? T.cornerAdded : T.cornerRemoved)(corners.length, areaOf(corners)));
  };
  const addAtCentre = () => {
    if (mapRef.current && !addCornerAtCentre(mapRef.current)) setNote(T.moveFirst);
  };
  const undo = () => {
    const map = mapRef.current;
    if (!map || drawnCorners(map).length === 0) return setNote(T.noCorners);
    removeLastCorner(map);
    cornersChanged(drawnCorners(map), false);
  };
  const finish = () => {
    const map = mapRef.current;
    if (map && drawnCorners(map).length < 3) return setNote(T.drawTooFew);
    if (map) finishDrawing(map);
  };
  const startDrawing = () => {
    setDrawn(0);
    setNote(null);
    setMode('draw');
  };
  const finishWalk = () => {
    const corners = walk.finish();
    if (corners.length < 3) return setNote(T.walkTooFew);
    const polygon = polygonOf(corners);
    setBounds(boundsOfGps(polygon));
    onChange(polygon);
  };
  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return setNote(T.walkUnsupported);
    setNote(T.locating);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setNote(null);
        setTarget({ position: [coords.longitude, coords.latitude] });
      },
      (error) => setNote(error.code === error.PERMISSION_DENIED ? T.walkDenied : T.walkUnavailable),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  const startWalk = () => {
    setMode('view');
    setNote(null);
    walk.start();
  };

  const walkStatus =
    walk.status === 'denied'
      ? T.walkDenied
      : walk.status === 'unsupported'
        ? T.walkUnsupported
        : walk.status === 'unavailable'
          ? T.walkUnavailable
          : walk.status === 'starting'
            ? T.walkStarting
            : walk.status === 'walking' && walk.fix
              ? walk.skipped === 'poor'
                ? T.walkPoor(walk.fix.accuracy, POOR_ACCURACY_M)
                : walk.skipped === 'full'
                  ? T.walkFull
                  : T.walkRecording(walk.corners.length, walk.fix.accuracy)
              : note;
  const hint = walk.active
    ? T.walkHint
    : mode === 'draw'
      ? `${T.drawHint} ${T.keysHint}`
      : mode === 'edit'
        ? T.editHint
        : null;
  const polygon = value?.type === 'Polygon';

  return (
    <div className="tm-boundary-editor">
      <BaseMap
        ariaLabel={T.mapLabel}
        describedBy={hint ? hintId : undefined}
        bounds={bounds}
        height="clamp(280px, 55vh, 460px)"
      >
        <BoundaryLayer
          value={value}
          mode={mode}
          mapRef={mapRef}
          onShape={shape}
          onDrawEnd={() => setMode((m) => (m === 'draw' ? 'view' : m))}
          onCorner={(corners) => cornersChanged(corners, true)}
          onAddKey={addAtCentre}
          onUndoKey={undo}
        />
        {walk.corners.length > 0 && (
          <Polyline positions={walk.corners.map(toLatLng)} pathOptions={WALK_STYLE} />
        )}
        {walk.fix && (
          <>
            <Circle
              center={toLatLng(walk.fix.position)}
              radius={walk.fix.accuracy}
              pathOptions={{ ...WALK_STYLE, weight: 1, fillOpacity: 0.1 }}
            />
            <CircleMarker center={toLatLng(walk.fix.position)} radius={6} pathOptions={WALK_STYLE} />
          </>
        )}
        <FollowWalk position={walk.fix?.position} />
        <GoTo target={target} />
      </BaseMap>
      {children}
      {hint && (
        <p className="tm-map-hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="tm-map-status" role="status" aria-live="polite">
        {walkStatus}
      </p>
      <div className="tm-map-tools">
        {walk.active ? (
          <>
            <button type="button" className="tm-map-btn tm-map-btn-primary" onClick={finishWalk}>
              {T.walkFinish}
            </button>
            <button type="button" className="tm-map-btn" onClick={walk.cancel}>
              {T.cancel}
            </button>
          </>
        ) : mode === 'draw' ? (
          <>
            <button type="button" className="tm-map-btn" onClick={addAtCentre}>
              {T.addAtCentre}
            </button>
            <button type="button" className="tm-map-btn" disabled={drawn === 0} onClick={undo}>
              {T.removeLast}
            </button>
            <button type="button" className="tm-map-btn tm-map-btn-primary" onClick={finish}>
              {T.finishDrawing}
            </button>
            <button
              type="button"
              className="tm-map-btn"
              onClick={() => {
                setNote(null);
                setMode('view');
              }}
            >
              {T.cancel}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="tm-map-btn" disabled={busy} onClick={startDrawing}>
              {value ? T.redraw : T.draw}
            </button>
            {polygon && (
              <button
                type="button"
                className="tm-map-btn"
                aria-pressed={mode === 'edit'}
                disabled={busy}
                onClick={() => setMode((m) => (m === 'edit' ? 'view' : 'edit'))}
              >
                {mode === 'edit' ? T.editDone : T.edit}
              </button>
            )}
            {value && (
              <button
                type="button"
                className="tm-map-btn"
                disabled={busy}
                onClick={() => {
                  setMode('view');
                  onChange(null);
                }}
              >
                {T.clear}
              </button>
            )}
            <button type="button" className="tm-map-btn" disabled={busy} onClick={startWalk}>
              {T.walk}
            </button>
            <button type="button" className="tm-map-btn" disabled={busy} onClick={locate}>
              {T.locate}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
