import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDatabase } from '../../src/server/db/seed/index.js';
import { TEST_SEED_CONFIG } from '../server/support/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and demo-seeded as `npm start` leaves a new one. */
    seededDataDir: string;
  }
}

/**
 * Migrates and seeds one embedded database for the run: each live server (support/live-server.ts) starts
 * from a copy of its directory, as on a restart, instead of migrating and seeding its own (~10 s each).
 */
export default async function setup(project: TestProject) {
  const cache = path.resolve('node_modules/.cache/tanimitra-test');
  mkdirSync(cache, { recursive: true });
  const dataDir = mkdtempSync(path.join(cache, 'app-data-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db, TEST_SEED_CONFIG);
  } finally {
    await database.close();
  }
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
