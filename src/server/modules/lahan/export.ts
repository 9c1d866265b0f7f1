import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import { queryCondition } from '../../db/lists/resource.js';
import { lahan, landCategories, locations, type GeoPoint, type GeoPolygon } from '../../db/schema.js';
import { lahanList } from './list.js';
import { LAHAN_PLACE_JOINS } from './records.js';

/** What of the list's query is a page's own: the export is every matching lahan, in id order. */
const PAGING = new Set(['page', 'limit', 'order', 'sort']);

/** The admin lahan list's filters and search (`q`), nothing else. */
export const LahanExportQuery = Type.Object(
  Object.fromEntries(Object.entries(lahanList.query.properties).filter(([name]) => !PAGING.has(name))),
  { additionalProperties: false },
);
export type LahanExportFilters = { q?: string } & Record<string, unknown>;

/** Rows per statement: a few hundred kilobytes of GeoJSON, the most the export holds at once. */
export const EXPORT_BATCH = 500;

type Position = [number, number];

const exportColumns = {
  id: lahan.id,
  nama_lahan: lahan.nama_lahan,
  luas_lahan: lahan.luas_lahan,
  luas_terukur: lahan.luas_terukur,
  category_name: landCategories.type_name,
  status: lahan.status,
  location_name: locations.location_name,
  sub_district_name: locations.sub_district_name,
  district_name: locations.district_name,
  province_name: locations.province_name,
  gps: lahan.gps,
};

/** The next rows after lahan `after`, by id: each batch is one short statement on the primary key. */
function nextBatch(db: Db, where: SQL | undefined, after: number) {
  const query = db.select(exportColumns).from(lahan).$dynamic();
  return leftJoinAll(query, [
    ...LAHAN_PLACE_JOINS,
    [landCategories, eq(lahan.category_id, landCategories.id)],
  ])
    .where(and(where, isNotNull(lahan.gps), gt(lahan.id, after)))
    .orderBy(asc(lahan.id))
    .limit(EXPORT_BATCH);
}

type ExportRow = Awaited<ReturnType<typeof nextBatch>>[number];

/** Six decimals (about 0.1 m), written out in full as the EUDR guidance asks ("at least six decimal places"). */
const positionText = ([lon, lat]: Position) => `[${lon.toFixed(6)},${lat.toFixed(6)}]`;

/** Twice the signed area in the plane of longitude and latitude: positive when the ring runs counterclockwise. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  }
  return sum;
}

/** RFC 7946 §3.1.6: the outer ring counterclockwise, holes clockwise (the app stores rings as drawn). */
const rightHanded = (rings: Position[][]) =>
  rings.map((ring, i) => (signedArea(ring) >= 0 === (i === 0) ? ring : [...ring].reverse()));

function geometryText(gps: GeoPoint | GeoPolygon): string {
  if (gps.type === 'Point') return `{"type":"Point","coordinates":${positionText(gps.coordinates)}}`;
  const rings = rightHanded(gps.coordinates).map((ring) => `[${ring.map(positionText).join(',')}]`);
  return `{"type":"Polygon","coordinates":[${rings.join(',')}]}`;
}

/**
 * One Feature. No personal data: nothing of the owner. Besides the Lahan record's names, the EUDR GeoJSON file
 * description's ProducerCountry, ProductionPlace and, for a pin, Area (ha), so the file can go to TRACES as it is.
 */
function featureText({ gps, ...row }: ExportRow): string {
  const place = [row.location_name, row.sub_district_name, row.district_name, row.province_name];
  const properties = {
    ...row,
    ProducerCountry: 'ID',
    ProductionPlace: place.filter(Boolean).join(', ') || null,
    ...(gps!.type === 'Point' ? { Area: Math.round(row.luas_lahan) / 10_000 } : {}),
  };
  return `{"type":"Feature","id":${row.id},"geometry":${geometryText(gps!)},"properties":${JSON.stringify(properties)}}`;
}

async function* featureCollection(db: Db, where: SQL | undefined, first: ExportRow[]) {
  yield '{"type":"FeatureCollection","features":[\n';
  let rows = first;
  let separator = '';
  while (rows.length > 0) {
    yield separator + rows.map(featureText).join(',\n');
    separator = ',\n';
    if (rows.length < EXPORT_BATCH) break;
    rows = await nextBatch(db, where, rows[rows.length - 1]!.id);
  }
  yield '\n]}\n';
}

/**
 * The lahan the admin list's `filters` give that have a gps, as a GeoJSON FeatureCollection streamed batch by
 * batch. A bad filter throws (400) and an unreachable database fails (503) before anything is sent; a failure
 * later cuts the download short, so a client never takes a partial file for a whole one.
 */
export async function lahanGeoJson(db: Db, filters: LahanExportFilters): Promise<Readable> {
  const where = queryCondition(lahanList.declared, filters);
  const first = await nextBatch(db, where, 0);
  return Readable.from(featureCollection(db, where, first), { objectMode: false });
}
