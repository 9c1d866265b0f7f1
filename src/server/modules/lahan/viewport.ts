import { and, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { queryRows, type Db, type Tx } from '../../db/engine/client.js';
import { asValue } from '../../db/lists/prebuilt.js';
import { searchCondition } from '../../db/search/search.js';
import { lahan, landCategories } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import { okResponse } from '../../http/schemas.js';
import { assertMayMeetPetani } from '../people/visibility.js';
import { centroidIn, parseBbox, type Bbox } from './bbox.js';
import { lahanList } from './list.js';
import { luasBerbeda, visibleTo } from './records.js';
import {
  cellOf,
  cellsOf,
  cellSize,
  clustersQuery,
  givenFilters,
  GRID_LEVELS,
  gridConditions,
  gridLevel,
  gridQuery,
  wholeCells,
  type ViewportQuery,
} from './viewport-grid.js';

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
/**
 * At most this many plots from a box of WIDE_LEVEL_MAX or coarser; more are its clusters. A plot there is a speck
 * (a pixel is 300–600 m across at zoom 8, a 1 ha plot 100 m), and writing every boundary was a third of the time:
 * `q=budi` at zoom 8 on 3M lahan found 1,785 plots in 77 ms (bench/RESULTS.md, "bench:map").
 */
export const COARSE_PLOTS_MAX = 500;

/** The answer's `data`, as OpenAPI shows it (the server writes it as JSON text). */
export const ViewportAnswer = okResponse(
  Type.Object({
    type: Type.Literal('FeatureCollection'),
    mode: Type.Union([Type.Literal('plots'), Type.Literal('clusters')]),
    total: Type.Integer(),
    cell: Type.Union([Type.Number(), Type.Null()]),
    capped: Type.Boolean({
      description: `more lahan match than were counted (the first ${LIVE_ROWS_MAX.toLocaleString('en')} read, or the grid's area classes wholly within an area range): the counts are lower bounds`,
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
 * The lahan matching `where` in the box's whole cells at `level`, read in whatever order their cheapest index (or
 * the table) gives — not in the box's order, so a capped reading is not one corner of it — up to `limit` + 1 rows:
 * `read` (at most limit + 1), `n` (those of the first `limit` in the cells), `inside` (those in the box itself),
 * `features` (the plots in the box as JSON array text, when all were read and at most `plotsMax` lie in the box;
 * else null) and `clusters` (the first `limit` grouped into the cells, when not plots). `wide`: the box
 * holds many lahan (isWide), so it is no condition of the reading, which no index of the box then leads: the rows
 * matching the filters are read from their own index or the table, `limit` + 1 at most wherever they lie, and
 * those in the cells are kept — a bounded reading, where collecting every entry of the box from the centroid's
 * index first, or reading on until `limit` of them lie in the box, costs the more the smaller the box's share.
 */
function foundQuery(
  bbox: Bbox,
  level: number,
  where: SQL | undefined,
  limit: number,
  wide: boolean,
  plotsMax: number,
): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const aligned = wholeCells(bbox, level);
  const inCells = sql`${lahan.centroid}[0] BETWEEN ${aligned[0]}::float8 AND ${aligned[2]}::float8
        AND ${lahan.centroid}[1] BETWEEN ${aligned[1]}::float8 AND ${aligned[3]}::float8`;
  const { x, y } = cellOf(sql`h.lon`, sql`h.lat`, level);
  const cells = sql`SELECT x, y, count(*) AS n, sum(lon) AS lon, sum(lat) AS lat, count(*) AS scanned
    FROM (SELECT ${x} AS x, ${y} AS y, h.lon, h.lat FROM (SELECT * FROM hit LIMIT ${limit}) h WHERE h.in_cells) r
    WHERE x BETWEEN ${x0} AND ${x1} AND y BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
  return sql`WITH hit AS MATERIALIZED (
      SELECT ${lahan.id} AS id, ${lahan.centroid}[0] AS lon, ${lahan.centroid}[1] AS lat,
        ${centroidIn(bbox)} AS inside, ${wide ? inCells : sql`true`} AS in_cells
      FROM ${lahan} WHERE ${and(wide ? undefined : centroidIn(aligned), where) ?? sql`true`} LIMIT ${limit + 1}),
    tally AS MATERIALIZED (
      SELECT count(*)::int AS read, (count(*) FILTER (WHERE inside))::int AS inside,
        (SELECT count(*) FROM (SELECT in_cells FROM hit LIMIT ${limit}) h WHERE in_cells)::int AS n,
        count(*) <= ${limit} AND count(*) FILTER (WHERE inside) <= ${plotsMax} AS plots
      FROM hit)
    SELECT tally.read, tally.n, tally.inside,
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
 * The rows a reading takes at most: `cap`, and of a wide box no more than it can show as plots — the rows read
 * anywhere are the time of it (the trigram index's 5,001 matches of `q=budi` across Indonesia at 3M lahan lay on
 * 4,288 pages), and those outside the box count nothing.
 */
const readLimit = (cap: number, wide: boolean) => (wide ? Math.min(cap, VIEWPORT_MAX_FEATURES) : cap);
/**
 * Only a box of this grid level or coarser (a longer side of 5.625° or more: Java's length, desktop zoom 8) is asked
 * of the grid whether it is wide, when the grid cannot count the filters: a finer one is read by the centroid's
 * index without that extra statement (at 3M lahan a 10° × 3.5° box of 184,141 lahan searched through that index
 * took 240 ms).
 */
const WIDE_LEVEL_MAX = 10;

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
  const keys = level <= GRID_LEVELS.max ? gridConditions(user, query, scope !== undefined, level) : undefined;
  const grid = keys && (keys.exact || keys.partial || level <= WIDE_LEVEL_MAX) ? keys : undefined;
  const plotsMax = level <= WIDE_LEVEL_MAX ? COARSE_PLOTS_MAX : VIEWPORT_MAX_FEATURES;
  return {
    cell: cellSize(level),
    plotsMax,
    exact: grid?.exact ?? false,
    partial: grid?.partial !== undefined,
    grid: grid && gridQuery(bbox, level, grid, { where, cap }),
    found: (wide: boolean) => foundQuery(bbox, level, where, readLimit(cap, wide), wide, plotsMax),
  };
}

const run = async <T>(db: Db | Tx, statement: SQL) => (await queryRows<T>(db, statement))[0]!;

/** The memory a reading's bitmaps may take (`work_mem`; PostgreSQL's default is 4MB). */
const ROWS_WORK_MEM = '16MB';

/**
 * Runs `work` (a reading of the rows, foundQuery) in a transaction of its own with ROWS_WORK_MEM of `work_mem`: a
 * box's GiST bitmap ANDed with the trigram one (`q`) at the default 4MB turned lossy — every row of 9,649 pages
 * rechecked against the search (zoom 8, `q=budi` at 3M lahan: 87 → 49 ms; bench/RESULTS.md, "bench:map").
 */
export const readingRows = <T>(db: Db, work: (tx: Tx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('work_mem', ${ROWS_WORK_MEM}, true)`);
    return work(tx);
  });

/**
 * The map's answer for `query.bbox` as JSON text (the envelope's `data`): the lahan `user` may see (within
 * `scope`) matching the list's filters and search. Zoomed out with only the grid's filters, the pre-counted grid
 * answers without reading the lahan rows; otherwise the matching rows are read, up to `cap` + 1: at most
 * VIEWPORT_MAX_FEATURES (COARSE_PLOTS_MAX zoomed out) in the box are the plots, more are grouped into the grid's
 * cells — from the first `cap` read when there are more (`capped`: the counts are at least those). The folder's
 * README says why.
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
    type Counted = { n: number; scanned: number; partial: number; everywhere: number; features: string };
    type Bounded = { bounded_n: number | null; bounded_features: string | null };
    const counted = await run<Counted & Bounded>(db, statements.grid);
    // Few matching lahan among many in the box: finding them would read the many; their clusters are exact.
    const crowded = (n: number) => n > statements.plotsMax || counted.scanned > PLOTS_SCAN_MAX;
    if (statements.exact && crowded(counted.n))
      return featureCollection('clusters', counted.n, statements.cell, counted.features);
    // An area bound inside a class (gridQuery): the grid counts the classes wholly within the range and the rows
    // the rest of theirs, exact; when those are over the cap, the grid's count alone is a lower bound, the
    // answer's unless a capped reading of the rows would count more.
    if (statements.partial && crowded(counted.n + counted.partial)) {
      if (counted.bounded_features !== null)
        return featureCollection('clusters', counted.bounded_n!, statements.cell, counted.bounded_features);
      if (counted.n >= cap)
        return featureCollection('clusters', counted.n, statements.cell, counted.features, true);
    }
    wide = isWide(counted.scanned, counted.everywhere, cap);
  }
  type Found = { read: number; n: number; inside: number; features: string | null; clusters: string | null };
  const found = await readingRows(db, (tx) => run<Found>(tx, statements.found(wide)));
  if (found.features !== null) return featureCollection('plots', found.inside, null, found.features);
  return featureCollection(
    'clusters',
    found.n,
    statements.cell,
    found.clusters!,
    found.read > readLimit(cap, wide),
  );
}
