import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../../src/server/db/engine/client.js';
import type { Reference } from './references.js';

/*
 * Generated requests hold these stand-ins instead of their final text, so that a counterexample prints
 * in one line ("filler(1048577)") and an id is looked up in the database as it is when the request is sent.
 */

/** A string of `length` copies of `unit`. */
export class Filler {
  constructor(
    readonly length: number,
    readonly unit = 'a',
  ) {}
  text(): string {
    return this.unit.repeat(this.length);
  }
  [fc.toStringMethod](): string {
    return `filler(${this.length}${this.unit === 'a' ? '' : ` × ${JSON.stringify(this.unit)}`})`;
  }
}

/** JSON text written as it is: literals JSON.stringify cannot produce (Infinity, 1e999, -0) and deep nesting. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label = text,
  ) {}
  [fc.toStringMethod](): string {
    return `raw(${this.label})`;
  }
}

/** `depth` nested arrays (`[[[…]]]`) or objects (`{"a":{"a":…}}`). */
export const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? new RawJson('['.repeat(depth) + ']'.repeat(depth), `${depth} nested arrays`)
    : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), `${depth} nested objects`);

/** The n-th (modulo their number) existing row of a table, by id, when the request is sent. */
export class Existing {
  constructor(
    readonly ref: Reference,
    readonly n: number,
  ) {}
  async id(db: Db): Promise<number> {
    const where = this.ref.role ? sql`WHERE role = ${this.ref.role}` : sql``;
    const table = sql.identifier(this.ref.table);
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM ${table} ${where} ORDER BY id
          OFFSET ${this.n} % GREATEST((SELECT count(*) FROM ${table} ${where}), 1) LIMIT 1`,
    );
    // An empty table: an id that cannot exist.
    return Number(row?.id ?? 2147483647);
  }
  [fc.toStringMethod](): string {
    return `existing(${this.ref.table}${this.ref.role ? `:${this.ref.role}` : ''} #${this.n})`;
  }
}

/** `value` with every Existing replaced by its id (the rest is left for `jsonText`/`plainText`). */
export async function resolveIds(db: Db, value: unknown): Promise<unknown> {
  if (value instanceof Existing) return value.id(db);
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveIds(db, item)));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) define(out, key, await resolveIds(db, item));
    return out;
  }
  return value;
}

/** JSON text of a resolved value: Filler spelled out, RawJson inserted as it is. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Filler) return item.text();
    if (item instanceof RawJson) return `\u0001raw${raws.push(item.text) - 1}\u0001`;
    return item;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, i: string) => raws[Number(i)]!);
}

/** A resolved scalar as it goes into a URL (before percent-encoding). */
export const plainText = (value: unknown): string =>
  value instanceof Filler ? value.text() : value instanceof RawJson ? value.text : String(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** Sets an own property, `__proto__` included (plain assignment would change the prototype instead). */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
