import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../paths.js';
import { applyDerivedState } from '../functions/apply.js';
import { consoleLog, type Database, type Db, type OpenOptions } from './client.js';
import { EMBEDDED_OPTIONS } from './embedded-options.js';
import { vacuumingRewrites } from './rewritten.js';
import * as schema from '../schema.js';

/** The embedded database under `dataDir` (in memory without one). */
export async function openPglite({ dataDir, loadDataDir }: OpenOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, ...EMBEDDED_OPTIONS });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await vacuumingRewrites(db, async () => {
        await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
        await applyDerivedState(db);
      });
    },
    close: () => client.close(),
    log: consoleLog,
  };
}
