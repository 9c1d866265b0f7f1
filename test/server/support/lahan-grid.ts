import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/engine/client.js';
import { queryRows } from '../../../src/server/db/engine/client.js';
import { GRID_AREA_EDGES, GRID_LEVELS } from '../../../src/server/modules/lahan/viewport-grid.js';

/*
 * lahan_grid against the lahan rows, computed here independently of the grid's triggers (functions/80-lahan-grid.sql).
 */

/** The area class of luas_lahan from GRID_AREA_EDGES: 2 for every edge below it, 1 for the edge it equals. */
const areaClass = sql.raw(
  GRID_AREA_EDGES.map(
    (e) => `CASE WHEN l.luas_lahan > ${e} THEN 2 WHEN l.luas_lahan = ${e} THEN 1 ELSE 0 END`,
  ).join(' + '),
);

/** Each family's keys, as the rows give them (l: lahan, d: the district of its location). */
const FAMILY_KEYS = [
  {
    family: 0,
    levelMax: GRID_LEVELS.max,
    keys: sql`l.status::text, coalesce(l.category_id, 0), l.petani_verified`,
  },
  { family: 1, levelMax: GRID_LEVELS.keyed, keys: sql`l.status::text, coalesce(d.province_id, 0)` },
  { family: 2, levelMax: GRID_LEVELS.keyed, keys: sql`l.status::text, l.petani_verified, ${areaClass}` },
] as const;
const GRID_KEYS = [
  'status::text, category_id, petani_verified',
  'status::text, province_id',
  'status::text, petani_verified, area_class',
];

/** The grid's count and centroid sums per cell and keys of each family at `level`, against the rows grouped. */
export async function gridAgreesWithRows(db: Db, level: number) {
  for (const { family, levelMax, keys } of FAMILY_KEYS) {
    if (level > levelMax) continue;
    type Cell = { key: string; n: string; lon: number; lat: number };
    const grid = await queryRows<Cell>(
      db,
      sql`SELECT concat_ws(',', cell_x, cell_y, ${sql.raw(GRID_KEYS[family]!)}) AS key, sum(n) AS n,
          sum(sum_lon) AS lon, sum(sum_lat) AS lat
        FROM lahan_grid WHERE level = ${level} AND family = ${family}
        GROUP BY cell_x, cell_y, ${sql.raw(GRID_KEYS[family]!)} HAVING sum(n) <> 0 ORDER BY 1`,
    );
    const rows = await queryRows<Cell>(
      db,
      sql`SELECT concat_ws(',', x, y, ${keys}) AS key, count(*) AS n, sum(l.centroid[0]) AS lon,
          sum(l.centroid[1]) AS lat
        FROM lahan l
        CROSS JOIN LATERAL (SELECT floor((l.centroid[0] + 180) * ${2 ** level} / 360)::int AS x,
          floor((l.centroid[1] + 90) * ${2 ** level} / 360)::int AS y) c
        LEFT JOIN locations o ON o.id = l.location_id
        LEFT JOIN sub_districts s ON s.id = o.sub_district_id
        LEFT JOIN districts d ON d.id = s.district_id
        WHERE l.centroid IS NOT NULL GROUP BY x, y, ${keys} ORDER BY 1`,
    );
    expect(
      grid.map((c) => [c.key, Number(c.n)]),
      `family ${family} at level ${level}`,
    ).toEqual(rows.map((c) => [c.key, Number(c.n)]));
    grid.forEach((c, i) => {
      expect(c.lon).toBeCloseTo(rows[i]!.lon, 6);
      expect(c.lat).toBeCloseTo(rows[i]!.lat, 6);
    });
  }
}

/** lahan_grid summed over its shards, by every key: what a recount must give again. */
export const gridSnapshot = (db: Db) =>
  queryRows(
    db,
    sql`SELECT level, family, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class,
        sum(n)::int AS n
      FROM lahan_grid GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
  );
