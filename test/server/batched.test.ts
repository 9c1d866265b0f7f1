import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchedRows } from '../../src/server/db/lists/batched.js';
import { binder } from '../../src/server/db/lists/prebuilt.js';
import { users } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/engine/client.js';
import { useTestApp } from './support/app.js';

const ctx = useTestApp();
const onPostgres = () => (ctx.db as unknown as { $client: unknown }).$client instanceof pg.Pool;

/**
 * On PostgreSQL, a pool of one connection on the test database (so that its prepared statements can be read);
 * on the embedded database, the test's own handle.
 */
let db: Db;
let pool: pg.Pool | undefined;
beforeAll(() => {
  if (!onPostgres()) return void (db = ctx.db);
  const { connectionString } = (ctx.db as unknown as { $client: pg.Pool }).$client.options;
  pool = new pg.Pool({ connectionString, max: 1 });
  db = drizzle(pool) as unknown as Db;
});
afterAll(() => pool?.end());

/** A user's email by id, with `shared` (the email of the user `viewer_id`) last when given. */
function readEmail(id: number, viewer?: number) {
  return runBatchedRows(
    db,
    'test-email',
    { id },
    { id: 'int4', viewer_id: 'int4' },
    (shared?: SQL) => {
      const built = binder();
      return db
        .select({ email: users.email, ...(shared && { viewer: shared }) })
        .from(users)
        .where(eq(users.id, built.bind('id', id)!))
        .$dynamic();
    },
    viewer === undefined
      ? undefined
      : {
          values: { viewer_id: viewer },
          column: () => sql`(select v.email from ${users} v where v.id = ${sql.placeholder('viewer_id')})`,
        },
  );
}

describe('runBatchedRows', () => {
  it('answers each read of a batch with its own rows and the shared column of its own values', async () => {
    const people = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .orderBy(asc(users.id));
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const answers = await Promise.all([
      readEmail(a.id, b.id),
      readEmail(b.id, b.id),
      readEmail(c.id, a.id),
      readEmail(99_999_999, a.id),
      readEmail(c.id),
    ]);
    expect(answers).toEqual([
      [[a.email, b.email]],
      [[b.email, b.email]],
      [[c.email, a.email]],
      [],
      [[c.email]],
    ]);
  });

  it('keeps one plan for the batch on PostgreSQL, instead of planning it again for each batch', async () => {
    const [viewer] = await ctx.db.select({ id: users.id }).from(users).limit(1);
    for (let round = 0; round < 8; round++)
      await Promise.all([1, 2, 3, 4].map((id) => readEmail(id + round, viewer!.id)));
    if (!onPostgres()) return; // the embedded database has no named statements through Drizzle
    const { rows } = await pool!.query<{ generic_plans: string }>(
      `select generic_plans from pg_prepared_statements where statement like 'with shared as materialized%'`,
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
  });
});
