import { getTableName, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { integer, record, text, timestamp } from '../../db/lists/field.js';
import { filter, listResource } from '../../db/lists/resource.js';
import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { contractCategories, contracts, lahan, landCategories } from '../../db/schema.js';
import { requiredName } from '../../http/field-rules.js';
import { requiredForm } from '../../http/forms.js';

/** One kind of category: the table that holds it and the records that may point at it. */
export interface CategoryKind {
  /** Both category tables have the same columns; only their names differ. */
  table: typeof landCategories | typeof contractCategories;
  /** 'Category', 'Contract category': starts the messages. */
  label: string;
  usedBy: { table: PgTable; column: AnyColumn; noun: string };
}

export const LAND_CATEGORY: CategoryKind = {
  table: landCategories,
  label: 'Category',
  usedBy: { table: lahan, column: lahan.category_id, noun: 'lahan' },
};

export const CONTRACT_CATEGORY: CategoryKind = {
  table: contractCategories,
  label: 'Contract category',
  usedBy: { table: contracts, column: contracts.contract_category_id, noun: 'contract(s)' },
};

export const CategoryBody = requiredForm({
  type_name: requiredName(120, 'Required; trimmed; unique regardless of letter case'),
  description: requiredName(2000, 'Required; trimmed'),
});

/** A category record, of either table. */
export const categoryRecord = (table: CategoryKind['table']) =>
  record({
    id: integer(table.id),
    type_name: text(table.type_name),
    description: text(table.description),
    created_at: timestamp(table.created_at),
    updated_at: timestamp(table.updated_at),
  });

export const Category = categoryRecord(landCategories).schema;

/** The list of one kind of category; `in_use` is an EXISTS on the using table's foreign key (served by its index). */
export const categoryList = ({ table, usedBy }: CategoryKind) =>
  listResource({
    entity: getTableName(table),
    table,
    id: table.id,
    json: categoryRecord(table).json,
    search: table.search_text,
    sorts: { created_at: table.created_at, type_name: table.type_name },
    filters: {
      in_use: filter(
        Type.Boolean({
          description:
            'true: only the categories some record uses (lahan for /admin/category, contracts for ' +
            '/admin/contract-category); false: only those none uses, which can be deleted',
        }),
        (inUse) =>
          sql`${sql.raw(inUse ? '' : 'not ')}exists (select 1 from ${usedBy.table} where ${usedBy.column} = ${table.id})`,
        { inShape: true },
      ),
    },
  });

export const CategoryListQuery = categoryList(LAND_CATEGORY).query;
