/**
 * What a benchmark made (databases, servers, browsers, folders), undone last first: at its end, when it fails and
 * when it is interrupted. A step pushed to `cleanups` runs once.
 */
export const cleanups: (() => unknown)[] = [];

export async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('clean-up:', err instanceof Error ? err.message : err);
    }
  }
}

/** Runs a benchmark's `main`, cleans up after it (also on a failure, SIGINT or SIGTERM) and exits. */
export function runBench(main: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  main()
    .catch((err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanUp();
      process.exit();
    });
}
