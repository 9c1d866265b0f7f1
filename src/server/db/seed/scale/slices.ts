import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long Node's work over a load's rows keeps the event loop before it lets the connection's answers in (ms). */
const SLICE_MS = 5;

/**
 * Runs `each` over `items` in slices of SLICE_MS: Node's work beside the load's next statements (PostgreSQL runs
 * them on one core, Node works on the other), whose answers are read between slices so that the load goes on.
 * Answers a promise already handled, so that a load that fails before awaiting it reports its own error.
 */
export function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  const run = async () => {
    let sliceStart = performance.now();
    for (const item of items) {
      each(item);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  };
  const running = run();
  running.catch(() => {});
  return running;
}
