import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A worker that dies before it listens, or within this time of listening, counts as a crash loop: the next
 * one waits longer.
 */
const HEALTHY_AFTER_MS = 10_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;
/** How long the workers get to finish their requests and close on SIGTERM before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The primary of `WORKERS=N`: forks N workers (this same script; each builds the app and listens on the
 * shared port, connections handed out in turn), replaces a worker that dies — at once the first time, then
 * with a doubling delay while new workers keep dying young, so a crash loop does not spin — and on
 * SIGTERM/SIGINT stops them all and exits.
 */
export function superviseWorkers(count: number, log: FastifyBaseLogger): void {
  let stopping = false;
  let quickDeaths = 0;
  /** Each running worker, with when it started to listen (0 until it does). */
  const listeningSince = new Map<Worker, number>();
  const pending = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork();
    listeningSince.set(worker, 0);
    worker.once('listening', () => listeningSince.set(worker, Date.now()));
  };

  cluster.on('exit', (worker, code, signal) => {
    const since = listeningSince.get(worker) ?? 0;
    listeningSince.delete(worker);
    if (stopping) {
      if (listeningSince.size === 0) process.exit(0);
      return;
    }
    quickDeaths = since === 0 || Date.now() - since < HEALTHY_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths <= 1 ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (quickDeaths - 2), MAX_DELAY_MS);
    log.error(
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another` +
        (delay > 0 ? ` in ${delay} ms` : ''),
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delay);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping ${listeningSince.size} workers`);
    for (const timer of pending) clearTimeout(timer);
    if (listeningSince.size === 0) process.exit(0);
    for (const worker of listeningSince.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of listeningSince.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < count; i++) fork();
}
