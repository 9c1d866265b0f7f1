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
