import type { TestProject } from 'vitest/node';
import { removeSeededEmbedded, seededEmbedded } from '../support/seeded-embedded.js';
import { removeServerBundle, serverBundle, type ServerBundle } from '../support/server-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and demo-seeded as `npm start` leaves a new one. */
    seededDataDir: string;
    /** The server as `npm start` runs it, built for this run. */
    serverBundle: ServerBundle;
  }
}

/**
 * Each live server (support/live-server.ts) starts from a copy of the run's seeded data directory, as on a
 * restart, instead of migrating and seeding its own (~10 s each), and from the run's server bundle.
 */
export default async function setup(project: TestProject) {
  project.provide('seededDataDir', seededEmbedded().dataDir);
  const { dir, main } = serverBundle();
  project.provide('serverBundle', { dir, main });
  return async () => {
    try {
      await removeServerBundle();
    } finally {
      await removeSeededEmbedded();
    }
  };
}
