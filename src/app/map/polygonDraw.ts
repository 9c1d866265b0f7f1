/**
 * The polygon Geoman is drawing, worked from outside the map: a corner at the map's centre (the keyboard's and the
 * "Tambah titik di tengah peta" button's way to draw), the last corner taken back, the shape closed. Geoman has no
 * public name for these; its own toolbar's actions call the same methods.
 */
import type L from 'leaflet';
import type { LonLat } from './geo';

interface PolygonDraw {
  enabled(): boolean;
  enable(options: object): void;
  disable(): void;
  options: object;
  _layer?: L.Polyline;
  _createVertex(event: { latlng: L.LatLng }): void;
  _removeLastVertex(): void;
  _finishShape(): void;
}

const polygonDraw = (map: L.Map) => map.pm.Draw as unknown as { Polygon: PolygonDraw };

/** Whether a polygon is being drawn (drawing ended by undoing its only corner is started again at once). */
export const drawing = (map: L.Map) => polygonDraw(map).Polygon.enabled();

/** The corners drawn so far, in order. */
export function drawnCorners(map: L.Map): LonLat[] {
  const draw = polygonDraw(map).Polygon;
  if (!draw.enabled() || !draw._layer) return [];
  return (draw._layer.getLatLngs() as L.LatLng[]).map((p): LonLat => [p.lng, p.lat]);
}

/**
 * A corner where the map's centre is. Like a tap, one on the first corner closes the shape; one on the last corner
 * again is left out (Geoman would close the shape on it), so `false`: the map has to be moved first.
 */
export function addCornerAtCentre(map: L.Map): boolean {
  const draw = polygonDraw(map).Polygon;
  if (!draw.enabled()) return false;
  const centre = map.getCenter();
  const corners = drawnCorners(map);
  const last = corners[corners.length - 1];
  if (last && last[0] === centre.lng && last[1] === centre.lat) return false;
  draw._createVertex({ latlng: centre });
  return true;
}

/** Takes the last corner back; the only one too, drawing on (Geoman alone would stop drawing). */
export function removeLastCorner(map: L.Map) {
  const draw = polygonDraw(map).Polygon;
  const count = drawnCorners(map).length;
  if (count === 0) return;
  if (count > 1) return draw._removeLastVertex();
  const { options } = draw;
  draw.disable();
  draw.enable(options);
}

/** Closes the shape (Geoman's pm:create follows) when it has three corners or more. */
export const finishDrawing = (map: L.Map) => polygonDraw(map).Polygon._finishShape();
