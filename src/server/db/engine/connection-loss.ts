import type pg from 'pg';

export interface DbLog {
  warn(obj: object, msg: string): void;
}

/**
 * Keeps the process and the pool alive when PostgreSQL drops connections (a restart, `pg_terminate_backend`,
 * a network cut). node-postgres emits 'error' on a client whose connection dies, and an 'error' event
 * without a listener ends the process.
 * - An idle client: pg-pool discards it and re-emits the error on the pool, where it is logged.
 * - A checked-out client (a transaction between two queries, or one whose BEGIN failed, which Drizzle never
 *   releases): it goes back to the pool with the error at once, so the pool discards it and its slot is free
 *   for a new connection; the holder's own `release()` later does nothing. The holder's queries fail with a
 *   connection error, which the API answers with 503.
 * New checkouts open fresh connections, so the pool heals without a restart.
 */
export function surviveConnectionLoss(pool: pg.Pool, log: () => DbLog): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('error', (err) =>
    log().warn(brief(err), 'PostgreSQL closed an idle connection; the pool reconnects'),
  );
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return; // idle: reported by the pool's 'error' above
      log().warn(brief(err), 'PostgreSQL connection lost during a request');
      const release = client.release;
      client.release = () => {};
      release(err);
    });
  });
}

/** A connection that died under a query (terminated, reset), as opposed to one that could not be opened. */
const DIED_CODES = new Set(['57P01', '57P02', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE']);
const DIED_MESSAGES = /^(Connection terminated unexpectedly|Client has encountered a connection error)/;

const diedUnderQuery = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown };
  return (
    (typeof e.code === 'string' && DIED_CODES.has(e.code)) ||
    (typeof e.message === 'string' && DIED_MESSAGES.test(e.message))
  );
};

/**
 * `pool.query` is what Drizzle uses outside transactions. A SELECT sent there on a pooled connection that
 * PostgreSQL had just closed fails although the database is fine; it runs once more on another connection.
 * Only SELECTs: running one twice changes nothing (the app's locking SELECTs all run inside transactions).
 */
export function retryReadsOnDeadConnection(pool: pg.Pool, log: () => DbLog): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args);
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : config.text;
    return query(...args).catch((err: unknown) => {
      if (!/^\s*select\b/i.test(text ?? '') || !diedUnderQuery(err)) throw err;
      log().warn(brief(err as Error), 'a read lost its PostgreSQL connection; retrying it once');
      return query(...args);
    });
  }) as typeof pool.query;
}

/** pg-pool hangs the whole client on the error; the log needs only what happened. */
const brief = (err: Error & { code?: string }) => ({ code: err.code, message: err.message });
