/**
 * A lahan's boundary in the browser, before it is sent: the shapes, the preview of its area, and the server's
 * own check (validateBoundary, src/shared/geometry.ts), run here so its text shows before anything is sent.
 */
import { LUAS_BERBEDA_RATIO } from '../../shared/boundary';
import { measureGps, validateBoundary } from '../../shared/geometry';
import type { LonLat } from './geo';

export interface GeoPolygon {
  type: 'Polygon';
  coordinates: LonLat[][];
}
export interface GeoPoint {
  type: 'Point';
  coordinates: LonLat;
}
/** `lahan.gps`: the boundary, a pin, or nothing. */
export type Gps = GeoPolygon | GeoPoint | null;

/** 7 decimals: about 1 cm, finer than any phone's fix, and a corner dragged back lands on the same number. */
const round = (n: number) => Math.round(n * 1e7) / 1e7;

const same = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** The corners of an open ring (as drawn or walked), rounded, repeats dropped, closed on its first corner. */
export function polygonOf(corners: LonLat[]): GeoPolygon {
  const ring = corners
    .map(([lon, lat]): LonLat => [round(lon), round(lat)])
    .filter((p, i, all) => i === 0 || !same(p, all[i - 1]!));
  while (ring.length > 1 && same(ring[0]!, ring[ring.length - 1]!)) ring.pop();
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!].filter(Boolean)] };
}

/** The corners of a Polygon's outer ring without the closing one (what the map edits). */
export const cornersOf = (polygon: GeoPolygon): LonLat[] => polygon.coordinates[0]!.slice(0, -1);

/** m² on the WGS84 ellipsoid: the server's own measure (measureGps), so the preview is the area it will store. */
export const previewArea = (polygon: GeoPolygon): number => measureGps(polygon).luas_terukur!;

/** The first problem the server names for this drawn or walked boundary (field gps), or undefined. */
export function boundaryProblem(polygon: GeoPolygon): string | undefined {
  const checked = validateBoundary(polygon);
  return typeof checked === 'string' ? checked : undefined;
}

/** The server's `luas_berbeda`: declared and measured area differ by more than 20 % of the declared one. */
export const areasDiffer = (declared: number | undefined, measured: number | null | undefined) =>
  declared !== undefined &&
  declared > 0 &&
  measured !== null &&
  measured !== undefined &&
  Math.abs(measured - declared) > LUAS_BERBEDA_RATIO * declared;

/** [minLon, minLat, maxLon, maxLat] of a gps, to fit the map on; a pin gets about 200 m around it. */
export function boundsOfGps(gps: Gps): [number, number, number, number] | undefined {
  if (!gps) return undefined;
  if (gps.type === 'Point') {
    const [lon, lat] = gps.coordinates;
    return [lon - 0.001, lat - 0.001, lon + 0.001, lat + 0.001];
  }
  return measureGps(gps).bbox ?? undefined;
}
