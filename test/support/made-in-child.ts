import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * Things the run makes once in a child process while the first test files start (the seeded database, the
 * server bundle) and that the test workers — other processes — wait for: beside each target, a ready marker
 * once it is whole, or a failed one saying why.
 */
export const readyMarker = (target: string) => `${target}.ready`;
export const failedMarker = (target: string) => `${target}.failed`;

/** Waits until `target` is marked ready (170 s at most); throws with the failed marker's text. */
export async function whenMade(target: string, what: string): Promise<void> {
  const deadline = Date.now() + 170_000;
  while (!existsSync(readyMarker(target))) {
    if (existsSync(failedMarker(target))) {
      throw new Error(`${what} failed:\n${readFileSync(failedMarker(target), 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`${what} was not made within 170 s (${target})`);
    await sleep(50);
  }
}

/** Removes `paths`, each with its markers. */
export function removeMade(...paths: string[]): void {
  for (const target of paths) {
    for (const file of [target, readyMarker(target), failedMarker(target)]) {
      rmSync(file, { recursive: true, force: true });
    }
  }
}
