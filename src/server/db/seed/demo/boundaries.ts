import type { GeoPoint, GeoPolygon } from '../../schema.js';
import { createRandom, type Random } from '../random.js';

type Position = [number, number];

// WGS84: metres per degree of latitude and longitude at a latitude (meridian and prime-vertical radii).
const A = 6378137;
const E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
const RADIANS = Math.PI / 180;
function metresPerDegree(latitude: number): { lon: number; lat: number } {
  const s = Math.sin(latitude * RADIANS);
  const w = 1 - E2 * s * s;
  return {
    lat: ((A * (1 - E2)) / w ** 1.5) * RADIANS,
    lon: (A / Math.sqrt(w)) * Math.cos(latitude * RADIANS) * RADIANS,
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Twice the planar area of a ring of corners (not closed), counterclockwise positive. */
function doubledArea(corners: Position[]): number {
  return corners.reduce((sum, [x1, y1], i) => {
    const [x2, y2] = corners[(i + 1) % corners.length]!;
    return sum + x1 * y2 - x2 * y1;
  }, 0);
}

/**
 * The corners, in metres around the plot's centre and counterclockwise, of a sawah-like rectangle (turned, up to
 * 2.5 times as long as wide) or of an irregular field of 5–12 corners. Each corner lies on its own ray from the
 * centre, in the rays' order, so the outline never crosses itself.
 */
function cornersOf(random: Random): Position[] {
  if (random.chance(0.45)) {
    const long = 1 + random.next() * 1.5;
    const turn = random.next() * Math.PI;
    return [
      [long, 1],
      [-long, 1],
      [-long, -1],
      [long, -1],
    ].map(([x, y]) => [x! * Math.cos(turn) - y! * Math.sin(turn), x! * Math.sin(turn) + y! * Math.cos(turn)]);
  }
  const n = random.int(5, 12);
  const step = (2 * Math.PI) / n;
  const start = random.next() * step;
  return Array.from({ length: n }, (_, i) => {
    const angle = start + i * step + (random.next() - 0.5) * 0.6 * step;
    const radius = 0.75 + random.next() * 0.5;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });
}

/**
 * A plot's boundary of about `area` m² around `centre` ([lon, lat]): the corners scaled to the area, laid on
 * the ellipsoid at the centre's scale, six decimals, the ring closed (RFC 7946: outer ring counterclockwise).
 */
export function plotBoundary(random: Random, centre: Position, area: number): GeoPolygon {
  const corners = cornersOf(random);
  const scale = Math.sqrt((2 * area) / doubledArea(corners));
  const metres = metresPerDegree(centre[1]);
  const ring = corners.map(([x, y]): Position => [
    round6(centre[0] + (x * scale) / metres.lon),
    round6(centre[1] + (y * scale) / metres.lat),
  ]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

/** A village's centre: its kabupaten's, moved by up to ~5 km, the same for each village on every seed. */
export function villageCentre(regency: { lat: number; lon: number }, village: number): Position {
  const random = createRandom(0x7a11 + village);
  return [regency.lon + (random.next() - 0.5) * 0.09, regency.lat + (random.next() - 0.5) * 0.09];
}

/** Most declared areas are measured within ±12 %; one plot in ten is drawn 40–60 % larger or smaller. */
function drawnArea(random: Random, declared: number): number {
  if (random.chance(0.1))
    return declared * (random.chance(0.5) ? 0.4 + random.next() * 0.2 : 1.4 + random.next() * 0.2);
  return declared * (0.88 + random.next() * 0.24);
}

/**
 * A demo lahan's gps near its village: a boundary of about its declared area, or, where the petani only dropped
 * a pin (`boundary` false), that pin. `spot` ([0, 1) twice) places it within about 700 m of the village centre.
 */
export function demoGps(
  random: Random,
  { village, spot, area, boundary }: { village: Position; spot: Position; area: number; boundary: boolean },
): GeoPoint | GeoPolygon {
  const centre: Position = [village[0] + (spot[0] - 0.5) * 0.012, village[1] + (spot[1] - 0.5) * 0.012];
  if (!boundary) return { type: 'Point', coordinates: [round6(centre[0]), round6(centre[1])] };
  return plotBoundary(random, centre, drawnArea(random, area));
}
