import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dumpEmbedded, openDatabase } from '../../src/server/db/client.js';
import { seedDatabase } from '../../src/server/db/seed/index.js';
import { TEST_SEED_CONFIG } from '../server/support/database.js';

/** A migrated, demo-seeded embedded database: its data directory, and a snapshot of it (`loadDataDir`). */
export interface SeededEmbedded {
  dataDir: string;
  snapshotPath: string;
}

const shared = globalThis as { tanimitraSeeded?: Promise<SeededEmbedded> };

/**
 * Migrates and seeds one embedded database for the run. The projects' global setups run one after the other
 * in vitest's own process but load their modules apart, so the promise is kept on globalThis: the second
 * setup takes what the first made (about 8 s) instead of making its own.
 */
export function seededEmbedded(): Promise<SeededEmbedded> {
  return (shared.tanimitraSeeded ??= make());
}

async function make(): Promise<SeededEmbedded> {
  const cache = path.resolve('node_modules/.cache/tanimitra-test');
  mkdirSync(cache, { recursive: true });
  const dataDir = mkdtempSync(path.join(cache, 'seeded-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db, TEST_SEED_CONFIG);
    const snapshotPath = `${dataDir}.tar.gz`;
    writeFileSync(snapshotPath, Buffer.from(await (await dumpEmbedded(database)).arrayBuffer()));
    return { dataDir, snapshotPath };
  } finally {
    await database.close();
  }
}

/** Removes both (a global teardown: after every test of the run). */
export async function removeSeededEmbedded(): Promise<void> {
  const made = shared.tanimitraSeeded;
  if (!made) return;
  const { dataDir, snapshotPath } = await made;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(snapshotPath, { force: true });
}
