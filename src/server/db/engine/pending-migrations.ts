import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../paths.js';
import type { Db } from './client.js';
import { rowsOfQuery } from '../seed/scale/sql.js';

/**
 * Whether the journal holds a migration the database has not applied, by drizzle's own rule (a journal
 * entry whose `when` is later than the newest applied `created_at`). A database without drizzle's table has
 * every migration pending.
 */
export async function migrationsPending(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const [found] = await rowsOfQuery<{ present: boolean }>(
    db,
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!found?.present) return true;
  const [applied] = await rowsOfQuery<{ at: string | null }>(
    db,
    'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
  );
  return newest > Number(applied?.at ?? 0);
}
