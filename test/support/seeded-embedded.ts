import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { makeInChild, perRun, removeMade, whenMade, type Making } from './made-in-child.js';

/** A migrated, demo-seeded embedded database: its data directory, and a snapshot of it (`loadDataDir`). */
export interface SeededEmbedded {
  dataDir: string;
  snapshotPath: string;
}

const seeded = perRun<SeededEmbedded & Making>('tanimitraSeeded');
const SEEDING = 'seeding the test database';

/**
 * Where the run's migrated, demo-seeded embedded database will be, as soon as called: a child process
 * (seeded-embedded-child.ts) makes it while the test files start — most need no database, and those that
 * do wait with `whenSeeded`.
 */
export function seededEmbedded(): SeededEmbedded {
  return seeded.get(() => {
    const cache = path.resolve('node_modules/.cache/tanimitra-test');
    mkdirSync(cache, { recursive: true });
    const dataDir = mkdtempSync(path.join(cache, 'seeded-'));
    const child = path.join(import.meta.dirname, 'seeded-embedded-child.ts');
    const made = makeInChild(dataDir, ['--import', 'tsx', child, dataDir], SEEDING);
    const snapshotPath = snapshotOf(dataDir);
    return { dataDir, snapshotPath, made, files: [dataDir, snapshotPath] };
  });
}

export const snapshotOf = (dataDir: string) => `${dataDir}.tar.gz`;

/** Waits until the seeded database of `seededEmbedded` is made (`where`: its data directory or its snapshot); answers `where`. */
export async function whenSeeded(where: string): Promise<string> {
  await whenMade(where.replace(/\.tar\.gz$/, ''), SEEDING);
  return where;
}

/** Removes both (a global teardown: after every test of the run). */
export const removeSeededEmbedded = () => removeMade(seeded.current());
