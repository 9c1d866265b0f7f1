import './geoman';
import L from 'leaflet';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { useMap } from 'react-leaflet';
import { polygonOf, cornersOf, type GeoPolygon, type Gps } from './boundary';
import { toLatLng, type LonLat } from './geo';
import { drawing, drawnCorners } from './polygonDraw';

export type Mode = 'view' | 'draw' | 'edit';

const BOUNDARY_STYLE = { color: '#b45309', weight: 3, fillColor: '#facc15', fillOpacity: 0.25 };

const cornersOfLayer = (layer: L.Polygon): LonLat[] =>
  (layer.getLatLngs()[0] as L.LatLng[]).map((p): LonLat => [p.lng, p.lat]);

export interface BoundaryLayerProps {
  value: Gps;
  mode: Mode;
  /** Given the Leaflet map, for the tools under it (polygonDraw.ts). */
  mapRef: MutableRefObject<L.Map | null>;
  onShape: (polygon: GeoPolygon) => void;
  onDrawEnd: () => void;
  /** A corner drawn (tapped, or added at the centre), with every corner so far. */
  onCorner: (corners: LonLat[]) => void;
  /** While drawing, the map focused: Enter adds a corner at its centre, Backspace or Delete takes the last back. */
  onAddKey: () => void;
  onUndoKey: () => void;
}

/**
 * The boundary on the map, drawn and edited with Geoman: `mode` draw starts a new polygon (the first corner
 * tapped again, or the tools' "Selesai", ends it), edit lets its corners be dragged. Leaflet's layer is kept
 * here, outside React's tree, because Geoman edits it in place.
 */
export function BoundaryLayer({ value, mode, mapRef, ...handlers }: BoundaryLayerProps) {
  const map = useMap();
  const layer = useRef<L.Polygon | L.CircleMarker | null>(null);
  const shown = useRef('');
  const callbacks = useRef(handlers);
  useEffect(() => {
    callbacks.current = handlers;
  });
  useEffect(() => {
    mapRef.current = map;
    return () => void (mapRef.current = null);
  }, [map, mapRef]);

  useEffect(() => {
    map.pm.setLang('id');
    const created = (event: { layer: L.Layer }) => {
      const drawn = event.layer as L.Polygon;
      const corners = cornersOfLayer(drawn);
      drawn.remove();
      callbacks.current.onShape(polygonOf(corners));
    };
    // Undoing the only corner stops and restarts drawing at once: only a stop that lasts ends it.
    const ended = () => queueMicrotask(() => drawing(map) || callbacks.current.onDrawEnd());
    const started = ({ workingLayer }: { workingLayer: L.Layer }) =>
      workingLayer.on('pm:vertexadded', () => callbacks.current.onCorner(drawnCorners(map)));
    map.on('pm:create', created);
    map.on('pm:drawend', ended);
    map.on('pm:drawstart', started);
    return () => {
      map.off('pm:create', created);
      map.off('pm:drawend', ended);
      map.off('pm:drawstart', started);
      map.pm.disableDraw();
    };
  }, [map]);

  useEffect(() => {
    if (mode !== 'draw') return;
    const container = map.getContainer();
    const onKey = (event: KeyboardEvent) => {
      // Only the map itself: Enter on its zoom buttons or links keeps its own meaning.
      if (event.target !== container || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Enter') callbacks.current.onAddKey();
      else if (event.key === 'Backspace' || event.key === 'Delete') callbacks.current.onUndoKey();
      else return;
      event.preventDefault();
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [map, mode]);

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

  return mode === 'draw' ? <div className="tm-map-crosshair" aria-hidden="true" /> : null;
}
