import { and, sql, type SQL } from 'drizzle-orm';
import { searchCondition } from '../../db/search/search.js';
import { lahan, lahanGrid } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import { centroidIn, type Bbox } from './bbox.js';
import { lahanList } from './list.js';
import { normaliseStatus, type LahanStatusInput } from './status.js';

/*
 * The map's grid (the folder's README): its cells at each level, and what lahan_grid counts of a view.
 */

/** A box is cut into cells so that its longer side holds 16 to 32 of them. */
const CELLS_ALONG = 32;
/**
 * The levels lahan_grid keeps (functions/80-lahan-grid.sql `lahan_grid_levels`, the same numbers): `max` for the
 * keys of status, category and owner, `keyed` for the province's and the area classes' families (down to desktop
 * zoom 10); a finer view groups its rows itself.
 */
export const GRID_LEVELS = { min: 5, max: 14, keyed: 12 } as const;
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

/** What a viewport query is narrowed by: the list's query (its filters, `q`, `bbox`) and the route's scope. */
export interface ViewportQuery {
  bbox: string;
  q?: string;
  [filter: string]: unknown;
}

/**
 * The edges of lahan_grid's area classes, m² (functions/80-lahan-grid.sql `lahan_grid_area_edges`, the same
 * numbers): a `luas_min` or `luas_max` on one of them is a range of whole classes.
 */
export const GRID_AREA_EDGES = [0, 1000, 2500, 5000, 10_000, 20_000, 50_000, 100_000] as const;

const onEdge = (area: unknown) => (GRID_AREA_EDGES as readonly unknown[]).includes(area);
/**
 * The area class of a lahan of `area` m² (functions/80-lahan-grid.sql `lahan_grid_area_class`): on the k-th edge
 * (from 1) 2k − 1, strictly between it and the next 2k.
 */
const areaClass = (area: number) =>
  2 * GRID_AREA_EDGES.filter((edge) => edge <= area).length - (onEdge(area) ? 1 : 0);
/** The class a bound off the edges falls strictly inside: its lahan lie partly within the range. */
const partlyIn = (area: unknown) => (onEdge(area) ? undefined : areaClass(area as number));

const g = lahanGrid;
type Keys = Record<string, (value: unknown) => SQL | undefined>;
const status: Keys[string] = (value) => sql`${g.status} = ${normaliseStatus(value as LahanStatusInput)}`;
const verified: Keys[string] = (value) => sql`${g.petani_verified} = ${value as boolean}`;
/**
 * lahan_grid's families of keys (functions/80-lahan-grid.sql): the list filters each carries, as its conditions
 * (undefined: not carried), the finest level it is kept at, and `partly`: the bounds a family counts only in part —
 * an area bound off the edges: its key counts the classes wholly within the range, and the class it falls inside
 * (`partlyIn`) is left to the rows. A view is counted by the first family carrying all its filters wholly, else by
 * one carrying them in part; any other filter (or `q`, or a scope) is read from the rows.
 */
const FAMILIES: {
  id: number;
  levelMax: number;
  keys: Keys;
  partly?: Record<string, (value: unknown) => number | undefined>;
}[] = [
  {
    id: 0,
    levelMax: GRID_LEVELS.max,
    keys: {
      status,
      category_id: (value) => sql`${g.category_id} = ${value as number}`,
      petani_verified: verified,
    },
  },
  {
    id: 1,
    levelMax: GRID_LEVELS.keyed,
    keys: { status, province_id: (value) => sql`${g.province_id} = ${value as number}` },
  },
  {
    id: 2,
    levelMax: GRID_LEVELS.keyed,
    keys: {
      status,
      petani_verified: verified,
      // Both bounds inclusive: the lahan of exactly the edge's area are in its own class.
      luas_min: (value) =>
        sql`${g.area_class} ${onEdge(value) ? sql`>=` : sql`>`} ${areaClass(value as number)}`,
      luas_max: (value) =>
        sql`${g.area_class} ${onEdge(value) ? sql`<=` : sql`<`} ${areaClass(value as number)}`,
    },
    partly: { luas_min: partlyIn, luas_max: partlyIn },
  },
];

/** The list filters given, but the box. */
export const givenFilters = (query: ViewportQuery) =>
  Object.keys(lahanList.declared.filters).filter((name) => name !== 'bbox' && query[name] !== undefined);

/** What lahan_grid counts of a view: the family, the conditions on its keys, and how much of the answer that is. */
export interface GridConditions {
  family: number;
  keys: SQL[];
  /** The grid's counts are the answer's. */
  exact: boolean;
  /**
   * Every filter is carried, an area bound only in part (`partly`): `keys` count the classes wholly within the
   * range, `partial.keys` the classes it falls inside (`partial.classes`), whose matching lahan are in the rows.
   */
  partial?: { keys: SQL[]; classes: number[] };
}

/**
 * The family of lahan_grid and its conditions for the filters of a view at `level` (GridConditions; else family 0
 * with the filters it carries, whose counts of all lahan tell how to read the rows); undefined for a petani's or a
 * scoped view (a petani's own lahan, which the grid does not key).
 */
export function gridConditions(
  user: Viewer,
  query: ViewportQuery,
  scoped: boolean,
  level: number,
): GridConditions | undefined {
  if (scoped || user.role === 'petani') return undefined;
  const given = givenFilters(query);
  const searched = searchCondition(lahan.search_text, query.q) !== undefined;
  const carried = FAMILIES.filter((family) => level <= family.levelMax).map((family) => {
    const keyOf = (name: string) => family.keys[name]?.(query[name]);
    const keys = given.map(keyOf).filter((key): key is SQL => key !== undefined);
    const all = !searched && keys.length === given.length;
    const partlyOf = (name: string) => family.partly?.[name]?.(query[name]);
    const classes = [...new Set(given.map(partlyOf).filter((c): c is number => c !== undefined))];
    if (!all || classes.length === 0) return { family: family.id, keys, exact: all };
    const whole = given.filter((name) => partlyOf(name) === undefined).map((name) => keyOf(name)!);
    const partial = { keys: [...whole, sql`${g.area_class} IN (${sql.join(classes, sql`, `)})`], classes };
    return { family: family.id, keys, exact: false, partial };
  });
  const chosen: GridConditions =
    carried.find((family) => family.exact) ?? carried.find((family) => family.partial) ?? carried[0]!;
  // A mitra sees the active lahan (records.ts visibleTo).
  const active = sql`${g.status} = 'active'`;
  if (user.role === 'mitra') for (const keys of [chosen.keys, chosen.partial?.keys]) keys?.push(active);
  return chosen;
}

/**
 * Cells (x, y, n, lon and lat sums; `scanned`: the lahan in the cell whatever the filters) as cluster `features`
 * (JSON array text, the cells with n > 0) with their total `n` and `scanned`.
 */
export function clustersQuery(cells: SQL, level: number): SQL {
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

/**
 * The cells of lahan_grid at `level` the box touches: their lahan with `keys` (n, lon and lat sums), all their
 * lahan (`scanned`) and those with `partial` keys.
 */
function gridCells(bbox: Bbox, level: number, family: number, keys: SQL[], partial: SQL[]): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const matching = keys.length > 0 ? sql` FILTER (WHERE ${and(...keys)})` : sql``;
  return sql`SELECT ${g.cell_x} AS x, ${g.cell_y} AS y, sum(${g.n})${matching} AS n,
      sum(${g.sum_lon})${matching} AS lon, sum(${g.sum_lat})${matching} AS lat, sum(${g.n}) AS scanned,
      sum(${g.n}) FILTER (WHERE ${and(...partial)}) AS partial
    FROM ${g}
    WHERE ${g.level} = ${level} AND ${g.family} = ${family} AND ${g.cell_x} BETWEEN ${x0} AND ${x1} AND ${g.cell_y} BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
}

/** A position's cell at `level` (lon and lat in degrees): how lahan_grid keys a centroid. */
export const cellOf = (lon: SQL, lat: SQL, level: number) => ({
  x: sql`floor((${lon} + 180) * ${2 ** level}::float8 / 360)::int`,
  y: sql`floor((${lat} + 90) * ${2 ** level}::float8 / 360)::int`,
});

/** The box of the whole cells `bbox` touches at `level`. */
export function wholeCells(bbox: Bbox, level: number): Bbox {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const cell = cellSize(level);
  return [x0 * cell - 180, y0 * cell - 90, (x1 + 1) * cell - 180, (y1 + 1) * cell - 90];
}

/**
 * The exact clusters (clustersQuery) of a view whose area bound lahan_grid carries in part: the grid's `cells`
 * (their `n`: the classes wholly within the range) and the rows matching `where` in the `classes` the bounds fall
 * inside. Those rows are read from lahan_centroid_gist alone, which includes the area, the status and the owner's
 * verification (migration 0045_lahan_centroid_covering): no lahan row is visited.
 */
function boundedClusters(bbox: Bbox, level: number, classes: number[], where: SQL | undefined) {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const { x, y } = cellOf(sql`${lahan.centroid}[0]`, sql`${lahan.centroid}[1]`, level);
  const inClasses = sql`lahan_grid_area_class(${lahan.luas_lahan}) IN (${sql.join(classes, sql`, `)})`;
  return clustersQuery(
    sql`SELECT x, y, sum(n) AS n, sum(lon) AS lon, sum(lat) AS lat, sum(scanned) AS scanned
      FROM (SELECT x, y, n, lon, lat, scanned FROM cells
        UNION ALL
        SELECT ${x}, ${y}, count(*), sum(${lahan.centroid}[0]), sum(${lahan.centroid}[1]), 0
        FROM ${lahan} WHERE ${and(centroidIn(wholeCells(bbox, level)), where, inClasses)}
        GROUP BY 1, 2) u
      WHERE x BETWEEN ${x0} AND ${x1} AND y BETWEEN ${y0} AND ${y1}
      GROUP BY 1, 2`,
    level,
  );
}

/**
 * The grid's clusters of the box's cells (clustersQuery), `partial`: the lahan of the classes an area bound falls
 * inside (GridConditions), and `everywhere`: all lahan on the map. With `rows` (the view's conditions on the lahan
 * and the cap), a view counted in part also gets its exact clusters (`bounded_n`, `bounded_features`:
 * boundedClusters) when its `partial` lahan are at most the cap.
 */
export function gridQuery(
  bbox: Bbox,
  level: number,
  { family, keys, partial }: GridConditions,
  rows?: { where: SQL | undefined; cap: number },
) {
  const cells = gridCells(bbox, level, family, keys, partial?.keys ?? [sql`false`]);
  const partialSum = sql`(SELECT coalesce(sum(partial), 0) FROM cells)::float8`;
  const bounded = (column: string) =>
    sql`CASE WHEN ${partialSum} <= ${rows!.cap} THEN (SELECT ${sql.identifier(column)} FROM bounded) END`;
  const [boundedCte, boundedColumns] =
    partial && rows
      ? [
          sql`, bounded AS MATERIALIZED (${boundedClusters(bbox, level, partial.classes, rows.where)})`,
          sql`, ${bounded('n')} AS bounded_n, ${bounded('features')} AS bounded_features`,
        ]
      : [sql``, sql``];
  return sql`WITH cells AS MATERIALIZED (${cells})${boundedCte}
    SELECT c.*, ${partialSum} AS partial, (SELECT coalesce(sum(${g.n}), 0) FROM ${g}
        WHERE ${g.level} = ${GRID_LEVELS.min} AND ${g.family} = 0)::float8 AS everywhere${boundedColumns}
    FROM (${clustersQuery(sql`SELECT * FROM cells`, level)}) c`;
}
