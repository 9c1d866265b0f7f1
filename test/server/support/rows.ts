import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../src/server/db/client.js';

/** The rows of a raw query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
