import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/engine/client.js';
import { MIGRATIONS_DIR } from '../../../src/server/paths.js';

/** Runs one migration file (e.g. `0048_lahan_province.sql`) on `db` as the migrator does: in one transaction. */
export const runMigration = (db: Db, file: string) =>
  db.transaction(async (tx) => {
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
  });

/**
 * Runs `hold` in a transaction that stays open 300 ms after it, and `meanwhile` once `hold` has run: on PostgreSQL
 * `meanwhile` waits for the commit where it touches what `hold` wrote; on PGlite (one connection) it runs after.
 */
export async function whileHeld(db: Db, hold: SQL, meanwhile: () => Promise<unknown>): Promise<void> {
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = db.transaction(async (tx) => {
    await tx.execute(hold);
    held();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await holding;
  await Promise.all([transaction, meanwhile()]);
}
