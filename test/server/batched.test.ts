import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchedRows } from '../../src/server/db/lists/batched.js';
import { binder, poolOf } from '../../src/server/db/lists/prebuilt.js';
import { lahan, users } from '../../src/server/db/schema.js';
import { DEMO_ADMIN } from '../../src/server/config.js';
import type { SessionCheck } from '../../src/server/http/guards.js';
import { getLahanJson } from '../../src/server/modules/lahan/service.js';
import type { Db } from '../../src/server/db/engine/client.js';
import { tokenFor, useTestApp } from './support/app.js';

const ctx = useTestApp();
const onPostgres = () => poolOf(ctx.db) !== undefined;

/**
 * On PostgreSQL, a pool of one connection on the test database (so that its prepared statements can be read);
 * on the embedded database, the test's own handle.
 */
let db: Db;
let pool: pg.Pool | undefined;
beforeAll(() => {
  if (!onPostgres()) return void (db = ctx.db);
  const { connectionString } = poolOf(ctx.db)!.options;
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

  it('keeps one plan for the lahan read on PostgreSQL, also when batches are single reads (light load)', async () => {
    const claims = ctx.app.tokens.verify(await tokenFor(ctx, DEMO_ADMIN.email));
    const ids = (await ctx.db.select({ id: lahan.id }).from(lahan).limit(4)).map((row) => row.id);
    const callers: (string | undefined)[] = [];
    const session = (): SessionCheck => ({
      column: sql`null`,
      values: { caller_id: claims.userId, caller_session: claims.sessionId },
      confirm: (caller) => void callers.push(caller?.email),
      confirmAlone: async () => void callers.push('alone'),
    });
    const admin = { id: claims.userId, role: 'admin' } as const;
    const read = (id: number, checked: boolean) =>
      getLahanJson(db, admin, id, checked ? session() : undefined).then((text) => JSON.parse(text).id);
    for (let round = 0; round < 8; round++) {
      expect(await read(ids[round % 4]!, true)).toBe(ids[round % 4]);
      expect(await read(ids[round % 4]!, false)).toBe(ids[round % 4]);
    }
    expect(await Promise.all(ids.map((id) => read(id, true)))).toEqual(ids);
    expect(new Set(callers)).toEqual(new Set([DEMO_ADMIN.email]));
    if (!onPostgres()) return; // the embedded database has no named statements through Drizzle
    // PostgreSQL keeps a generic plan when it is estimated no dearer than the plans made for each call's values:
    // a batch of one read must not look cheaper to the planner than the generic plan does.
    const { rows } = await pool!.query<{ name: string; statement: string; types: string[] }>(
      `select name, statement, parameter_types::text[] as types from pg_prepared_statements
        where statement like '%from "lahan"%' order by statement`,
    );
    expect(rows.map((row) => row.statement.slice(0, 11))).toEqual(['select b.i,', 'with shared']);
    // A batch of one read (each integer array holds one lahan id: the caller's id only changes which row is read).
    const one: Record<string, string> = {
      'integer[]': `'{${ids[0]}}'`,
      'bigint[]': `'{1}'`,
      'uuid[]': `'{${claims.sessionId}}'`,
    };
    const cost = async (mode: string, { name, types }: (typeof rows)[number]) => {
      const client = await pool!.connect();
      try {
        await client.query(`set plan_cache_mode = ${mode}`);
        const args = types.map((type) => one[type] ?? `no value for ${type}`).join(', ');
        const { rows: plan } = await client.query(`explain (format json) execute ${name}(${args})`);
        return (plan[0]['QUERY PLAN'] as { Plan: { 'Total Cost': number } }[])[0]!.Plan['Total Cost'];
      } finally {
        await client.query('reset plan_cache_mode');
        client.release();
      }
    };
    for (const row of rows)
      expect(await cost('force_custom_plan', row)).toBeGreaterThanOrEqual(
        await cost('force_generic_plan', row),
      );
  });
});
