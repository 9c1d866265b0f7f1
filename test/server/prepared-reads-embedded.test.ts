import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareEmbeddedReads } from '../../src/server/db/prepared-reads-embedded.js';

/*
 * The embedded database's query path (src/server/db/prepared-reads-embedded.ts), on a PGlite of its own
 * whatever engine the suite runs on: answers exactly as PGlite's own `query`, prepares a read once, keeps
 * errors and the client's locks as they were.
 */

let client: PGlite;
/** PGlite's own query, for comparison. */
const own = (text: string, params?: unknown[], options?: QueryOptions) =>
  PGlite.prototype.query.call(client, text, params, options);

/** Drizzle's options for its queries (drizzle-orm/pglite/session.js): dates and intervals as text. */
const drizzleOptions: QueryOptions = {
  rowMode: 'array',
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
      (t) => [t, (value: string) => value],
    ),
  ),
};

const preparedTexts = async () =>
  (await own('SELECT statement FROM pg_prepared_statements ORDER BY statement')).rows.map(
    (r) => (r as { statement: string }).statement,
  );

beforeAll(async () => {
  client = await PGlite.create();
  prepareEmbeddedReads(client);
  await client.exec(`
    CREATE TABLE item (id serial PRIMARY KEY, name text NOT NULL, at timestamptz, tags int[], doc jsonb, price numeric);
    INSERT INTO item (name, at, tags, doc, price) VALUES
      ('satu', '2026-01-02T03:04:05Z', '{1,2}', '{"a": 1}', 12.5),
      ('dua', NULL, NULL, NULL, NULL);`);
}, 60_000);

afterAll(() => client?.close());

describe('the embedded query path', () => {
  const reads: [string, unknown[]][] = [
    ['SELECT * FROM item ORDER BY id', []],
    ['SELECT id, name FROM item WHERE id = $1', [1]],
    [
      'SELECT id FROM item WHERE at < $1 AND tags @> $2 AND doc = $3',
      [new Date('2027-01-01'), [2], { a: 1 }],
    ],
    ['SELECT $1::text IS NULL AS none, $2::int + 1 AS next', [null, 41]],
    ["SELECT id FROM item WHERE name LIKE $1 || '%'", ['sa']],
  ];

  it('answers every read and write as PGlite’s own query does, in both row modes and with Drizzle’s parsers', async () => {
    for (const [text, params] of reads) {
      for (const options of [undefined, { rowMode: 'array' } as QueryOptions, drizzleOptions]) {
        const [mine, theirs] = [await client.query(text, params, options), await own(text, params, options)];
        expect(mine, text).toEqual(theirs);
      }
    }
    const write = await client.query('UPDATE item SET price = price + $1 WHERE price IS NOT NULL', [1]);
    expect(write).toMatchObject({ affectedRows: 1, rows: [] });
    const inserted = await client.query<{ id: number }>(
      'INSERT INTO item (name) VALUES ($1) RETURNING id, name',
      ['tiga'],
    );
    expect(inserted.rows).toEqual([{ id: 3, name: 'tiga' }]);
    expect(inserted.affectedRows).toBe(1);
  });

  it('prepares a read once, and leaves searches (LIKE) and writes unnamed', async () => {
    const text = 'SELECT name FROM item WHERE id = $1';
    for (const id of [1, 2, 1]) await client.query(text, [id]);
    await client.query('UPDATE item SET name = name WHERE id = $1', [1]);
    await client.query("SELECT id FROM item WHERE name LIKE 'du%'");
    const prepared = await preparedTexts();
    expect(prepared.filter((t) => t === text)).toHaveLength(1);
    expect(prepared.some((t) => /\bLIKE\b|^UPDATE/i.test(t))).toBe(false);
  });

  it('rejects a bad statement or value with PostgreSQL’s error, naming the statement, and then answers as before', async () => {
    const text = 'SELECT name FROM item WHERE id = $1';
    await expect(client.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02', query: text });
    await expect(client.query('SELECT name FROM item WHERE', [])).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('SELECT nope FROM item WHERE id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await client.query(text, [2])).rows).toEqual([{ name: 'dua' }]);
    expect((await client.query('SELECT count(*)::int AS n FROM item')).rows).toEqual([{ n: 3 }]);
  });

  it('waits for a transaction to end before reading, and reads a transaction’s own rows inside it', async () => {
    const countText = 'SELECT count(*)::int AS n FROM item';
    let outside: Promise<unknown> | undefined;
    const rolledBack = client
      .transaction(async (tx) => {
        await tx.query("INSERT INTO item (name) VALUES ('sementara')");
        // Started while the transaction holds the database: it must not run inside it.
        outside = client.query(countText);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await tx.query(countText)).rows).toEqual([{ n: 4 }]);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe('roll back');
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 3 }]);
    expect((await client.query(countText)).rows).toEqual([{ n: 3 }]);
  });
});
