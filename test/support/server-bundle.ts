import path from 'node:path';
import { makeInChild, perRun, removeMade, whenMade, type Making } from './made-in-child.js';

/** The server bundle of a run: its directory and entry file. */
export interface ServerBundle {
  dir: string;
  main: string;
}

const bundle = perRun<ServerBundle & Making>('tanimitraServerBundle');
const BUILDING = 'building the server bundle';

/**
 * The server as `npm start` runs it (vite.server.config.ts), built once per run, for the servers the tests
 * start (test/app/support/live-server.ts): spawned from the bundle a server is healthy after about a third of
 * the CPU it takes through tsx, which compiles some 500 modules on each start (1.3 s of CPU against 4.1 s).
 * Built in a child process, as the seeded database is, while the first test files start; into
 * dist/test-server-<pid>, two levels below the package root as src/server/paths.ts needs.
 */
export function serverBundle(): ServerBundle {
  return bundle.get(() => {
    const dir = path.resolve(`dist/test-server-${process.pid}`);
    const vite = path.resolve('node_modules/vite/bin/vite.js');
    const args = [vite, 'build', '--config', 'vite.server.config.ts', '--outDir', dir, '--logLevel', 'warn'];
    return { dir, main: path.join(dir, 'main.js'), made: makeInChild(dir, args, BUILDING), files: [dir] };
  });
}

/** Waits until the bundle of `serverBundle` is built; answers its entry file. */
export async function whenBuilt({ dir, main }: ServerBundle): Promise<string> {
  await whenMade(dir, BUILDING);
  return main;
}

/** Removes it (a global teardown: after every test of the run). */
export const removeServerBundle = () => removeMade(bundle.current());
