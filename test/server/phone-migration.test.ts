import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { users } from '../../src/server/db/schema.js';
import { userIdOf, useTestApp } from './support/app.js';
import { runMigration } from './support/migrations.js';

/*
 * Migration 0029_phone_e164 on a database holding phone numbers as people typed them before: the Indonesian
 * forms become E.164, a blank one NULL, and what it cannot read stays as it was.
 */

const ctx = useTestApp();

/** Stored before → after the migration. */
const STORED: [before: string | null, after: string | null][] = [
  ['081234567890', '+6281234567890'],
  ['0812-3456-7890', '+6281234567890'],
  ['0812 3456 7890', '+6281234567890'],
  ['6281234567890', '+6281234567890'],
  ['62 812.3456.7890', '+6281234567890'],
  ['+62 812-3456-7890', '+6281234567890'],
  ['+62 (812) 3456 7890', '+6281234567890'],
  ['+62 0812 3456 7890', '+6281234567890'],
  ['(021) 555-1234', '+62215551234'],
  ['+6281311112222', '+6281311112222'],
  ['+6591234567', '+6591234567'],
  ['   ', null],
  [null, null],
  ['0811', '0811'],
  ['bukan nomor', 'bukan nomor'],
  ['0812345678901234', '0812345678901234'],
];

const migrate = () => runMigration(ctx.db, '0029_phone_e164.sql');

describe('migration 0029 (phone numbers in E.164)', () => {
  it('writes the Indonesian forms as +62…, a blank one as NULL, and leaves what it cannot read', async () => {
    const ids = await Promise.all(STORED.map((_, n) => userIdOf(ctx, 'petani', n)));
    for (const [n, [before]] of STORED.entries())
      await ctx.db.execute(sql`update users set phone = ${before} where id = ${ids[n]!}`);
    const untouched = await ctx.db
      .select({ id: users.id, updated_at: users.updated_at })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id);

    await migrate();

    const rows = await ctx.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id);
    const phoneOf = new Map(rows.map((r) => [r.id, r.phone]));
    expect(STORED.map(([before], n) => [before, phoneOf.get(ids[n]!)])).toEqual(STORED);
    const after = await ctx.db
      .select({ id: users.id, updated_at: users.updated_at })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id);
    expect(after).toEqual(untouched);

    // Run again, it changes nothing: a later start or a restored backup may meet it twice.
    await migrate();
    const again = await ctx.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id);
    expect(new Map(again.map((r) => [r.id, r.phone]))).toEqual(phoneOf);
  });

  it('finds a number it wrote by a search in the form it had', async () => {
    const id = await userIdOf(ctx, 'petani', 0);
    await ctx.db.execute(sql`update users set phone = '0857-9999-0001' where id = ${id}`);
    await migrate();
    const rows = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from users where search_text like '%+6285799990001%' and search_text like '%085799990001%'`,
    );
    expect(rows).toEqual([{ id }]);
  });
});
