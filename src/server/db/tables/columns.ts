import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  type ExtraConfigColumn,
  index,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Every time the database keeps is a `timestamp with time zone`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** The time a row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const timestamps = {
  created_at: createdAt(),
  updated_at: timestamptz('updated_at').notNull().defaultNow(),
};

/**
 * What a list's `q` searches: its fields lower-cased, one per line (a word of `q` has no whitespace, so it
 * never matches across two fields). The triggers of migration search_columns keep it, drawing also on the
 * tables the list searches through (owner and party names, location and province names).
 */
export const searchText = () => text('search_text').notNull().default('');
/** `search_doc(...)` of the row's own fields, for a table whose search draws on no other table. */
export const ownSearchText = (...fields: string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(`search_doc(${fields.map((f) => `"${f}"`).join(', ')})`));
/**
 * Trigram index on a search column: serves `search_text LIKE '%word%'` (src/server/db/search/search.ts). Without a
 * pending list (fastupdate off): a write adds its trigrams to the index at once, so that no search has to
 * read through entries waiting to be merged (the embedded database has no autovacuum to merge them).
 */
export const trgm = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops')).with({ fastupdate: false });

/** The rows of part `k` of `parts`, by id: `id % parts = k`, written out so that a partial index's predicate matches. */
export const idPart = (id: AnyPgColumn | ExtraConfigColumn, parts: number, k: number) =>
  sql`${id} % ${sql.raw(String(parts))} = ${sql.raw(String(k))}`;

/**
 * A search column's trigram index again in SEARCH_PARTS partial indexes, one per `idPart`. A GIN index is read
 * as a bitmap of every match, so a common word's capped count read all its matches; read part after part
 * (db/lists/list-spec.ts `cappedCount`), it stops in the first part that holds the cap. The whole index stays:
 * a page's rows are read from it (or along the sort's index) in the list's order, across the parts.
 * Measured at 1M users / 3M lahan (db/search/README.md): petani `budi` (22,900 matches) 7.5 → 2.5 ms,
 * lahan `bud` (71,660) 33 → 3–5 ms; more parts cost more planning of the count (16: ~8 ms) and a longer build.
 */
export const SEARCH_PARTS = 8;
export const trgmParts = (name: string, column: ExtraConfigColumn, id: ExtraConfigColumn) =>
  Array.from({ length: SEARCH_PARTS }, (_, k) =>
    trgm(`${name}_p${k}`, column).where(idPart(id, SEARCH_PARTS, k)),
  );

/**
 * An enum column's values in alphabetical order of their labels, for sorting by `status` alphabetically rather
 * than in the enum's declaration order: `enum_label` (db/functions/05-enum-label.sql) in the C collation, the
 * expression of the indexes `lahan_status_rank_idx` and `contracts_status_rank_idx`. No value is written into
 * the expression, so a migration adding a status rebuilds no index (and may run in one transaction).
 */
export const alphabeticalRank = (column: AnyPgColumn) => sql`(enum_label(${column}) collate "C")`;

/** `column IN (values…)` as a check constraint (the values are our own constants, inlined). */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);
