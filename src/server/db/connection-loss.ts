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

/** pg-pool hangs the whole client on the error; the log needs only what happened. */
const brief = (err: Error & { code?: string }) => ({ code: err.code, message: err.message });
