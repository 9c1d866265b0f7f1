import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Db } from '../../src/server/db/engine/client.js';
import { whenSeeded } from '../support/seeded-embedded.js';
import { shapeKeys } from '../../src/server/db/lists/prebuilt.js';
import { countInPartsFrom, countsInParts } from '../../src/server/db/lists/table-size.js';
import { users } from '../../src/server/db/schema.js';
import { call, DEMO_PETANI, freshDatabase, signIn, useTestApp } from './support/app.js';

const ctx = useTestApp();

/** Every row of every table of the app's schemas, the sequences' positions and the session's date style. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`
    SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [table] = await queryRows<{ md5: string }>(
      db,
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${name} t`),
    );
    out[name] = table!.md5;
  }
  const sequences = await queryRows<{ name: string; value: string }>(
    db,
    sql`
    SELECT sequencename AS name, coalesce(last_value::text, '-') AS value FROM pg_sequences
    WHERE schemaname IN ('public', 'drizzle')`,
  );
  for (const s of sequences) out[`sequence ${s.name}`] = s.value;
  out.datestyle = (await queryRows<{ DateStyle: string }>(db, sql`SHOW datestyle`))[0]!.DateStyle;
  return out;
}

/** Runs `use` on what the next test file would get from freshDatabase(), then lets it go as a file does. */
async function asNextFile<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const { database, drop } = await freshDatabase();
  try {
    return await use(database.db);
  } finally {
    await database.close();
    await drop();
  }
}

/** The seeded database loaded on its own (embedded) or a new copy of the template (PostgreSQL). */
async function reference(): Promise<Record<string, string>> {
  const snapshot = inject('snapshotPath');
  if (!snapshot) return asNextFile(contents);
  const database = await openDatabase({ loadDataDir: new Blob([readFileSync(await whenSeeded(snapshot))]) });
  try {
    return await contents(database.db);
  } finally {
    await database.close();
  }
}

describe('each test file starts from the seeded database', () => {
  let seeded: Record<string, string>;
  beforeAll(async () => {
    seeded = await reference();
  });

  it('whatever the file before wrote: rows added, changed (their key too) and deleted, through the API and SQL, rolled back, truncated, sequences, settings', async () => {
    expect(await contents(ctx.db)).toEqual(seeded);

    expect((await signIn(ctx, DEMO_PETANI.email, DEMO_PETANI.password)).statusCode).toBe(200);
    await ctx.db.execute(
      sql`UPDATE lahan SET nama_lahan = nama_lahan || ' diubah' WHERE id = (SELECT min(id) FROM lahan)`,
    );
    await ctx.db.execute(sql`DELETE FROM downloads WHERE id = (SELECT min(id) FROM downloads)`);
    await ctx.db.execute(
      sql`UPDATE list_counts SET shard = shard + 1000 WHERE ctid = (SELECT min(ctid) FROM list_counts)`,
    );
    await ctx.db.execute(
      sql`INSERT INTO land_categories (type_name, description) VALUES ('Kategori sementara', 'Dihapus sebelum berkas berikutnya')`,
    );
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM lahan`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await ctx.db.execute(sql`TRUNCATE provinces CASCADE`);
    await ctx.db.execute(sql`SELECT nextval(pg_get_serial_sequence('land_categories', 'id'))`);
    await ctx.db.execute(sql`SET datestyle = 'SQL, DMY'`);
    const written = await contents(ctx.db);
    for (const changed of [
      'public.lahan',
      'public.downloads',
      'public.land_categories',
      'public.list_counts',
      'public.refresh_tokens',
      'public.provinces',
      'datestyle',
    ])
      expect(written[changed], changed).not.toBe(seeded[changed]);

    expect(await asNextFile(contents)).toEqual(seeded);
  });

  it("with nothing the server kept for the file before: a list's statements, a search's way of counting", async () => {
    const { token } = (await signIn(ctx, DEMO_PETANI.email, DEMO_PETANI.password)).json.data;
    expect((await call(ctx, { url: '/api/v1/lahan?q=sawah&limit=5', token })).statusCode).toBe(200);
    countInPartsFrom(ctx.db, 0);
    expect(shapeKeys(ctx.db)).not.toEqual([]);
    expect(await countsInParts(ctx.db, users)).toBe(true);

    expect(
      await asNextFile(async (db) => ({ kept: shapeKeys(db), inParts: await countsInParts(db, users) })),
    ).toEqual({ kept: [], inParts: false });
    countInPartsFrom(ctx.db, undefined);
  });

  it('after the file before changed the schema itself', async () => {
    await asNextFile(async (db) => {
      await db.execute(sql`CREATE TABLE public.stray (a int)`);
      await db.execute(sql`DROP TRIGGER location_area_names ON locations`);
    });
    expect(await asNextFile(contents)).toEqual(seeded);
  });

  it('after the file before left a failed transaction open', async () => {
    await asNextFile(async (db) => {
      await db.execute(sql`UPDATE downloads SET name = 'setengah jalan'`);
      await db.execute(sql`BEGIN`);
      await db.execute(sql`DELETE FROM lahan`);
      await expect(db.execute(sql`SELECT 1 / 0`)).rejects.toThrow('Failed query: SELECT 1 / 0');
    });
    expect(await asNextFile(contents)).toEqual(seeded);
  });
});
