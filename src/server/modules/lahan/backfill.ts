import { and, asc, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/engine/client.js';
import { lahan } from '../../db/schema.js';
import { measureGps } from './geometry.js';

const BATCH = 500;

/**
 * Measures the lahan whose gps was stored before the server measured it (migration 0031 added the columns; its
 * SQL cannot compute a geodesic area). Runs at every start after the migrations: once they are measured the
 * partial index `lahan_unmeasured_idx` is empty and this is one index probe. Batches of 500, each its own
 * statement, so that a large database is not held in one transaction; a row written meanwhile was measured by
 * its write and is left alone. Returns how many rows it measured.
 */
export async function measureUnmeasuredLahan(db: Db, log?: FastifyBaseLogger): Promise<number> {
  let measured = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: lahan.id, gps: lahan.gps })
      .from(lahan)
      .where(and(isNotNull(lahan.gps), isNull(lahan.centroid), gt(lahan.id, after)))
      .orderBy(asc(lahan.id))
      .limit(BATCH);
    if (rows.length === 0) {
      if (measured > 0) log?.info(`Measured the gps of ${measured} lahan stored before it was measured`);
      return measured;
    }
    after = rows[rows.length - 1]!.id;
    const values = rows.map(({ id, gps }) => {
      const { luas_terukur, centroid, bbox } = measureGps(gps);
      const [min_lon, min_lat, max_lon, max_lat] = bbox!;
      return { id, luas_terukur, lon: centroid![0], lat: centroid![1], min_lon, min_lat, max_lon, max_lat };
    });
    const updated = await queryRows<{ id: number }>(
      db,
      sql`UPDATE lahan SET
        luas_terukur = m.luas_terukur,
        centroid = point(m.lon, m.lat),
        bbox = box(point(m.min_lon, m.min_lat), point(m.max_lon, m.max_lat))
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS m(id integer, luas_terukur double precision,
        lon double precision, lat double precision, min_lon double precision, min_lat double precision,
        max_lon double precision, max_lat double precision)
      WHERE lahan.id = m.id AND lahan.gps IS NOT NULL AND lahan.centroid IS NULL
      RETURNING lahan.id`,
    );
    measured += updated.length;
  }
}
