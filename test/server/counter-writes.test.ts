import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db, type Tx } from '../../src/server/db/engine/client.js';
import { useTestApp } from './support/app.js';

/*
 * What the counter triggers (db/functions/50-list-counts.sql) write: a write that changes nothing they count
 * writes no row of list_counts — so it locks no counter row another writer could wait on — and one that does
 * moves exactly its own counts. The totals themselves are checked against count(*) by exact-total.test.ts.
 */

const ctx = useTestApp();

/** Every counter row with its row version: any write to one changes its xmin. */
const counterRows = () =>
  queryRows<{ row: string }>(
    ctx.db,
    sql`SELECT concat_ws('|', entity, k1, k2, shard, n, amount, xmin) AS row FROM list_counts ORDER BY 1`,
  ).then((rows) => rows.map((r) => r.row));

/** The one number a query answers (as `n`). */
const numberOf = async (query: SQL, db: Db | Tx = ctx.db) =>
  (await queryRows<{ n: number }>(db, query))[0]!.n;

describe('the counters', () => {
  it('are not written by a write that changes nothing they count', async () => {
    const lahan = await numberOf(sql`SELECT min(id) AS n FROM lahan`);
    const petani = await numberOf(sql`SELECT min(id) AS n FROM users WHERE role = 'petani'`);
    const contract = await numberOf(sql`SELECT min(id) AS n FROM contracts`);
    // Rows of connections that have gone (the seeding one's, on PostgreSQL) are folded now and then by any write:
    // folded first, so that only what these writes do themselves can show.
    await ctx.db.execute(
      sql`SELECT list_counts_fold(entity) FROM (SELECT DISTINCT entity FROM list_counts) e`,
    );
    const before = await counterRows();
    await ctx.db.execute(sql`UPDATE lahan SET gps = NULL, updated_at = now() WHERE id = ${lahan}`);
    await ctx.db.execute(sql`UPDATE lahan SET status = status WHERE petani_id = ${petani}`);
    await ctx.db.execute(sql`UPDATE users SET updated_at = now() WHERE role = 'petani'`);
    await ctx.db.execute(sql`UPDATE contracts SET updated_at = now() WHERE id = ${contract}`);
    expect(await counterRows()).toEqual(before);
  });

  it('are not folded by a statement that counts nothing: a refused download hit changes no table', async () => {
    // A counter row of a connection that has gone: what a fold would move into the writer's own row.
    const goneShard = 2_000_000_000;
    const goneRow = sql`SELECT count(*)::int AS n FROM list_counts WHERE entity = 'downloads' AND shard = ${goneShard}`;
    await ctx.db.execute(
      sql`INSERT INTO list_counts (entity, k1, k2, shard, n, amount) VALUES ('downloads', 'android', 'true', ${goneShard}, 0, 0)`,
    );
    await ctx.db.transaction(async (tx) => {
      // random(), which decides when a trigger folds, drawn the same way on every run (one connection).
      await tx.execute(sql`SELECT setseed(0.25)`);
      // What a hit of a missing or inactive entry runs: an UPDATE of no row, answered 404.
      for (let i = 0; i < 300; i++) {
        await tx.execute(sql`UPDATE downloads SET downloads = downloads + 1 WHERE id = -1 AND is_active`);
      }
      expect(await numberOf(goneRow, tx)).toBe(1);
      // Statements that do count (an entry shown and hidden again, 300 times) still fold now and then.
      for (let i = 0; i < 300; i++) {
        await tx.execute(
          sql`UPDATE downloads SET is_active = NOT is_active WHERE id = (SELECT min(id) FROM downloads)`,
        );
      }
      expect(await numberOf(goneRow, tx)).toBe(0);
    });
  });

  it('move by exactly what a write changes, for one row and for many', async () => {
    const count = (entity: string, k1: string) =>
      numberOf(
        sql`SELECT coalesce(sum(n), 0)::int AS n FROM list_counts WHERE entity = ${entity} AND k1 = ${k1}`,
      );
    const [active, inactive] = [await count('lahan', 'active'), await count('lahan', 'inactive')];
    const moved = await numberOf(
      sql`SELECT count(*)::int AS n FROM lahan WHERE status = 'active' AND id % 3 = 0`,
    );
    await ctx.db.execute(sql`UPDATE lahan SET status = 'inactive' WHERE status = 'active' AND id % 3 = 0`);
    expect(await count('lahan', 'active')).toBe(active - moved);
    expect(await count('lahan', 'inactive')).toBe(inactive + moved);
  });
});
