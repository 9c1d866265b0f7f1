import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../engine/client.js';
import { rateLimits } from '../schema.js';

/** One counter: at most `max` uses of `key` per window. */
export interface Limit {
  key: string;
  max: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Expired rows deleted at a time when a new window opens (see `consume`). */
const PURGE_BATCH = 100;

const windowOver = sql`rate_limits.expires_at <= now()`;

/**
 * Counts one use against each limit in one atomic upsert, so parallel requests (from any number of
 * server processes) cannot slip past a limit; refused when any counter goes over its `max`. A window
 * opens with the first use of its key and lasts `windowSeconds`; an over window starts again.
 */
export async function consume(db: Db | Tx, limits: Limit[], windowSeconds: number): Promise<Reservation> {
  const window = sql`now() + make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(rateLimits)
    .values(limits.map(({ key }) => ({ key, hits: 1, expires_at: window })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${windowOver} THEN 1 ELSE rate_limits.hits + 1 END`,
        expires_at: sql`CASE WHEN ${windowOver} THEN excluded.expires_at ELSE rate_limits.expires_at END`,
      },
    })
    .returning({
      key: rateLimits.key,
      hits: rateLimits.hits,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.expires_at} - now())))::int`,
    });
  // A new window means a new row: the moment to clear away old ones, so the table stays small.
  if (rows.some((r) => r.hits === 1)) await purgeExpired(db);
  const maxOf = new Map(limits.map((l) => [l.key, l.max]));
  const over = rows.filter((r) => r.hits > maxOf.get(r.key)!);
  if (over.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, ...over.map((r) => Number(r.retryAfter))) };
}

/** Gives back one use of each of `keys` (never below zero); the `clear` keys start over at zero. */
export async function refund(db: Db | Tx, keys: string[], clear: string[] = []): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      hits:
        clear.length === 0
          ? sql`greatest(rate_limits.hits - 1, 0)`
          : sql`CASE WHEN ${inArray(rateLimits.key, clear)} THEN 0 ELSE greatest(rate_limits.hits - 1, 0) END`,
    })
    .where(inArray(rateLimits.key, [...keys, ...clear]));
}

/** Deletes a batch of rows whose window is over, skipping rows another request is using. */
async function purgeExpired(db: Db | Tx): Promise<void> {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(windowOver)
    .limit(PURGE_BATCH)
    .for('update', { skipLocked: true });
  await db.delete(rateLimits).where(inArray(rateLimits.key, expired));
}
