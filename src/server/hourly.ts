const HOUR_MS = 60 * 60 * 1000;

/** Where a failed run is told. */
export type ErrorLog = { error: (obj: object, msg: string) => void };

/**
 * Runs `job` `firstDelayMs` after now and then every hour; a failure is logged as `failure` and the next run
 * comes all the same. The timers do not keep the process alive; the answer stops them and signals a run under way
 * to end after its batch (`stopped`), so that a shutdown does not close the pool under it: what fails after the
 * stop is the shutdown's, not logged.
 */
export function everyHour(
  job: (stopped: AbortSignal) => Promise<unknown>,
  firstDelayMs: number,
  log: ErrorLog,
  failure: string,
) {
  const stop = new AbortController();
  const run = () =>
    job(stop.signal).catch((err: unknown) => {
      if (!stop.signal.aborted) log.error({ err }, failure);
    });
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    stop.abort();
    clearTimeout(first);
    clearInterval(timer);
  };
}
