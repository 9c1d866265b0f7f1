import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { removeMade, whenMade } from './made-in-child.js';

/** A migrated, demo-seeded embedded database: its data directory, and a snapshot of it (`loadDataDir`). */
export interface SeededEmbedded {
  dataDir: string;
  snapshotPath: string;
}

const shared = globalThis as { tanimitraSeeded?: SeededEmbedded & { made: Promise<void> } };

/**
 * Where the run's migrated, demo-seeded embedded database will be, as soon as called: a child process
 * (seeded-embedded-child.ts) makes it while the test files start — most need no database, and those that
 * do wait with `whenSeeded`. The projects' global setups run one after the other in vitest's own process but
 * load their modules apart, so it is kept on globalThis: the second setup takes what the first started.
 * In a child rather than in vitest's process: PGlite's work would hold up the event loop that serves the
 * workers' module requests.
 */
export function seededEmbedded(): SeededEmbedded {
  return (shared.tanimitraSeeded ??= make());
}

function make(): SeededEmbedded & { made: Promise<void> } {
  const cache = path.resolve('node_modules/.cache/tanimitra-test');
  mkdirSync(cache, { recursive: true });
  const dataDir = mkdtempSync(path.join(cache, 'seeded-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'seeded-embedded-child.ts'), dataDir],
    { env: { ...process.env, NODE_ENV: 'test' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const made = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding the test database failed (exit code ${code})`)),
    );
  });
  made.catch(() => {}); // reported by whenSeeded and the teardown
  return { dataDir, snapshotPath: snapshotOf(dataDir), made };
}

export const snapshotOf = (dataDir: string) => `${dataDir}.tar.gz`;

/** Waits until the seeded database of `seededEmbedded` is made (`where`: its data directory or its snapshot); answers `where`. */
export async function whenSeeded(where: string): Promise<string> {
  await whenMade(where.replace(/\.tar\.gz$/, ''), 'seeding the test database');
  return where;
}

/** Removes both (a global teardown: after every test of the run). */
export async function removeSeededEmbedded(): Promise<void> {
  const seeded = shared.tanimitraSeeded;
  if (!seeded) return;
  try {
    await seeded.made;
  } finally {
    removeMade(seeded.dataDir, seeded.snapshotPath);
  }
}
