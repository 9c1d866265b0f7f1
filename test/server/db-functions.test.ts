import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../src/server/db/engine/client.js';
import { applyDerivedState, runSources } from '../../src/server/db/functions/apply.js';
import { adminUrl, databaseUrlFor } from './support/database.js';

/**
 * Every function, procedure, trigger and view of the public schema (pg_trgm's functions aside), as PostgreSQL
 * prints its definition: what the database runs, whatever SQL made it.
 */
async function catalog(db: Db): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`
    SELECT 'routine ' || p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL
    SELECT 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid)
    FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

/** Drops every function, procedure, trigger and view of the public schema (pg_trgm's aside). */
async function dropDerivedState(db: Db): Promise<void> {
  await db.execute(sql`DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT t.tgname, t.tgrelid::regclass::text AS tbl FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal LOOP
        EXECUTE format('DROP TRIGGER %I ON %s', r.tgname, r.tbl);
      END LOOP;
      FOR r IN SELECT c.oid::regclass::text AS name, c.relkind FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm') LOOP
        EXECUTE format('DROP %s VIEW IF EXISTS %s CASCADE', CASE r.relkind WHEN 'm' THEN 'MATERIALIZED' ELSE '' END, r.name);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure::text AS name FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
        EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', r.name);
      END LOOP;
    END $$`);
}

/**
 * What the migrated database runs against what the source files alone make: each database object's definition
 * after a start, then after dropping all of them and running db/functions/*.sql. This database is left with
 * only what the sources define (generated columns drawing on a dropped function are gone with it).
 */
async function compareWithSources(db: Db) {
  const migrated = await catalog(db);
  await dropDerivedState(db);
  await runSources(db);
  return { migrated, sources: await catalog(db) };
}

/** A new, empty database: in memory (embedded), or a new database on the DATABASE_URL server. */
async function emptyDatabase(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { open: async () => database, drop: () => database.close() };
  }
  const name = `tanimitra_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const opened: Database[] = [];
  return {
    open: async () => {
      const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name) });
      opened.push(database);
      return database;
    },
    drop: async () => {
      for (const database of opened) await database.close();
      // The server may still be seeing the closed connections go.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt > 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await admin.end();
    },
  };
}

let fresh: Awaited<ReturnType<typeof emptyDatabase>>;
let database: Database;

beforeAll(async () => {
  fresh = await emptyDatabase();
  database = await fresh.open();
  await database.migrate();
});
afterAll(async () => {
  await fresh?.drop();
});

const derivedStateRow = async (db: Db) =>
  (await queryRows<{ applied: string }>(db, sql`SELECT applied FROM derived_state`))[0]?.applied;

describe('functions, triggers and views are defined in db/functions/ and applied at start', () => {
  it('applies nothing on a start where neither the sources nor the migrations changed', async () => {
    const applied = await derivedStateRow(database.db);
    expect(applied).toMatch(/^[0-9a-f]{64} \d+$/);
    expect(await applyDerivedState(database.db)).toBe(false);
    await database.migrate();
    expect(await derivedStateRow(database.db)).toBe(applied);
  });

  it('applies again after a migration, putting back what it dropped', async () => {
    await database.db.execute(sql`DROP TRIGGER audit_log_no_update_delete ON audit_log`);
    await database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1
        WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    expect(await applyDerivedState(database.db)).toBe(true);
    expect(await catalog(database.db)).toHaveProperty(['trigger audit_log_no_update_delete on audit_log']);
    expect(await applyDerivedState(database.db)).toBe(false);
  });

  it('applies once when two processes start at once', async () => {
    const other = process.env.DATABASE_URL ? await fresh.open() : database;
    await database.db.execute(sql`UPDATE derived_state SET applied = 'before'`);
    const results = await Promise.all([applyDerivedState(database.db), applyDerivedState(other.db)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('a migrated database runs exactly what the sources define: nothing missing, extra or different', async () => {
    const { migrated, sources } = await compareWithSources(database.db);
    expect(Object.keys(migrated)).toEqual(
      expect.arrayContaining([
        'trigger audit_log_no_update_delete on audit_log',
        'routine list_counts_track_users()',
        'trigger list_counts_truncate on users',
        'routine search_doc(text[])',
      ]),
    );
    expect(migrated).toEqual(sources);
  });

  it('a function or trigger that only a migration defines is found', async () => {
    await database.db.execute(
      sql`CREATE FUNCTION only_in_a_migration() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
    );
    await database.db.execute(
      sql`CREATE TRIGGER only_in_a_migration AFTER INSERT ON users EXECUTE FUNCTION only_in_a_migration()`,
    );
    await database.db.execute(
      sql`CREATE OR REPLACE FUNCTION search_doc(VARIADIC fields text[]) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT upper(array_to_string(fields, ' ')) $$`,
    );
    const { migrated, sources } = await compareWithSources(database.db);
    const differing = Object.keys({ ...migrated, ...sources }).filter((k) => migrated[k] !== sources[k]);
    expect(differing.sort()).toEqual([
      'routine only_in_a_migration()',
      'routine search_doc(text[])',
      'trigger only_in_a_migration on users',
    ]);
  });
});
