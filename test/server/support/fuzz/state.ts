import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../../src/server/db/engine/client.js';

/**
 * Tables a refused request may change, and why. Every other table of the schema must stay as it was:
 * the audit log too, since only a committed admin write leaves an audit row; and refresh_tokens, since the
 * one refusal allowed to change it (a reused refresh token revoking its session) needs a real refresh
 * token, which generated requests never carry.
 */
export const UNCHECKED_TABLES: Record<string, string> = {
  // A refused sign-in, sign-up or download hit is exactly what a limiter counts: a wrong password
  // answers 401 and must add one to its address's and its account's counters, or brute force is free.
  rate_limits: 'rate-limit counters: counting refused attempts is their purpose',
};

export interface DbState {
  /** Per checked table, how many row changes it has committed since the reader was made. */
  tables: Record<string, number>;
  auditRows: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Reads the state of every application table of the schema `public` (drizzle's migration journal lives
 * in its own schema), built once from the catalog so that new tables are checked too.
 *
 * Each checked table gets a row-level trigger that counts its inserted, updated and deleted rows in
 * `fuzz.row_changes` (and a statement-level one for TRUNCATE), in the writing transaction: a committed
 * write moves its table's count — an UPDATE that leaves the values as they were too, which a refused
 * request has no business doing either — and a rolled-back one does not. Reading the counts costs one
 * small query; hashing every table's row versions before and after each write took ~40 ms a read on the
 * embedded database, a third of the fuzz run.
 */
export async function stateReader(db: Db): Promise<() => Promise<DbState>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name::text AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  for (const name of ['audit_log', ...Object.keys(UNCHECKED_TABLES)]) {
    if (!tables.some((t) => t.name === name)) throw new Error(`fuzz: no table ${name} (see state.ts)`);
  }
  const checked = tables.map((t) => t.name).filter((name) => !(name in UNCHECKED_TABLES));
  for (const statement of [
    'CREATE SCHEMA fuzz',
    'CREATE TABLE fuzz.row_changes (table_name text PRIMARY KEY, n bigint NOT NULL)',
    `CREATE FUNCTION fuzz.count_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO fuzz.row_changes VALUES (TG_TABLE_NAME, 1)
         ON CONFLICT (table_name) DO UPDATE SET n = fuzz.row_changes.n + 1;
       RETURN NULL;
     END $$`,
    ...checked.flatMap((name) => [
      `CREATE TRIGGER fuzz_row_change AFTER INSERT OR UPDATE OR DELETE ON public.${quote(name)}
         FOR EACH ROW EXECUTE FUNCTION fuzz.count_row_change()`,
      `CREATE TRIGGER fuzz_truncate AFTER TRUNCATE ON public.${quote(name)}
         FOR EACH STATEMENT EXECUTE FUNCTION fuzz.count_row_change()`,
    ]),
  ]) {
    await db.execute(sql.raw(statement));
  }
  const read = sql`SELECT (SELECT count(*) FROM public.audit_log)::int AS audit_rows,
                          (SELECT coalesce(json_object_agg(table_name, n), '{}') FROM fuzz.row_changes) AS tables`;
  return async () => {
    const [row] = await queryRows<{ audit_rows: number; tables: Record<string, number | string> }>(db, read);
    const counts = Object.fromEntries(checked.map((name) => [name, Number(row!.tables[name] ?? 0)]));
    return { tables: counts, auditRows: Number(row!.audit_rows) };
  };
}

/**
 * Removes what `stateReader` added (the schema, its function and, with it, every table's triggers), so that the
 * next test file in this worker finds the seeded schema and gets its tables put back rather than a new database
 * (test/server/support/embedded-reset.ts compares the triggers too).
 */
export async function removeStateReader(db: Db): Promise<void> {
  await db.execute(sql.raw('DROP SCHEMA fuzz CASCADE'));
}

/** Names of the tables whose rows differ between two states. */
export const changedTables = (before: DbState, after: DbState): string[] =>
  Object.keys(after.tables).filter((name) => before.tables[name] !== after.tables[name]);
