import type { TestProject } from 'vitest/node';
import { removeSeededEmbedded, seededEmbedded } from '../support/seeded-embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and demo-seeded as `npm start` leaves a new one. */
    seededDataDir: string;
  }
}

/**
 * Each live server (support/live-server.ts) starts from a copy of the run's seeded data directory, as on a
 * restart, instead of migrating and seeding its own (~10 s each).
 */
export default async function setup(project: TestProject) {
  project.provide('seededDataDir', seededEmbedded().dataDir);
  return removeSeededEmbedded;
}
