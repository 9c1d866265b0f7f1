import { Type } from 'typebox';
import type { GeoPoint, GeoPolygon } from '../../db/schema.js';
import { Nullable } from '../../http/schemas.js';

export const POLYGON_MAX_RINGS = 10;
export const POLYGON_MAX_POSITIONS = 1000;

type Position = [number, number];

const PositionSchema = Type.Tuple(
  [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
  { description: '[longitude, latitude] in WGS84' },
);
const GeoPoint = Type.Object(
  { type: Type.Literal('Point'), coordinates: PositionSchema },
  { additionalProperties: false },
);
const GeoPolygon = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(PositionSchema, { minItems: 4, maxItems: POLYGON_MAX_POSITIONS }), {
      minItems: 1,
      maxItems: POLYGON_MAX_RINGS,
      description: 'Closed linear rings (first position = last), at most 1000 positions in all',
    }),
  },
  { additionalProperties: false },
);
/** A lahan's `gps` as OpenAPI shows it; parseGeometry() checks what the schema cannot. */
export const Gps = Nullable(Type.Union([GeoPoint, GeoPolygon]));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A WGS84 `[longitude, latitude]` pair, or undefined. */
function position(value: unknown): Position | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number') return undefined;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return undefined;
  return [lon, lat];
}

/** A closed linear ring of at least four positions (RFC 7946 §3.1.6), or undefined. */
function ring(value: unknown): Position[] | undefined {
  if (!Array.isArray(value) || value.length < 4 || value.length > POLYGON_MAX_POSITIONS) return undefined;
  const positions = value.map(position);
  if (positions.some((p) => p === undefined)) return undefined;
  const first = positions[0]!;
  const last = positions[positions.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return undefined;
  return positions as Position[];
}

/**
 * A GeoJSON Point or Polygon with valid WGS84 coordinates, `{ type, coordinates }` and nothing else (other
 * members such as `bbox` would not be stored, so they are refused); undefined when `value` is anything else.
 * Positions carry exactly longitude and latitude.
 */
export function parseGeometry(value: unknown): GeoPoint | GeoPolygon | undefined {
  if (!isRecord(value) || Object.keys(value).some((key) => key !== 'type' && key !== 'coordinates')) {
    return undefined;
  }
  if (value.type === 'Point') {
    const coordinates = position(value.coordinates);
    return coordinates && { type: 'Point', coordinates };
  }
  if (value.type === 'Polygon') {
    const rings = value.coordinates;
    if (!Array.isArray(rings) || rings.length < 1 || rings.length > POLYGON_MAX_RINGS) return undefined;
    const coordinates = rings.map(ring);
    if (coordinates.some((r) => r === undefined)) return undefined;
    if (coordinates.reduce((n, r) => n + r!.length, 0) > POLYGON_MAX_POSITIONS) return undefined;
    return { type: 'Polygon', coordinates: coordinates as Position[][] };
  }
  return undefined;
}
