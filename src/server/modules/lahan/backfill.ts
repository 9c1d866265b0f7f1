import { and, asc, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/engine/client.js';
import { lahan } from '../../db/schema.js';
import { measureGps } from './geometry.js';

/** Small enough that the embedded database, one connection, serves requests between batches. */
const BATCH = 200;

/**
 * Measures the lahan whose gps was stored before the server measured it (migration 0031 added the columns; its
 * SQL cannot compute a geodesic area). Every serving process starts it after listening, in the background: one
 * process at a time measures (the others find the lock taken and stop), each batch its own transaction, so a
 * large database neither delays the start nor sits in one transaction, and a process stopped midway leaves the
 * rest to the next start. A row written meanwhile was measured by its write and is left alone. Once all are
 * measured the partial index `lahan_unmeasured_idx` is empty and a start costs one probe of it. Returns how many
 * rows it measured.
 */
export async function measureUnmeasuredLahan(
  db: Db,
  { log, signal }: { log?: FastifyBaseLogger; signal?: AbortSignal } = {},
): Promise<number> {
  let measured = 0;
  let after = 0;
  while (!signal?.aborted) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ taken: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(hashtext('lahan_unmeasured')) AS taken`,
      );
      if (!lock?.taken) return undefined;
      const rows = await tx
        .select({ id: lahan.id, gps: lahan.gps })
        .from(lahan)
        .where(and(isNotNull(lahan.gps), isNull(lahan.centroid), gt(lahan.id, after)))
        .orderBy(asc(lahan.id))
        .limit(BATCH);
      if (rows.length === 0) return undefined;
      const values = rows.map(({ id, gps }) => {
        const { luas_terukur, centroid, bbox } = measureGps(gps);
        const [min_lon, min_lat, max_lon, max_lat] = bbox!;
        return { id, luas_terukur, lon: centroid![0], lat: centroid![1], min_lon, min_lat, max_lon, max_lat };
      });
      const updated = await queryRows<{ id: number }>(
        tx,
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
      return { last: rows[rows.length - 1]!.id, updated: updated.length };
    });
    if (!batch) break;
    after = batch.last;
    measured += batch.updated;
  }
  if (measured > 0) log?.info(`Measured the gps of ${measured} lahan stored before it was measured`);
  return measured;
}

/** Starts measureUnmeasuredLahan in the background; the returned function stops it after its current batch. */
export function startMeasuringUnmeasuredLahan(db: Db, log: FastifyBaseLogger): () => void {
  const controller = new AbortController();
  measureUnmeasuredLahan(db, { log, signal: controller.signal }).catch((error: unknown) => {
    if (!controller.signal.aborted) log.error({ err: error }, 'Measuring the lahan stored before failed');
  });
  return () => controller.abort();
}
