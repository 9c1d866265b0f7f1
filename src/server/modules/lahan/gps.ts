import { Type } from 'typebox';
import {
  BOUNDARY_MAX_POSITIONS,
  BOUNDARY_MAX_RINGS,
  BOUNDARY_MIN_RING_POSITIONS,
  INDONESIA_BOUNDS,
} from '../../../shared/boundary.js';
import { Nullable } from '../../http/schemas.js';

const PositionSchema = Type.Tuple(
  [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
  {
    description: `[longitude, latitude] in WGS84, within Indonesia's bounds [${INDONESIA_BOUNDS.join(', ')}]`,
  },
);
const GeoPoint = Type.Object(
  { type: Type.Literal('Point'), coordinates: PositionSchema },
  { additionalProperties: false, description: 'A pin: the lahan has no boundary (no measured area)' },
);
const GeoPolygon = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(
      Type.Array(PositionSchema, {
        minItems: BOUNDARY_MIN_RING_POSITIONS,
        maxItems: BOUNDARY_MAX_POSITIONS,
      }),
      {
        minItems: 1,
        maxItems: BOUNDARY_MAX_RINGS,
        description:
          'The boundary, then its holes: closed rings (first position = last) of at least 4 positions, at most ' +
          '1,000 positions in all, not crossing themselves or each other',
      },
    ),
  },
  { additionalProperties: false },
);
/** A lahan's `gps` as OpenAPI shows it; geometry.ts validateBoundary() checks what the schema cannot. */
export const Gps = Nullable(Type.Union([GeoPoint, GeoPolygon]));
