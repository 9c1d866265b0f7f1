import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { useTestApp } from './support/app.js';
import { gridSnapshot } from './support/lahan-grid.js';

/*
 * lahan_grid's recount writes into shard 0, which no connection has (pids are above 0), and lahan_grid_fold
 * leaves it alone (functions/80-lahan-grid.sql): a write right after a recount moves none of the recounted rows.
 */

const ctx = useTestApp();

/** Rows of lahan_grid per shard kind: the recount's (0) and any other, and the coarse levels' (≤ 9) of each. */
const shards = async () =>
  (
    await queryRows<{ zero: number; other: number; coarse_zero: number }>(
      ctx.db,
      sql`SELECT (count(*) FILTER (WHERE shard = 0))::int AS zero, (count(*) FILTER (WHERE shard <> 0))::int AS other,
          (count(*) FILTER (WHERE shard = 0 AND level <= 9))::int AS coarse_zero
        FROM lahan_grid`,
    )
  )[0]!;

describe('lahan_grid after a recount', () => {
  it('holds every row in shard 0, which a fold leaves where it is', async () => {
    const before = await gridSnapshot(ctx.db);
    await ctx.db.execute(sql`SELECT list_counts_recount_lahan_grid()`);
    const recounted = await shards();
    expect(recounted.zero).toBeGreaterThan(0);
    expect(recounted.coarse_zero).toBeGreaterThan(0);
    expect(recounted.other).toBe(0);
    await ctx.db.execute(sql`SELECT lahan_grid_fold()`);
    expect(await shards()).toEqual(recounted);
    expect(await gridSnapshot(ctx.db)).toEqual(before);
  });
});
