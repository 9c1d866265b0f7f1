import './geoman';
import L from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Circle, CircleMarker, Polyline, useMap } from 'react-leaflet';
import BaseMap from './BaseMap';
import { polygonOf, cornersOf, boundsOfGps, type GeoPolygon, type Gps } from './boundary';
import { toLatLng, type Bbox, type LonLat } from './geo';
import { POOR_ACCURACY_M } from './gpsWalk';
import { MAP_TEXT as T } from './messages';
import { useGpsWalk } from './useGpsWalk';

export interface BoundaryEditorProps {
  value: Gps;
  onChange: (gps: Gps) => void;
  disabled?: boolean;
  /** Shown right under the map, above the tools (the area and the boundary's error: where the eye is). */
  children?: ReactNode;
}

type Mode = 'view' | 'draw' | 'edit';

const BOUNDARY_STYLE = { color: '#b45309', weight: 3, fillColor: '#facc15', fillOpacity: 0.25 };
const WALK_STYLE = { color: '#1d4ed8', weight: 3 };

const cornersOfLayer = (layer: L.Polygon): LonLat[] =>
  (layer.getLatLngs()[0] as L.LatLng[]).map((p): LonLat => [p.lng, p.lat]);

/**
 * The boundary on the map, drawn and edited with Geoman: `mode` draw starts a new polygon (the first corner
 * tapped again, or `finishes` bumped, ends it), edit lets its corners be dragged. Leaflet's layer is kept here,
 * outside React's tree, because Geoman edits it in place.
 */
function BoundaryLayer({
  value,
  mode,
  finishes,
  onShape,
  onDrawEnd,
}: {
  value: Gps;
  mode: Mode;
  finishes: number;
  onShape: (polygon: GeoPolygon) => void;
  onDrawEnd: () => void;
}) {
  const map = useMap();
  const layer = useRef<L.Polygon | L.CircleMarker | null>(null);
  const shown = useRef('');
  const callbacks = useRef({ onShape, onDrawEnd });
  useEffect(() => {
    callbacks.current = { onShape, onDrawEnd };
  });

  useEffect(() => {
    map.pm.setLang('id');
    const created = (event: { layer: L.Layer }) => {
      const drawn = event.layer as L.Polygon;
      const corners = cornersOfLayer(drawn);
      drawn.remove();
      callbacks.current.onShape(polygonOf(corners));
    };
    const ended = () => callbacks.current.onDrawEnd();
    map.on('pm:create', created);
    map.on('pm:drawend', ended);
    return () => {
      map.off('pm:create', created);
      map.off('pm:drawend', ended);
      map.pm.disableDraw();
    };
  }, [map]);

  useEffect(() => {
    const key = JSON.stringify(value);
    if (key === shown.current) return;
    shown.current = key;
    layer.current?.remove();
    layer.current = null;
    if (value?.type === 'Point') {
      layer.current = L.circleMarker(toLatLng(value.coordinates), { ...BOUNDARY_STYLE, radius: 8 }).addTo(
        map,
      );
    } else if (value) {
      const polygon = L.polygon(cornersOf(value).map(toLatLng), { ...BOUNDARY_STYLE }).addTo(map);
      polygon.on('pm:edit', () => {
        const next = polygonOf(cornersOfLayer(polygon));
        shown.current = JSON.stringify(next);
        callbacks.current.onShape(next);
      });
      layer.current = polygon;
    }
  }, [map, value]);
  useEffect(() => () => void layer.current?.remove(), []);

  useEffect(() => {
    const polygon = layer.current;
    if (polygon instanceof L.Polygon) {
      if (mode === 'edit') polygon.pm.enable({ allowSelfIntersection: true, snappable: false });
      else polygon.pm.disable();
    }
    if (mode === 'draw') {
      map.pm.enableDraw('Polygon', {
        allowSelfIntersection: true,
        snappable: false,
        pathOptions: BOUNDARY_STYLE,
        templineStyle: { color: BOUNDARY_STYLE.color },
        hintlineStyle: { color: BOUNDARY_STYLE.color, dashArray: '5,5' },
      });
    } else {
      map.pm.disableDraw();
    }
  }, [map, mode, value]);

  // Geoman's corner handles are Leaflet markers, which make themselves unnamed role=button tab stops; they can
  // only be dragged or tapped, so they leave the tab order and the accessibility tree (the tools are the buttons).
  useEffect(() => {
    const container = map.getContainer();
    const quiet = () =>
      container.querySelectorAll('.marker-icon[role], .marker-icon[tabindex]').forEach((handle) => {
        handle.removeAttribute('role');
        handle.removeAttribute('tabindex');
        handle.setAttribute('aria-hidden', 'true');
      });
    const observer = new MutationObserver(quiet);
    observer.observe(container, { subtree: true, childList: true, attributeFilter: ['role', 'tabindex'] });
    return () => observer.disconnect();
  }, [map]);

  // Geoman has no public "finish" for a polygon being drawn; its toolbar's Finish button calls this.
  useEffect(() => {
    if (finishes === 0) return;
    const draw = map.pm.Draw as unknown as { Polygon?: { _finishShape?: () => void } };
    draw.Polygon?._finishShape?.();
  }, [map, finishes]);
  return null;
}

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
  const [finishes, setFinishes] = useState(0);
  const [bounds, setBounds] = useState<Bbox | undefined>(() => boundsOfGps(value));
  const walk = useGpsWalk();
  const [walkNote, setWalkNote] = useState<string | null>(null);
  const [target, setTarget] = useState<{ position: LonLat }>();
  const busy = disabled || walk.active;

  const shape = (polygon: GeoPolygon) => {
    setMode((m) => (m === 'draw' ? 'view' : m));
    onChange(polygon);
  };
  const finishWalk = () => {
    const corners = walk.finish();
    if (corners.length < 3) return setWalkNote(T.walkTooFew);
    const polygon = polygonOf(corners);
    setBounds(boundsOfGps(polygon));
    onChange(polygon);
  };
  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return setWalkNote(T.walkUnsupported);
    setWalkNote(T.locating);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setWalkNote(null);
        setTarget({ position: [coords.longitude, coords.latitude] });
      },
      (error) => setWalkNote(error.code === error.PERMISSION_DENIED ? T.walkDenied : T.walkUnavailable),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  const startWalk = () => {
    setMode('view');
    setWalkNote(null);
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
              : walkNote;
  const hint = walk.active ? T.walkHint : mode === 'draw' ? T.drawHint : mode === 'edit' ? T.editHint : null;
  const polygon = value?.type === 'Polygon';

  return (
    <div className="tm-boundary-editor">
      <BaseMap ariaLabel={T.mapLabel} bounds={bounds} height="clamp(280px, 55vh, 460px)">
        <BoundaryLayer
          value={value}
          mode={mode}
          finishes={finishes}
          onShape={shape}
          onDrawEnd={() => setMode((m) => (m === 'draw' ? 'view' : m))}
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
      {hint && <p className="tm-map-hint">{hint}</p>}
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
            <button
              type="button"
              className="tm-map-btn tm-map-btn-primary"
              onClick={() => setFinishes((n) => n + 1)}
            >
              {T.finishDrawing}
            </button>
            <button type="button" className="tm-map-btn" onClick={() => setMode('view')}>
              {T.cancel}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="tm-map-btn" disabled={busy} onClick={() => setMode('draw')}>
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
