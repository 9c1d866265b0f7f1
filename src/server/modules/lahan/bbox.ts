import { sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { lahan } from '../../db/schema.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { validationError } from '../../http/errors.js';

/** [minLon, minLat, maxLon, maxLat] in WGS84 degrees. */
export type Bbox = [number, number, number, number];

/** The `bbox` query parameter of the lahan lists. */
export const BboxParam = Type.String({
  maxLength: 200,
  description:
    'minLon,minLat,maxLon,maxLat (WGS84 degrees): the lahan whose centroid lies in the box, answered as a GeoJSON ' +
    'FeatureCollection of plots or clusters (docs/API.md, Map viewport)',
});

const bboxInvalid = () =>
  validationError(MESSAGES.lahan.bboxInvalid, [{ field: 'bbox', message: MESSAGES.lahan.bboxInvalid }]);

const DEGREES = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/** `minLon,minLat,maxLon,maxLat` as numbers, or a 400 naming bbox. */
export function parseBbox(text: string): Bbox {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((part) => DEGREES.test(part))) throw bboxInvalid();
  const [minLon, minLat, maxLon, maxLat] = parts.map(Number) as Bbox;
  const lon = (v: number) => v >= -180 && v <= 180;
  const lat = (v: number) => v >= -90 && v <= 90;
  if (!lon(minLon) || !lon(maxLon) || !lat(minLat) || !lat(maxLat) || minLon > maxLon || minLat > maxLat) {
    throw bboxInvalid();
  }
  return [minLon, minLat, maxLon, maxLat];
}

/** The lahan whose centroid lies in `bbox` (served by lahan_centroid_gist); `bind` names its four values. */
export function centroidIn([minLon, minLat, maxLon, maxLat]: Bbox, bind: Bind = asValue, name = 'bbox'): SQL {
  const degrees = (part: string, value: number) => sql`${bind(`${name}_${part}`, value)}::float8`;
  return sql`${lahan.centroid} <@ box(point(${degrees('max_lon', maxLon)}, ${degrees('max_lat', maxLat)}),
    point(${degrees('min_lon', minLon)}, ${degrees('min_lat', minLat)}))`;
}
