import { and, sql, type SQL } from 'drizzle-orm';
import { searchCondition } from '../../db/search/search.js';
import { lahan, lahanGrid } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import type { Bbox } from './bbox.js';
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
 * numbers): a `luas_min` or `luas_max` on one of them is counted by the grid.
 */
export const GRID_AREA_EDGES = [0, 1000, 2500, 5000, 10_000, 20_000, 50_000, 100_000] as const;

/** The area class of a lahan of exactly `area` m², when `area` is an edge (the k-th, from 1: class 2k − 1). */
function edgeClass(area: unknown): number | undefined {
  const k = (GRID_AREA_EDGES as readonly unknown[]).indexOf(area);
  return k < 0 ? undefined : 2 * k + 1;
}

const g = lahanGrid;
type Keys = Record<string, (value: unknown) => SQL | undefined>;
const status: Keys[string] = (value) => sql`${g.status} = ${normaliseStatus(value as LahanStatusInput)}`;
const verified: Keys[string] = (value) => sql`${g.petani_verified} = ${value as boolean}`;
/**
 * lahan_grid's families of keys (functions/80-lahan-grid.sql): the list filters each carries, as its conditions
 * (undefined: this value is not carried, an area bound off the edges), and the finest level it is kept at. A view
 * is counted by the first family carrying all its filters; any other filter (or `q`, or a scope) is read from the
 * rows.
 */
const FAMILIES: { id: number; levelMax: number; keys: Keys }[] = [
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
      luas_min: (value) => {
        const c = edgeClass(value);
        return c === undefined ? undefined : sql`${g.area_class} >= ${c}`;
      },
      luas_max: (value) => {
        const c = edgeClass(value);
        return c === undefined ? undefined : sql`${g.area_class} <= ${c}`;
      },
    },
  },
];

/** The list filters given, but the box. */
export const givenFilters = (query: ViewportQuery) =>
  Object.keys(lahanList.declared.filters).filter((name) => name !== 'bbox' && query[name] !== undefined);

/**
 * The family of lahan_grid and its conditions for the filters of a view at `level`, and whether they are all the
 * query's (`exact`: the grid's counts are the answer's; else family 0 with the filters it carries, whose counts of
 * all lahan tell how to read the rows); undefined for a petani's or a scoped view (a petani's own lahan, which the
 * grid does not key).
 */
export function gridConditions(user: Viewer, query: ViewportQuery, scoped: boolean, level: number) {
  if (scoped || user.role === 'petani') return undefined;
  const given = givenFilters(query);
  const searched = searchCondition(lahan.search_text, query.q) !== undefined;
  const carried = FAMILIES.filter((family) => level <= family.levelMax).map((family) => {
    const keys = given
      .map((name) => family.keys[name]?.(query[name]))
      .filter((key): key is SQL => key !== undefined);
    return { family: family.id, keys, exact: !searched && keys.length === given.length };
  });
  const chosen = carried.find((family) => family.exact) ?? carried[0]!;
  // A mitra sees the active lahan (records.ts visibleTo).
  if (user.role === 'mitra') chosen.keys.push(sql`${g.status} = 'active'`);
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

/** The cells of lahan_grid at `level` the box touches: their lahan with `keys`, and all their lahan. */
function gridCells(bbox: Bbox, level: number, family: number, keys: SQL[]): SQL {
  const [x0, y0, x1, y1] = cellsOf(bbox, level);
  const matching = keys.length > 0 ? sql` FILTER (WHERE ${and(...keys)})` : sql``;
  return sql`SELECT ${g.cell_x} AS x, ${g.cell_y} AS y, sum(${g.n})${matching} AS n,
      sum(${g.sum_lon})${matching} AS lon, sum(${g.sum_lat})${matching} AS lat, sum(${g.n}) AS scanned
    FROM ${g}
    WHERE ${g.level} = ${level} AND ${g.family} = ${family} AND ${g.cell_x} BETWEEN ${x0} AND ${x1} AND ${g.cell_y} BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
}

/** The grid's clusters of the box's cells (clustersQuery) and `everywhere`: all lahan on the map. */
export const gridQuery = (bbox: Bbox, level: number, { family, keys }: { family: number; keys: SQL[] }) =>
  sql`SELECT c.*, (SELECT coalesce(sum(${g.n}), 0) FROM ${g}
      WHERE ${g.level} = ${GRID_LEVELS.min} AND ${g.family} = 0)::float8 AS everywhere
    FROM (${clustersQuery(gridCells(bbox, level, family, keys), level)}) c`;
