import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { readStatementNamer } from './prepared-reads.js';

const { serialize } = protocol;

const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);

/**
 * The embedded database's side of db/prepared-reads.ts: `client.query` (what Drizzle sends every statement
 * through), in and out of transactions, with the reads of `readStatementNamer` as named prepared statements.
 * PGlite's own `query` parses and plans every call, in WebAssembly, in six round trips into it (parse,
 * describe, bind, describe, execute, sync), and copies its few hundred type parsers for each query that
 * brings its own; here a named read is parsed once and then bound, executed and synced in one round trip, any
 * other statement in two (the test suite's server files: 18 % less CPU).
 * Built on PGlite's public protocol interface, and like its `query`: one statement at a time (its query
 * lock), and outside a transaction never inside another caller's (its transaction lock).
 */
export function prepareEmbeddedReads(client: PGlite): void {
  const nameOf = readStatementNamer('e');
  /** Per prepared statement, its parameters' type ids (what PGlite serialises each value by). */
  const prepared = new Map<string, number[]>();
  const exchange = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  /** The parameters' types of statement `name` ('' = the unnamed one), parsed from `text` unless named before. */
  async function prepare(name: string, text: string, options?: QueryOptions): Promise<number[]> {
    let types = name ? prepared.get(name) : undefined;
    if (!types) {
      const message = concat(
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
      );
      try {
        types = parse.parseDescribeStatementResults(await exchange(message));
      } catch (error) {
        await exchange(serialize.sync()).catch(() => {});
        throw error;
      }
      if (name) prepared.set(name, types);
    }
    return types;
  }

  /**
   * The client's type parsers with the query's own on top. PGlite's `parseResults` merges them by copying the
   * client's (a few hundred types, array types included) on every query that brings its own, which Drizzle's
   * queries all do: that copy was the costliest JavaScript of a request on the embedded database.
   */
  const parsersOf = (options?: QueryOptions): PGlite['parsers'] =>
    options?.parsers ? Object.assign(Object.create(client.parsers), options.parsers) : client.parsers;

  async function run<T>(name: string, text: string, params: unknown[], options?: QueryOptions) {
    const types = await prepare(name, text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await exchange(
      concat(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
    );
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, parsersOf(options), {
      ...options,
      parsers: undefined,
    })[0] as Results<T>;
  }

  type Query = PGlite['query'];
  /**
   * `query` as PGlite's `own`, through the statement `readStatementNamer` names (the unnamed one for any other
   * text), under `lock`; a query bringing a file (`blob`, for COPY) goes to PGlite's own.
   */
  const viaProtocol =
    (own: Query, lock: <R>(fn: () => Promise<R>) => Promise<R>): Query =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (options?.blob) return own<T>(text, params, options);
      const name = options?.paramTypes ? '' : (nameOf(text) ?? '');
      try {
        return await lock(() => run<T>(name, text, params, options));
      } catch (error) {
        // As PGlite's own query: the error says which statement and values it came from.
        if (error && typeof error === 'object') Object.assign(error, { query: text, params });
        throw error;
      }
    };

  // Outside a transaction: PGlite's transaction lock, then its query lock.
  client.query = viaProtocol(client.query.bind(client), async (fn) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
  });
  // Inside one, the transaction holds the transaction lock already.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = viaProtocol(tx.query.bind(tx), (fn) => client._runExclusiveQuery(fn));
      return callback(tx);
    });
}
