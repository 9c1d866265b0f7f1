import { Readable } from 'node:stream';
import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { openCursor, type Cursor } from '../../db/engine/cursor.js';
import { queryCondition } from '../../db/lists/resource.js';
import { lahan, landCategories, locations, type GeoPoint, type GeoPolygon } from '../../db/schema.js';
import { lahanList } from './list.js';

/** What of the list's query is a page's own: the export is every matching lahan. */
const PAGING = new Set(['page', 'limit', 'order', 'sort']);

/** The admin lahan list's filters and search (`q`), nothing else. */
export const LahanExportQuery = Type.Object(
  Object.fromEntries(Object.entries(lahanList.query.properties).filter(([name]) => !PAGING.has(name))),
  { additionalProperties: false },
);
export type LahanExportFilters = { q?: string } & Record<string, unknown>;

/** Rows per FETCH: a few hundred kilobytes of GeoJSON, the most the export holds at once. */
export const EXPORT_BATCH = 500;

type Position = [number, number];

/**
 * The export's rows: the lahan `where` gives that have a gps, with the names of their place. In no order: a
 * GIS needs none, and an ORDER BY would have PostgreSQL sort every matching row (1.5M active lahan at 3M) before
 * the first could be sent, where without it each FETCH reads only its rows.
 */
export const exportQuery = (where: SQL | undefined) => sql`
  select ${lahan.id} as id, ${lahan.nama_lahan} as nama_lahan, ${lahan.luas_lahan} as luas_lahan,
    ${lahan.luas_terukur} as luas_terukur, ${landCategories.type_name} as category_name, ${lahan.status} as status,
    ${locations.location_name} as location_name, ${locations.sub_district_name} as sub_district_name,
    ${locations.district_name} as district_name, ${locations.province_name} as province_name, ${lahan.gps} as gps
  from ${lahan}
  left join ${locations} on ${locations.id} = ${lahan.location_id}
  left join ${landCategories} on ${landCategories.id} = ${lahan.category_id}
  where ${and(where, isNotNull(lahan.gps))}`;

interface ExportRow {
  id: number;
  nama_lahan: string;
  luas_lahan: number;
  luas_terukur: number | null;
  category_name: string | null;
  status: string;
  location_name: string | null;
  sub_district_name: string | null;
  district_name: string | null;
  province_name: string | null;
  gps: GeoPoint | GeoPolygon;
}

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

async function* featureCollection(cursor: Cursor<ExportRow>, first: ExportRow[]) {
  try {
    yield '{"type":"FeatureCollection","features":[\n';
    let rows = first;
    let separator = '';
    while (rows.length > 0) {
      yield separator + rows.map(featureText).join(',\n');
      separator = ',\n';
      if (rows.length < EXPORT_BATCH) break;
      rows = await cursor.fetch();
    }
    yield '\n]}\n';
  } finally {
    // Also when the client leaves mid-download: the stream is destroyed and the generator returns here.
    await cursor.close();
  }
}

/**
 * The lahan the admin list's `filters` give that have a gps, as a GeoJSON FeatureCollection streamed batch by
 * batch from a cursor. A bad filter throws (400) and an unreachable database fails (503) before anything is
 * sent; a failure later cuts the download short, so a client never takes a partial file for a whole one.
 */
export async function lahanGeoJson(db: Db, filters: LahanExportFilters): Promise<Readable> {
  const query = exportQuery(queryCondition(lahanList.declared, filters));
  const cursor = await openCursor<ExportRow>(db, query, EXPORT_BATCH, 'lahan_export');
  let first: ExportRow[];
  try {
    first = await cursor.fetch();
  } catch (error) {
    await cursor.close();
    throw error;
  }
  return Readable.from(featureCollection(cursor, first), { objectMode: false });
}
