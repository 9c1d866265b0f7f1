import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../../src/server/db/client.js';

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
  /** Per checked table, a checksum of its row versions. */
  tables: Record<string, string>;
  auditRows: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Reads the state of every application table of the schema `public` (drizzle's migration journal lives
 * in its own schema) in one query, built once from the catalog so that new tables are checked too.
 *
 * A table's checksum is the md5 of its visible row versions — (ctid, xmin), in ctid order — rather than
 * of its contents: every committed INSERT, UPDATE or DELETE changes that set (an UPDATE writes a new
 * version even when the values stay the same, which a refused request has no business doing either),
 * a rolled-back one does not, and it costs a third of hashing ~9,000 rows' text before and after each write.
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
  const columns = tables
    .filter(({ name }) => !(name in UNCHECKED_TABLES))
    .map(
      ({ name }) =>
        `(SELECT md5(coalesce(string_agg(ctid::text || xmin::text, ',' ORDER BY ctid), '')) FROM public.${quote(name)}) AS ${quote(name)}`,
    );
  const query = sql.raw(
    `SELECT (SELECT count(*) FROM public.audit_log)::int AS "audit rows", ${columns.join(', ')}`,
  );
  return async () => {
    const [row] = await queryRows<Record<string, string | number>>(db, query);
    const { 'audit rows': auditRows, ...rest } = row!;
    return { tables: rest as Record<string, string>, auditRows: Number(auditRows) };
  };
}

/** Names of the tables whose rows differ between two states. */
export const changedTables = (before: DbState, after: DbState): string[] =>
  Object.keys(after.tables).filter((name) => before.tables[name] !== after.tables[name]);
