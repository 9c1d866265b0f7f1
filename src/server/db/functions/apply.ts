import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../paths.js';
import { queryRows, type Db, type Tx } from '../engine/client.js';
import { splitStatements } from './statements.js';

/** This folder's SQL files, beside the migrations (both are read from src/ by the built server too). */
export const FUNCTIONS_DIR = path.join(MIGRATIONS_DIR, '..', 'functions');

/** The source files in the order they run (by name: their number prefixes). */
export function sourceFiles(): { name: string; text: string }[] {
  return readdirSync(FUNCTIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(FUNCTIONS_DIR, name), 'utf8') }));
}

/** Runs every statement of the source files on `tx`, in order. */
export async function runSources(tx: Db | Tx): Promise<void> {
  for (const file of sourceFiles()) {
    for (const statement of splitStatements(file.text)) {
      try {
        await tx.execute(sql.raw(statement));
      } catch (error) {
        throw new Error(`db/functions/${file.name}: ${(error as Error).message}`, { cause: error });
      }
    }
  }
}

/**
 * What an apply is for: the sources' hash and the newest migration applied. A migration may drop or rebuild what
 * the sources define (a table rebuilt loses its triggers), so a new migration applies them again as well.
 */
async function wanted(db: Db | Tx): Promise<{ key: string; applied: string | null }> {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) hash.update(`${file.name}\n${file.text}\n`);
  const [row] = await queryRows<{ migrated: string | null; applied: string | null }>(
    db,
    sql`SELECT (SELECT max(created_at)::text FROM drizzle.__drizzle_migrations) AS migrated,
      (SELECT applied FROM derived_state) AS applied`,
  );
  return { key: `${hash.digest('hex')} ${row?.migrated ?? ''}`, applied: row?.applied ?? null };
}

/**
 * Brings the database's functions, procedures, triggers and views to this folder's definitions, after the
 * migrations, in one transaction. Nothing is written when neither the sources nor the migrations changed since the
 * last apply (a restart reads one row). Processes starting at once take turns on an advisory lock, and the one
 * that waited finds the work done. Returns whether it applied.
 */
export async function applyDerivedState(db: Db): Promise<boolean> {
  const first = await wanted(db);
  if (first.applied === first.key) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('derived_state'))`);
    const { key, applied } = await wanted(tx);
    if (applied === key) return false;
    await runSources(tx);
    await tx.execute(sql`
      INSERT INTO derived_state (id, applied) VALUES (true, ${key})
      ON CONFLICT (id) DO UPDATE SET applied = excluded.applied, applied_at = now()`);
    return true;
  });
}
