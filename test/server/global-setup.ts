import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/engine/client.js';
import { seedDatabase } from '../../src/server/db/seed/index.js';
import { removeSeededEmbedded, seededEmbedded } from '../support/seeded-embedded.js';
import { TEST_SEED_CONFIG, adminUrl, databaseUrlFor } from './support/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded mode: path of a migrated, demo-seeded PGlite snapshot. */
    snapshotPath: string;
    /** PostgreSQL mode: name of a migrated, demo-seeded template database. */
    templateDatabase: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; every test file then starts from a copy of it:
 * a PGlite snapshot (`loadDataDir`) by default, or `CREATE DATABASE … TEMPLATE` when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `tanimitra_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template) });
    await database.migrate();
    await seedDatabase(database.db, TEST_SEED_CONFIG);
    await database.close();
    project.provide('templateDatabase', template);
    project.provide('snapshotPath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }

  project.provide('snapshotPath', seededEmbedded().snapshotPath);
  project.provide('templateDatabase', '');
  return removeSeededEmbedded;
}
