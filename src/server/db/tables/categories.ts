import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ownSearchText, timestamps, trgm } from './columns.js';

/** A category table: a unique (any letter case) type_name with a description. */
const categoryTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      type_name: varchar('type_name', { length: 120 }).notNull(),
      description: text('description').notNull(),
      search_text: ownSearchText('type_name'),
      ...timestamps,
    },
    (t) => [
      uniqueIndex(`${name}_name_unique`).on(sql`lower(${t.type_name})`),
      index(`${name}_created_idx`).on(t.created_at, t.id),
      index(`${name}_type_name_idx`).on(t.type_name, t.id),
      trgm(`${name}_search_trgm`, t.search_text),
    ],
  );

/** Land categories: the admin "Category" tab (`/admin/category`). */
export const landCategories = categoryTable('land_categories');
/** Contract categories (`/admin/contract-category`). */
export const contractCategories = categoryTable('contract_categories');
