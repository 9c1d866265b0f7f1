import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';

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
export const readyMarker = (dataDir: string) => `${dataDir}.ready`;
export const failedMarker = (dataDir: string) => `${dataDir}.failed`;

/** Waits until the seeded database of `seededEmbedded` is made (`where`: its data directory or its snapshot); answers `where`. */
export async function whenSeeded(where: string): Promise<string> {
  const dataDir = where.replace(/\.tar\.gz$/, '');
  const deadline = Date.now() + 170_000;
  while (!existsSync(readyMarker(dataDir))) {
    if (existsSync(failedMarker(dataDir))) {
      throw new Error(`seeding the test database failed:\n${readFileSync(failedMarker(dataDir), 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`the test database was not seeded within 170 s (${dataDir})`);
    await sleep(50);
  }
  return where;
}

/** Removes both (a global teardown: after every test of the run). */
export async function removeSeededEmbedded(): Promise<void> {
  const seeded = shared.tanimitraSeeded;
  if (!seeded) return;
  try {
    await seeded.made;
  } finally {
    for (const file of [
      seeded.dataDir,
      seeded.snapshotPath,
      readyMarker(seeded.dataDir),
      failedMarker(seeded.dataDir),
    ]) {
      rmSync(file, { recursive: true, force: true });
    }
  }
}
