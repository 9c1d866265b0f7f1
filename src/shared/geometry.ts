/**
 * A lahan's gps checked and measured, the same in the server (modules/lahan/geometry.ts: every write of gps) and
 * the browser (a boundary checked and its area shown while it is drawn).
 */
import area from '@turf/area';
import kinks from '@turf/kinks';
import {
  BOUNDARY_MAX_POSITIONS,
  BOUNDARY_MIN_AREA,
  BOUNDARY_MAX_RINGS,
  BOUNDARY_MIN_RING_POSITIONS,
  insideIndonesia,
} from './boundary.js';
import { LUAS_LAHAN_MAX } from './constants.js';
import { MESSAGES } from './messages.js';

const M = MESSAGES.lahan;

/** A WGS84 `[longitude, latitude]`. */
export type Position = [number, number];
/** A lahan's pin. */
export type GeoPoint = { type: 'Point'; coordinates: Position };
/** A lahan's boundary: the outer ring, then its holes. */
export type GeoPolygon = { type: 'Polygon'; coordinates: Position[][] };
/** [minLon, minLat, maxLon, maxLat]. */
export type GeoBbox = [number, number, number, number];

/** What the server keeps of a lahan's gps (the lahan columns luas_terukur, centroid and bbox). */
export interface Measured {
  /** Geodesic area in m² of a Polygon (holes taken out); null for a Point or no gps. */
  luas_terukur: number | null;
  /** [lon, lat]: the Polygon's area-weighted centre, or the Point itself. */
  centroid: Position | null;
  /** [minLon, minLat, maxLon, maxLat] of the outer ring; a Point's degenerate box. */
  bbox: GeoBbox | null;
}

// WGS84, and the radius @turf/area computes with (@turf/helpers' earthRadius).
const A = 6378137;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const TURF_EARTH_RADIUS = 6371008.8;
const RADIANS = Math.PI / 180;

const authalicQ = (latitude: number) => {
  const s = Math.sin(latitude * RADIANS);
  return (1 - E2) * (s / (1 - E2 * s * s) - Math.log((1 - E * s) / (1 + E * s)) / (2 * E));
};
const Q_POLE = authalicQ(90);
/** The radius of the sphere with the ellipsoid's surface area. */
const AUTHALIC_RADIUS = A * Math.sqrt(Q_POLE / 2);
const SPHERE_TO_ELLIPSOID = (AUTHALIC_RADIUS / TURF_EARTH_RADIUS) ** 2;

/** The latitude on the authalic sphere, whose areas equal the ellipsoid's (Snyder, Map Projections §3). */
const authalicLatitude = (latitude: number) =>
  Math.asin(Math.max(-1, Math.min(1, authalicQ(latitude) / Q_POLE))) / RADIANS;

/**
 * The area in m² on the WGS84 ellipsoid. @turf/area measures on a sphere, which overstates a plot in Indonesia
 * by 0.4–0.45 %; measured at authalic latitudes on the authalic sphere the area is the ellipsoid's.
 */
function ellipsoidalArea(polygon: GeoPolygon): number {
  const coordinates = polygon.coordinates.map((ring) =>
    ring.map(([lon, lat]): Position => [lon, authalicLatitude(lat)]),
  );
  return area({ type: 'Polygon', coordinates }) * SPHERE_TO_ELLIPSOID;
}

/** Twice the signed planar area of a ring and its first moments, relative to `origin` (for precision). */
function ringMoments(ring: Position[], [x0, y0]: Position) {
  let a2 = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const x1 = ring[i]![0] - x0;
    const y1 = ring[i]![1] - y0;
    const x2 = ring[i + 1]![0] - x0;
    const y2 = ring[i + 1]![1] - y0;
    const cross = x1 * y2 - x2 * y1;
    a2 += cross;
    mx += (x1 + x2) * cross;
    my += (y1 + y2) * cross;
  }
  return { a2, mx, my };
}

/**
 * The area-weighted centre of the polygon in longitude and latitude, holes taken out (a plot is small enough
 * for the plane); the mean of the outer ring's corners when it has no area.
 */
function centroidOf(polygon: GeoPolygon): Position {
  const outer = polygon.coordinates[0]!;
  const origin = outer[0]!;
  let a2 = 0;
  let mx = 0;
  let my = 0;
  polygon.coordinates.forEach((ring, i) => {
    const m = ringMoments(ring, origin);
    // The outer ring counts positive and each hole negative, whichever way they wind.
    const sign = (i === 0 ? 1 : -1) * Math.sign(m.a2);
    a2 += sign * m.a2;
    mx += sign * m.mx;
    my += sign * m.my;
  });
  if (a2 === 0) {
    const corners = outer.slice(0, -1);
    const mean = (k: 0 | 1) => corners.reduce((sum, p) => sum + p[k], 0) / corners.length;
    return [mean(0), mean(1)];
  }
  return [origin[0] + mx / (3 * a2), origin[1] + my / (3 * a2)];
}

function boundsOf(ring: Position[]): GeoBbox {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/** The columns luas_terukur, centroid and bbox for a lahan's gps (all null without one). */
export function measureGps(gps: GeoPoint | GeoPolygon | null): Measured {
  if (gps === null) return { luas_terukur: null, centroid: null, bbox: null };
  if (gps.type === 'Point') {
    const [lon, lat] = gps.coordinates;
    return { luas_terukur: null, centroid: [lon, lat], bbox: [lon, lat, lon, lat] };
  }
  return {
    luas_terukur: ellipsoidalArea(gps),
    centroid: centroidOf(gps),
    bbox: boundsOf(gps.coordinates[0]!),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `[longitude, latitude]` of two finite numbers (where they lie is checked after), or undefined. */
function position(value: unknown): Position | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number') return undefined;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  return [lon, lat];
}

/** Positions outside Indonesia that would lie inside it as [lat, lon] were most likely sent in that order. */
function outsideProblem(positions: Position[]): string | undefined {
  if (positions.every(insideIndonesia)) return undefined;
  const swapped = positions.every(([lon, lat]) => insideIndonesia([lat, lon]));
  return swapped ? M.gpsSwapped : M.gpsOutsideIndonesia;
}

/** Whether `point` lies inside `ring` (even-odd rule, in the plane of longitude and latitude). */
function inside([x, y]: Position, ring: Position[]): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

/** Positions repeated one after the other (a phone's walk records some) are one corner for the crossing test. */
const withoutRepeats = (ring: Position[]) =>
  ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1]);

/** The problem of a Polygon's rings (positions, at most BOUNDARY_MAX_POSITIONS in all), or undefined. */
function polygonProblem(rings: Position[][]): string | undefined {
  if (rings.some((ring) => ring.length < BOUNDARY_MIN_RING_POSITIONS)) return M.gpsRingTooShort;
  const closed = (ring: Position[]) => {
    const [first, last] = [ring[0]!, ring[ring.length - 1]!];
    return first[0] === last[0] && first[1] === last[1];
  };
  if (!rings.every(closed)) return M.gpsRingNotClosed;
  const outside = outsideProblem(rings.flat());
  if (outside) return outside;
  const corners = rings.map(withoutRepeats);
  if (corners.some((ring) => ring.length < BOUNDARY_MIN_RING_POSITIONS)) return M.gpsNoArea;
  // Every ring against itself and each other: a hole crossing or touching the outer ring is a crossing too.
  if (kinks({ type: 'Polygon', coordinates: corners }).features.length > 0) return M.gpsSelfIntersecting;
  const [outer, ...holes] = corners;
  if (holes.some((hole) => !hole.some((p) => inside(p, outer!)))) return M.gpsHoleOutside;
  // Rings that do not cross lie wholly inside or outside each other: one corner tells which.
  if (holes.some((hole, i) => holes.some((other, j) => i !== j && inside(hole[0]!, other)))) {
    return M.gpsHoleInHole;
  }
  const enclosed = ellipsoidalArea({ type: 'Polygon', coordinates: corners });
  if (!(enclosed >= BOUNDARY_MIN_AREA)) return M.gpsNoArea;
  // The largest area a lahan may declare (luas_lahan) bounds the boundary too.
  if (enclosed > LUAS_LAHAN_MAX) return M.gpsTooLarge;
  return undefined;
}

/**
 * A lahan's gps as the API takes it: a GeoJSON Point (a pin) or Polygon (the boundary) in WGS84 `[lon, lat]`,
 * with `type` and `coordinates` only (other members would not be stored), inside Indonesia; a Polygon's rings
 * closed, of at least 4 positions, at most 1,000 in all, not crossing themselves or each other. The geometry
 * to store, or the Indonesian text of the first problem found.
 */
export function validateBoundary(value: unknown): GeoPoint | GeoPolygon | string {
  if (!isRecord(value) || Object.keys(value).some((key) => key !== 'type' && key !== 'coordinates')) {
    return M.gpsInvalid;
  }
  if (value.type === 'Point') {
    const coordinates = position(value.coordinates);
    if (!coordinates) return M.gpsPositionInvalid;
    return outsideProblem([coordinates]) ?? { type: 'Point', coordinates };
  }
  if (value.type !== 'Polygon') return M.gpsInvalid;
  const rings = value.coordinates;
  if (!Array.isArray(rings) || rings.length < 1 || !rings.every(Array.isArray)) return M.gpsInvalid;
  if (rings.length > BOUNDARY_MAX_RINGS) return M.gpsTooManyRings;
  if (rings.reduce((n: number, ring: unknown[]) => n + ring.length, 0) > BOUNDARY_MAX_POSITIONS) {
    return M.gpsTooManyPositions;
  }
  const coordinates = (rings as unknown[][]).map((ring) => ring.map(position));
  if (coordinates.some((ring) => ring.some((p) => p === undefined))) return M.gpsPositionInvalid;
  const polygon = { type: 'Polygon', coordinates: coordinates as Position[][] } as const;
  return polygonProblem(polygon.coordinates) ?? polygon;
}
