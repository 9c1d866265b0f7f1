/**
 * The map's coordinates, always in GeoJSON order like `lahan.gps` and the API's `bbox`: longitude first.
 * Leaflet wants [lat, lon]; only this file turns one into the other.
 */
import type { LatLngBounds, LatLngBoundsExpression, LatLngTuple } from 'leaflet';

/** [longitude, latitude] */
export type LonLat = [number, number];
/** [minLon, minLat, maxLon, maxLat] — the API's `bbox` query and what `onViewChange` reports. */
export type Bbox = [number, number, number, number];

/** Indonesia's extent (Natural Earth's outline, padded): the view when nothing else is given. */
export const INDONESIA_BBOX: Bbox = [94.5, -11.5, 141.5, 6.5];

export const toLatLng = ([lon, lat]: LonLat): LatLngTuple => [lat, lon];

export const toLatLngBounds = ([minLon, minLat, maxLon, maxLat]: Bbox): LatLngBoundsExpression => [
  [minLat, minLon],
  [maxLat, maxLon],
];

/** Leaflet's bounds as a bbox, rounded to 6 decimals (about 0.1 m; what the API accepts and the cache keys on). */
export function toBbox(bounds: LatLngBounds): Bbox {
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return [r(bounds.getWest()), r(bounds.getSouth()), r(bounds.getEast()), r(bounds.getNorth())];
}
