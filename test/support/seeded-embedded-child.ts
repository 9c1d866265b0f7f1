import { writeFileSync } from 'node:fs';
import { dumpEmbedded, openDatabase } from '../../src/server/db/engine/client.js';
import { seedDatabase } from '../../src/server/db/seed/index.js';
import { TEST_SEED_CONFIG } from '../server/support/database.js';
import { snapshotOf } from './seeded-embedded.js';

/**
 * Run by seeded-embedded.ts: migrates and demo-seeds an embedded database in the data directory given and
 * writes its snapshot. Nobody reads either before it has exited with 0 (made-in-child.ts).
 */
const dataDir = process.argv[2]!;
const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  await seedDatabase(database.db, TEST_SEED_CONFIG);
  writeFileSync(snapshotOf(dataDir), Buffer.from(await (await dumpEmbedded(database)).arrayBuffer()));
} finally {
  await database.close();
}
