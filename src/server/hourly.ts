const HOUR_MS = 60 * 60 * 1000;

/** Where a failed run is told. */
export type ErrorLog = { error: (obj: object, msg: string) => void };

/**
 * Runs `job` `firstDelayMs` after now and then every hour; a failure is logged as `failure` and the next run
 * comes all the same. The timers do not keep the process alive; the answer stops them.
 */
export function everyHour(job: () => Promise<unknown>, firstDelayMs: number, log: ErrorLog, failure: string) {
  const run = () => job().catch((err: unknown) => log.error({ err }, failure));
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
