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
/**
 * How many matching lahan a view the grid cannot count is grouped from, at most (the answer says when capped): the
 * rows read bound its time (bench/RESULTS.md, "bench:map": 20,000 took 70–200 ms zoomed out at 300k lahan).
 */
export const LIVE_ROWS_MAX = 5_000;
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
    capped: Type.Boolean({
      description: `clusters grouped from the first ${LIVE_ROWS_MAX.toLocaleString('en')} matching lahan read, of more: the counts are lower bounds`,
    }),
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

/** The list filters lahan_grid carries as its keys; any other (or `q`, or a scope) is read from the rows. */
const GRID_KEYS = {
  status: (value: unknown) => sql`${lahanGrid.status} = ${normaliseStatus(value as LahanStatusInput)}`,
  category_id: (value: unknown) => sql`${lahanGrid.category_id} = ${value as number}`,
  petani_verified: (value: unknown) => sql`${lahanGrid.petani_verified} = ${value as boolean}`,
} satisfies Record<string, (value: unknown) => SQL>;

/** The list filters given, but the box. */
const givenFilters = (query: ViewportQuery) =>
  Object.keys(lahanList.declared.filters).filter((name) => name !== 'bbox' && query[name] !== undefined);

/**
 * The conditions of lahan_grid for the filters it carries, and whether they are all the query's (`exact`: the
 * grid's counts are the answer's); undefined for a petani's or a scoped view (a petani's own lahan, which the grid
 * does not key).
 */
function gridConditions(user: Viewer, query: ViewportQuery, scoped: boolean) {
  if (scoped || user.role === 'petani') return undefined;
  const given = givenFilters(query);
  const carried = given.filter((name): name is keyof typeof GRID_KEYS => name in GRID_KEYS);
  const keys = carried.map((name) => GRID_KEYS[name](query[name]));
  // A mitra sees the active lahan (records.ts visibleTo).
  if (user.role === 'mitra') keys.push(sql`${lahanGrid.status} = 'active'`);
  const exact = carried.length === given.length && searchCondition(lahan.search_text, query.q) === undefined;
  return { keys, exact };
}

const featureCollection = (
  mode: 'plots' | 'clusters',
  total: number,
  cell: number | null,
  features: string,
  capped = false,
) =>
  `{"type":"FeatureCollection","mode":"${mode}","total":${total},"cell":${cell === null ? 'null' : cell},` +
  `"capped":${capped},"features":${features}}`;

/**
 * A lahan as a map feature: its boundary (or pin) and what a map's popup shows (luas_berbeda as on the record).
 */
const plotFeature = sql`json_build_object('type', 'Feature', 'id', ${lahan.id}, 'geometry', ${lahan.gps},
  'properties', json_build_object('id', ${lahan.id}, 'nama_lahan', ${lahan.nama_lahan},
    'luas_lahan', ${lahan.luas_lahan}, 'luas_terukur', ${lahan.luas_terukur},
    'luas_berbeda', ${luasBerbeda},
    'status', ${lahan.status}, 'category_id', ${lahan.category_id}, 'category_name', ${landCategories.type_name}))`;

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

/**
 * The lahan matching `where` in the box's whole cells at `level`, read up to `cap` + 1 of them in whatever order
 * their cheapest index (or the table) gives — not in the box's order, so a capped reading is not one corner of
 * it: `n` (at most cap + 1), `inside` (those in the box itself), `features` (the plots in the box as JSON array
 * text, when all were read and at most VIEWPORT_MAX_FEATURES lie in the box; else null) and `clusters` (the first
 * `cap` grouped into the cells, when not plots). `wide`: the box holds many lahan (isWide), so its condition is
 * written on the coordinates, which no index serves: reading rows until `cap` match beats collecting every entry of
 * the box from the centroid's index first.
 */
function foundQuery(bbox: Bbox, level: number, where: SQL | undefined, cap: number, wide: boolean): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const cell = cellSize(level);
  const aligned: Bbox = [x0 * cell - 180, y0 * cell - 90, (x1 + 1) * cell - 180, (y1 + 1) * cell - 90];
  const inCells = wide
    ? sql`${lahan.centroid}[0] BETWEEN ${aligned[0]}::float8 AND ${aligned[2]}::float8
        AND ${lahan.centroid}[1] BETWEEN ${aligned[1]}::float8 AND ${aligned[3]}::float8`
    : centroidIn(aligned);
  const x = sql`floor((h.lon + 180) * ${2 ** level}::float8 / 360)::int`;
  const y = sql`floor((h.lat + 90) * ${2 ** level}::float8 / 360)::int`;
  const cells = sql`SELECT x, y, count(*) AS n, sum(lon) AS lon, sum(lat) AS lat, count(*) AS scanned
    FROM (SELECT ${x} AS x, ${y} AS y, h.lon, h.lat FROM (SELECT * FROM hit LIMIT ${cap}) h) r
    WHERE x BETWEEN ${x0} AND ${x1} AND y BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
  return sql`WITH hit AS MATERIALIZED (
      SELECT ${lahan.id} AS id, ${lahan.centroid}[0] AS lon, ${lahan.centroid}[1] AS lat,
        ${centroidIn(bbox)} AS inside
      FROM ${lahan} WHERE ${and(inCells, where)} LIMIT ${cap + 1}),
    tally AS MATERIALIZED (
      SELECT count(*)::int AS n, (count(*) FILTER (WHERE inside))::int AS inside,
        count(*) <= ${cap} AND count(*) FILTER (WHERE inside) <= ${VIEWPORT_MAX_FEATURES} AS plots
      FROM hit)
    SELECT tally.n, tally.inside,
      CASE WHEN tally.plots THEN
        (SELECT coalesce(json_agg(${plotFeature} ORDER BY ${lahan.id}), '[]')::text
         FROM hit JOIN ${lahan} ON ${lahan.id} = hit.id
         LEFT JOIN ${landCategories} ON ${landCategories.id} = ${lahan.category_id}
         WHERE hit.inside)
      END AS features,
      CASE WHEN NOT tally.plots THEN (SELECT features FROM (${clustersQuery(cells, level)}) c) END AS clusters
    FROM tally`;
}

/**
 * Whether a box is `wide` (foundQuery): reading the table in its own order until `cap` rows of the box turn up —
 * about cap × everywhere / scanned rows, were every lahan of the box to match, and at most the whole table — reads
 * no more rows than the box's entries in the centroid's index (`scanned`), which a bitmap of the box collects
 * before giving its first row.
 */
const isWide = (scanned: number, everywhere: number, cap: number) =>
  scanned > 0 && Math.min(everywhere, (cap * everywhere) / scanned) <= scanned;
/**
 * Only a box of this grid level or coarser (a longer side of 11.25° or more, a third of Indonesia) is asked of the
 * grid whether it is wide, when the grid cannot count the filters: a finer one is read by the centroid's index
 * without that extra statement.
 */
const WIDE_LEVEL_MAX = 9;

/**
 * The statements that answer `query.bbox` for `user` (within `scope`), in the order viewportJson runs them:
 * `grid` (from lahan_grid, with the filters it carries; none for a petani's or scoped view, or a box finer than
 * its levels), then `found(wide)` (from the rows, foundQuery). Exported for the benchmark's EXPLAIN.
 */
export function viewportStatements(
  user: Viewer,
  query: ViewportQuery,
  scope?: { petani_id: number },
  cap = LIVE_ROWS_MAX,
) {
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
  const grid = keys && (keys.exact || level <= WIDE_LEVEL_MAX) ? keys : undefined;
  return {
    cell: cellSize(level),
    exact: grid?.exact ?? false,
    grid: grid && gridQuery(bbox, level, grid.keys),
    found: (wide: boolean) => foundQuery(bbox, level, where, cap, wide),
  };
}

/** The grid's clusters of the box's cells (clustersQuery) and `everywhere`: all lahan on the map. */
const gridQuery = (bbox: Bbox, level: number, keys: SQL[]) =>
  sql`SELECT c.*, (SELECT coalesce(sum(${lahanGrid.n}), 0) FROM ${lahanGrid}
      WHERE ${lahanGrid.level} = ${GRID_LEVELS.min})::float8 AS everywhere
    FROM (${clustersQuery(gridCells(bbox, level, keys), level)}) c`;

const run = async <T>(db: Db, statement: SQL) => (await queryRows<T>(db, statement))[0]!;

/**
 * The map's answer for `query.bbox` as JSON text (the envelope's `data`): the lahan `user` may see (within
 * `scope`) matching the list's filters and search. Zoomed out with only the grid's filters, the pre-counted grid
 * answers without reading the lahan rows; otherwise the matching rows are read, up to `cap` + 1: at most
 * VIEWPORT_MAX_FEATURES in the box are the plots, more are grouped into the grid's cells — from the first `cap`
 * read when there are more (`capped`: the counts are at least those). The folder's README says why.
 */
export async function viewportJson(
  db: Db,
  user: Viewer,
  query: ViewportQuery,
  scope?: { petani_id: number },
  cap = LIVE_ROWS_MAX,
): Promise<string> {
  assertMayMeetPetani(user);
  const statements = viewportStatements(user, query, scope, cap);
  let wide = false;
  if (statements.grid) {
    const counted = await run<{ n: number; scanned: number; everywhere: number; features: string }>(
      db,
      statements.grid,
    );
    // Few matching lahan among many in the box: finding them would read the many; their clusters are exact.
    if (statements.exact && (counted.n > VIEWPORT_MAX_FEATURES || counted.scanned > PLOTS_SCAN_MAX))
      return featureCollection('clusters', counted.n, statements.cell, counted.features);
    wide = isWide(counted.scanned, counted.everywhere, cap);
  }
  const found = await run<{ n: number; inside: number; features: string | null; clusters: string | null }>(
    db,
    statements.found(wide),
  );
  if (found.features !== null) return featureCollection('plots', found.inside, null, found.features);
  return featureCollection(
    'clusters',
    Math.min(found.n, cap),
    statements.cell,
    found.clusters!,
    found.n > cap,
  );
}
