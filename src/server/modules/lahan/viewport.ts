import { and, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { queryRows, type Db } from '../../db/engine/client.js';
import { asValue } from '../../db/lists/prebuilt.js';
import { searchCondition } from '../../db/search/search.js';
import { lahan, lahanGrid, landCategories } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import { okResponse } from '../../http/schemas.js';
import { assertMayMeetPetani } from '../people/visibility.js';
import { centroidIn, parseBbox, type Bbox } from './bbox.js';
import { lahanList } from './list.js';
import { luasBerbeda, visibleTo } from './records.js';
import { normaliseStatus, type LahanStatusInput } from './status.js';

/*
 * GET /lahan?bbox=…: the lahan in a map's view, as plots or as grid clusters (the folder's README says how).
 */

/** No answer holds more features than this. */
export const VIEWPORT_MAX_FEATURES = 2000;
/** Plots are read by the centroid's index only from boxes holding at most this many lahan (the grid says). */
const PLOTS_SCAN_MAX = 4_000;
/** A box is cut into cells so that its longer side holds 16 to 32 of them. */
const CELLS_ALONG = 32;
/** The levels lahan_grid keeps (functions/80-lahan-grid.sql); a finer view groups its rows itself. */
const GRID_LEVELS = { min: 5, max: 14 } as const;
const DEEPEST_LEVEL = 30;

/** The grid level whose cells cut the box's longer side into 16 to 32. */
export function gridLevel([minLon, minLat, maxLon, maxLat]: Bbox): number {
  const side = Math.max(maxLon - minLon, maxLat - minLat);
  if (side <= 0) return DEEPEST_LEVEL;
  return Math.min(
    DEEPEST_LEVEL,
    Math.max(GRID_LEVELS.min, Math.floor(Math.log2((360 * CELLS_ALONG) / side))),
  );
}

/** A cell's side in degrees at `level`. */
export const cellSize = (level: number) => 360 / 2 ** level;

/** The cells [x0, y0, x1, y1] a box touches at `level` (cells counted from −180, −90). */
export function cellsOf([minLon, minLat, maxLon, maxLat]: Bbox, level: number) {
  const cell = (degrees: number, from: number) => Math.floor(((degrees + from) * 2 ** level) / 360);
  return [cell(minLon, 180), cell(minLat, 90), cell(maxLon, 180), cell(maxLat, 90)] as const;
}

/** The answer's `data`, as OpenAPI shows it (the server writes it as JSON text). */
export const ViewportAnswer = okResponse(
  Type.Object({
    type: Type.Literal('FeatureCollection'),
    mode: Type.Union([Type.Literal('plots'), Type.Literal('clusters')]),
    total: Type.Integer(),
    cell: Type.Union([Type.Number(), Type.Null()]),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        id: Type.Optional(Type.Integer()),
        geometry: Type.Object({ type: Type.String(), coordinates: Type.Array(Type.Unknown()) }),
        properties: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
  }),
);

/** What a viewport query is narrowed by: the list's query (its filters, `q`, `bbox`) and the route's scope. */
export interface ViewportQuery {
  bbox: string;
  q?: string;
  [filter: string]: unknown;
}

/** The list filters lahan_grid carries as its keys; any other (or `q`, or a scope) groups live. */
const GRID_KEYS = {
  status: (value: unknown) => sql`${lahanGrid.status} = ${normaliseStatus(value as LahanStatusInput)}`,
  category_id: (value: unknown) => sql`${lahanGrid.category_id} = ${value as number}`,
  petani_verified: (value: unknown) => sql`${lahanGrid.petani_verified} = ${value as boolean}`,
} satisfies Record<string, (value: unknown) => SQL>;

/** The list filters given, but the box. */
const givenFilters = (query: ViewportQuery) =>
  Object.keys(lahanList.declared.filters).filter((name) => name !== 'bbox' && query[name] !== undefined);

/** The conditions lahan_grid answers for, or undefined when the view must be grouped from the rows. */
function gridConditions(user: Viewer, query: ViewportQuery, scoped: boolean): SQL[] | undefined {
  if (scoped || user.role === 'petani' || searchCondition(lahan.search_text, query.q) !== undefined) {
    return undefined;
  }
  const given = givenFilters(query);
  if (!given.every((name) => name in GRID_KEYS)) return undefined;
  const keys = given.map((name) => GRID_KEYS[name as keyof typeof GRID_KEYS](query[name]));
  // A mitra sees the active lahan (records.ts visibleTo).
  if (user.role === 'mitra') keys.push(sql`${lahanGrid.status} = 'active'`);
  return keys;
}

const featureCollection = (
  mode: 'plots' | 'clusters',
  total: number,
  cell: number | null,
  features: string,
) =>
  `{"type":"FeatureCollection","mode":"${mode}","total":${total},"cell":${cell === null ? 'null' : cell},` +
  `"features":${features}}`;

/**
 * A lahan as a map feature: its boundary (or pin) and what a map's popup shows (luas_berbeda as on the record).
 */
const plotFeature = sql`json_build_object('type', 'Feature', 'id', ${lahan.id}, 'geometry', ${lahan.gps},
  'properties', json_build_object('id', ${lahan.id}, 'nama_lahan', ${lahan.nama_lahan},
    'luas_lahan', ${lahan.luas_lahan}, 'luas_terukur', ${lahan.luas_terukur},
    'luas_berbeda', ${luasBerbeda},
    'status', ${lahan.status}, 'category_id', ${lahan.category_id}, 'category_name', ${landCategories.type_name}))`;

/**
 * The plots matching `where`, when there are at most VIEWPORT_MAX_FEATURES: their count `n` and `features`
 * (JSON array text); more: n = VIEWPORT_MAX_FEATURES + 1 and no features. The ids first, by the centroid's
 * index (or a filter's), the features only when they are few enough.
 */
function plotsQuery(where: SQL | undefined): SQL {
  return sql`WITH hit AS MATERIALIZED (
      SELECT ${lahan.id} AS id FROM ${lahan} WHERE ${where} LIMIT ${VIEWPORT_MAX_FEATURES + 1})
    SELECT (SELECT count(*)::int FROM hit) AS n, 0 AS scanned,
      CASE WHEN (SELECT count(*) FROM hit) <= ${VIEWPORT_MAX_FEATURES} THEN
        (SELECT coalesce(json_agg(${plotFeature} ORDER BY ${lahan.id}), '[]')::text
         FROM hit JOIN ${lahan} ON ${lahan.id} = hit.id
         LEFT JOIN ${landCategories} ON ${landCategories.id} = ${lahan.category_id})
      END AS features`;
}

/**
 * Cells (x, y, n, lon and lat sums; `scanned`: the lahan in the cell whatever the filters) as cluster `features`
 * (JSON array text, the cells with n > 0) with their total `n` and `scanned`.
 */
function clustersQuery(cells: SQL, level: number): SQL {
  const cell = cellSize(level);
  return sql`SELECT coalesce(sum(c.n), 0)::int AS n, coalesce(sum(c.scanned), 0)::float8 AS scanned,
      coalesce(json_agg(json_build_object('type', 'Feature',
        'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(c.lon / c.n, c.lat / c.n)),
        'properties', json_build_object('cluster', true, 'count', c.n, 'bbox', json_build_array(
          c.x * ${cell}::float8 - 180, c.y * ${cell}::float8 - 90,
          (c.x + 1) * ${cell}::float8 - 180, (c.y + 1) * ${cell}::float8 - 90)))
        ORDER BY c.x, c.y) FILTER (WHERE c.n > 0), '[]')::text AS features
    FROM (${cells}) c`;
}

/** The cells of lahan_grid at `level` the box touches: their lahan with `keys`, and all their lahan. */
function gridCells(bbox: Bbox, level: number, keys: SQL[]): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const g = lahanGrid;
  const matching = keys.length > 0 ? sql` FILTER (WHERE ${and(...keys)})` : sql``;
  return sql`SELECT ${g.cell_x} AS x, ${g.cell_y} AS y, sum(${g.n})${matching} AS n,
      sum(${g.sum_lon})${matching} AS lon, sum(${g.sum_lat})${matching} AS lat, sum(${g.n}) AS scanned
    FROM ${g}
    WHERE ${g.level} = ${level} AND ${g.cell_x} BETWEEN ${x0} AND ${x1} AND ${g.cell_y} BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
}

/** The cells at `level` the box touches, grouped from the lahan rows matching `where` (besides the box). */
function liveCells(bbox: Bbox, level: number, where: SQL | undefined): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const cell = cellSize(level);
  const aligned: Bbox = [x0 * cell - 180, y0 * cell - 90, (x1 + 1) * cell - 180, (y1 + 1) * cell - 90];
  const x = sql`floor((${lahan.centroid}[0] + 180) * ${2 ** level}::float8 / 360)::int`;
  const y = sql`floor((${lahan.centroid}[1] + 90) * ${2 ** level}::float8 / 360)::int`;
  return sql`SELECT x, y, count(*) AS n, sum(lon) AS lon, sum(lat) AS lat, count(*) AS scanned
    FROM (SELECT ${x} AS x, ${y} AS y, ${lahan.centroid}[0] AS lon, ${lahan.centroid}[1] AS lat
          FROM ${lahan} WHERE ${and(centroidIn(aligned), where)}) r
    WHERE x BETWEEN ${x0} AND ${x1} AND y BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
}

/**
 * The statements that answer `query.bbox` for `user` (within `scope`), each giving `n` and `features`, in the
 * order viewportJson tries them: `grid` (none when the filters are not its keys, or the box is finer than its
 * levels), `plots`, `live` (the cells grouped from the rows). Exported for the benchmark's EXPLAIN.
 */
export function viewportStatements(user: Viewer, query: ViewportQuery, scope?: { petani_id: number }) {
  const bbox = parseBbox(query.bbox);
  const level = gridLevel(bbox);
  const given = query as Record<string, unknown>;
  // The list's filters as the list applies them, but the box: clusters count their whole cells.
  const where = and(
    visibleTo(user),
    scope ? sql`${lahan.petani_id} = ${scope.petani_id}` : undefined,
    ...givenFilters(query).map((name) =>
      lahanList.declared.filters[name]!.where(given[name] as never, asValue, name, given, user),
    ),
    searchCondition(lahan.search_text, query.q),
  );
  const keys = level <= GRID_LEVELS.max ? gridConditions(user, query, scope !== undefined) : undefined;
  return {
    cell: cellSize(level),
    grid: keys && clustersQuery(gridCells(bbox, level, keys), level),
    plots: plotsQuery(and(centroidIn(bbox), where)),
    live: clustersQuery(liveCells(bbox, level, where), level),
  };
}

type Answer = { n: number; scanned: number; features: string | null };
const run = async (db: Db, statement: SQL) => (await queryRows<Answer>(db, statement))[0]!;

/**
 * The map's answer for `query.bbox` as JSON text (the envelope's `data`): the lahan `user` may see (within
 * `scope`) matching the list's filters and search. Zoomed out, the pre-counted grid answers without reading the
 * lahan rows (when the filters are among its keys); a view of at most VIEWPORT_MAX_FEATURES lahan is answered
 * as plots; a finer view, or one filtered otherwise, is grouped from its rows.
 */
export async function viewportJson(
  db: Db,
  user: Viewer,
  query: ViewportQuery,
  scope?: { petani_id: number },
): Promise<string> {
  assertMayMeetPetani(user);
  const statements = viewportStatements(user, query, scope);
  if (statements.grid) {
    const counted = await run(db, statements.grid);
    // Few matching lahan among many in the box: finding them would read the many; their clusters are exact.
    if (counted.n > VIEWPORT_MAX_FEATURES || counted.scanned > PLOTS_SCAN_MAX)
      return featureCollection('clusters', counted.n, statements.cell, counted.features!);
  }
  const found = await run(db, statements.plots);
  if (found.features !== null) return featureCollection('plots', found.n, null, found.features);
  const live = await run(db, statements.live);
  return featureCollection('clusters', live.n, statements.cell, live.features!);
}
