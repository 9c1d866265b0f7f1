import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * Things a run makes once, in a child process, while the first test files start (the seeded database, the
 * server bundle), and that the test workers — other processes — wait for: beside each target, a ready marker
 * once the child has made it, or a failed one with the child's output.
 */
const readyMarker = (target: string) => `${target}.ready`;
const failedMarker = (target: string) => `${target}.failed`;

/** Something being made for the run: `made` settles when its child exits; `files` are removed at the end. */
export interface Making {
  made: Promise<void>;
  files: string[];
}

/**
 * What `start` answers, once per run: kept on globalThis, since the projects' global setups run one after the
 * other in vitest's own process but load their modules apart (the second takes what the first started).
 */
export function perRun<T extends Making>(key: string) {
  const shared = globalThis as unknown as Record<string, T | undefined>;
  return { get: (start: () => T) => (shared[key] ??= start()), current: () => shared[key] };
}

/**
 * Runs node with `args` to make `target` (`what` names the work in errors), and marks it ready or failed when
 * the child exits. In a child rather than in vitest's process: the work would hold up the event loop that
 * serves the workers' module requests.
 */
export function makeInChild(target: string, args: string[], what: string): Promise<void> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const made = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit code ${code}):\n${output}`)),
    );
  }).then(
    () => writeFileSync(readyMarker(target), ''),
    (error: Error) => {
      writeFileSync(failedMarker(target), error.message);
      throw error;
    },
  );
  made.catch(() => {}); // reported by whenMade and the teardown
  return made;
}

/** Waits until `target` is marked ready (170 s at most); throws with the child's output if it failed. */
export async function whenMade(target: string, what: string): Promise<void> {
  const deadline = Date.now() + 170_000;
  while (!existsSync(readyMarker(target))) {
    if (existsSync(failedMarker(target))) throw new Error(readFileSync(failedMarker(target), 'utf8'));
    if (Date.now() > deadline) throw new Error(`${what} did not finish within 170 s (${target})`);
    await sleep(50);
  }
}

/** Once `making` has settled, removes its files with their markers (a global teardown); rethrows its failure. */
export async function removeMade(making: Making | undefined): Promise<void> {
  if (!making) return;
  try {
    await making.made;
  } finally {
    for (const target of making.files) {
      for (const file of [target, readyMarker(target), failedMarker(target)]) {
        rmSync(file, { recursive: true, force: true });
      }
    }
  }
}
