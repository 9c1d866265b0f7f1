import { writeFileSync } from 'node:fs';
import { dumpEmbedded, openDatabase } from '../../src/server/db/client.js';
import { seedDatabase } from '../../src/server/db/seed/index.js';
import { TEST_SEED_CONFIG } from '../server/support/database.js';
import { failedMarker, readyMarker } from './made-in-child.js';
import { snapshotOf } from './seeded-embedded.js';

/**
 * Run by seeded-embedded.ts: migrates and demo-seeds an embedded database in the data directory given, writes
 * its snapshot, and then the ready marker (or the failed one, with why) that `whenSeeded` waits for: nobody reads
 * the snapshot or the directory before that marker.
 */
const dataDir = process.argv[2]!;
try {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db, TEST_SEED_CONFIG);
    writeFileSync(snapshotOf(dataDir), Buffer.from(await (await dumpEmbedded(database)).arrayBuffer()));
  } finally {
    await database.close();
  }
  writeFileSync(readyMarker(dataDir), '');
} catch (error) {
  writeFileSync(
    failedMarker(dataDir),
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exitCode = 1;
}
