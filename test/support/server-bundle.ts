import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { failedMarker, readyMarker, removeMade, whenMade } from './made-in-child.js';

/** The server bundle of a run: its directory and entry file. */
export interface ServerBundle {
  dir: string;
  main: string;
}

const shared = globalThis as { tanimitraServerBundle?: ServerBundle & { made: Promise<void> } };

/**
 * The server as `npm start` runs it (vite.server.config.ts), built once per run, for the servers the tests
 * start (test/app/support/live-server.ts): spawned from the bundle a server is healthy after about a third of
 * the CPU it takes through tsx, which compiles some 500 modules on each start (1.3 s of CPU against 4.1 s).
 * Built in a child process, as the seeded database is (seeded-embedded.ts), while the first test files start;
 * into dist/test-server-<pid>, two levels below the package root as src/server/paths.ts needs.
 */
export function serverBundle(): ServerBundle {
  return (shared.tanimitraServerBundle ??= build());
}

function build(): ServerBundle & { made: Promise<void> } {
  const dir = path.resolve(`dist/test-server-${process.pid}`);
  const child = spawn(
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'vite.server.config.ts',
      '--outDir',
      dir,
      '--logLevel',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const made = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`exit code ${code}:\n${output}`)),
    );
  }).then(
    () => writeFileSync(readyMarker(dir), ''),
    (error: Error) => {
      writeFileSync(failedMarker(dir), error.message);
      throw error;
    },
  );
  made.catch(() => {}); // reported by whenBuilt and the teardown
  return { dir, main: path.join(dir, 'main.js'), made };
}

/** Waits until the bundle of `serverBundle` is built; answers its entry file. */
export async function whenBuilt(bundle: ServerBundle): Promise<string> {
  await whenMade(bundle.dir, 'building the server bundle');
  return bundle.main;
}

/** Removes it (a global teardown: after every test of the run). */
export async function removeServerBundle(): Promise<void> {
  const bundle = shared.tanimitraServerBundle;
  if (!bundle) return;
  try {
    await bundle.made;
  } finally {
    removeMade(bundle.dir);
  }
}
