import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, type Db } from './client.js';

/** A server-side cursor's next batch of rows (none: the end), and its closing. */
export interface Cursor<T> {
  fetch(): Promise<T[]>;
  close(): Promise<void>;
}

const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

/**
 * A server-side cursor over `query`, read `batch` rows at a time: PostgreSQL plans and runs the query once,
 * however large or selective. On PostgreSQL it is a read-only transaction on a connection of its own (taken
 * from the pool for the download), so the export reads one snapshot. The embedded database has one connection
 * that every request shares, so no transaction may stay open across requests there: the cursor is WITH HOLD,
 * whose rows PGlite writes out once when it is declared, and each FETCH is a statement like any other.
 */
export async function openCursor<T>(db: Db, query: SQL, batch: number, label: string): Promise<Cursor<T>> {
  const name = `${label}_${randomBytes(8).toString('hex')}`;
  const fetch = `FETCH ${batch} FROM ${name}`;
  const pool = (db as unknown as { $client: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const { sql: text, params } = dialectOf(db).sqlToQuery(query);
    const client = await pool.connect();
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, params);
    } catch (error) {
      client.release(true);
      throw error;
    }
    return {
      fetch: async () => (await client.query<T & pg.QueryResultRow>(fetch)).rows,
      close: async () => {
        // A connection whose ROLLBACK failed is not given back to the pool to be used again.
        const ended = await client.query('ROLLBACK').then(
          () => undefined,
          (error: Error) => error,
        );
        client.release(ended);
      },
    };
  }
  await queryRows(db, sql`DECLARE ${sql.raw(name)} NO SCROLL CURSOR WITH HOLD FOR ${query}`);
  return {
    fetch: () => queryRows<T>(db, sql.raw(fetch)),
    close: async () => void (await queryRows(db, sql.raw(`CLOSE ${name}`))),
  };
}
