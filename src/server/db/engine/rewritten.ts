import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';

/*
 * A migration that rewrites a table (ALTER … TYPE … USING, as 0048_lahan_province does to lahan) gives it a new
 * storage file whose visibility map is empty, and autovacuum has no reason to visit it (no dead rows, no inserts):
 * until something does, every index-only scan of it reads the table's pages too. At 3M lahan the area filter's
 * count went from under 20 ms to 324 ms. So `migrate()` vacuums each table a migration rewrote, once, after it.
 */

/** Each table's storage file (`pg_class.relfilenode`), by its name as SQL writes it. */
async function storageFiles(db: Db): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; file: string }>(
    db,
    sql`select c.oid::regclass::text as name, c.relfilenode::text as file
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = 'public'`,
  );
  return new Map(rows.map((r) => [r.name, r.file]));
}

/**
 * Runs `migrate` on `db` (a connection outside any transaction), then VACUUM (ANALYZE) of every table that was
 * there before and has another storage file after: rewritten. Answers their names.
 */
export async function vacuumingRewrites(db: Db, migrate: () => Promise<void>): Promise<string[]> {
  const before = await storageFiles(db);
  await migrate();
  const rewritten = [...(await storageFiles(db))]
    .filter(([name, file]) => before.has(name) && before.get(name) !== file)
    .map(([name]) => name);
  for (const name of rewritten) await db.execute(sql.raw(`VACUUM (ANALYZE) ${name}`));
  return rewritten;
}
