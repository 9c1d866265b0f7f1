import { and, count, eq, exists, getTableName, notExists, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { contractCategories, contracts, lahan, landCategories } from '../../db/schema.js';
import { CAPPED_COUNT, counted, type SortColumns } from '../../db/lists/list-spec.js';
import { listJson } from '../../db/lists/list-json.js';
import { isoTime, jsonObject } from '../../db/lists/json.js';
import { binder } from '../../db/lists/prebuilt.js';
import { searchCondition } from '../../db/search/search.js';
import { conflict, notFound } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import type { CATEGORY_SORT_KEYS, CategoryBody, CategoryListQuery } from './schema.js';
import { MESSAGES } from '../../../shared/messages.js';

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

export type CategoryInput = Static<typeof CategoryBody>;
export type CategoryQuery = Static<typeof CategoryListQuery>;

export function categoryService({ table, label, usedBy }: CategoryKind) {
  const record = {
    id: table.id,
    type_name: table.type_name,
    description: table.description,
    created_at: table.created_at,
    updated_at: table.updated_at,
  };

  const recordJson = jsonObject({
    ...record,
    created_at: isoTime(table.created_at),
    updated_at: isoTime(table.updated_at),
  });

  const sortColumns: SortColumns<typeof CATEGORY_SORT_KEYS> = {
    created_at: table.created_at,
    type_name: table.type_name,
  };

  const assertTypeNameFree = (db: Db, typeName: string, exceptId?: number) =>
    assertNameFree(
      db,
      typeName,
      { table, id: table.id, name: table.type_name, exceptId },
      MESSAGES.record.nameTaken(label, typeName),
    );

  /** An EXISTS on the using table's foreign key, served by its index (lahan_category_idx, contracts_category_idx). */
  const inUseCondition = (db: Db, inUse: boolean | undefined) => {
    if (inUse === undefined) return undefined;
    const users = db
      .select({ one: sql`1` })
      .from(usedBy.table)
      .where(eq(usedBy.column, table.id));
    return inUse ? exists(users) : notExists(users);
  };

  async function get(db: Db, id: number) {
    const [row] = await db.select(record).from(table).where(eq(table.id, id));
    if (!row) throw notFound(label);
    return row;
  }

  return {
    /** One page as JSON, with its total (db/lists/list-spec.ts). */
    async list(db: Db, query: CategoryQuery) {
      const { bind, values } = binder();
      const search = searchCondition(table.search_text, query.q, bind);
      const where = and(search, inUseCondition(db, query.in_use));
      const sort = query.sort ?? 'created_at';
      return listJson(
        db,
        {
          shape: `${getTableName(table)}|${sort}|in_use:${query.in_use}`,
          values,
          table,
          id: table.id,
          where,
          sort: sortColumns[sort],
          order: query.order,
          page: query.page,
          limit: query.limit,
          total: where ? CAPPED_COUNT : counted(getTableName(table)),
          planPerCall: search !== undefined,
        },
        (page) =>
          db
            .select({ r: recordJson.as('r'), n: page.rank })
            .from(table)
            .$dynamic()
            .where(page.onPage),
      );
    },

    get,

    async create(db: Db, input: CategoryInput) {
      await assertTypeNameFree(db, input.type_name);
      const [row] = await db.insert(table).values(input).returning(record);
      return row!;
    },

    async update(db: Db, id: number, input: CategoryInput) {
      await get(db, id);
      await assertTypeNameFree(db, input.type_name, id);
      const [row] = await db
        .update(table)
        .set({ ...input, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning(record);
      if (!row) throw notFound(label);
      return row;
    },

    /**
     * Refuses to delete a category still in use: the foreign key would silently leave those records
     * without a category. The row lock makes a concurrent insert that points at it wait, then fail.
     */
    async remove(db: Db, id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select(record).from(table).where(eq(table.id, id)).for('update');
        if (!row) throw notFound(label);
        const [used] = await tx.select({ n: count() }).from(usedBy.table).where(eq(usedBy.column, id));
        const n = used?.n ?? 0;
        if (n > 0) {
          throw conflict(MESSAGES.record.categoryInUse(label, row.type_name, n, usedBy.noun));
        }
        await tx.delete(table).where(eq(table.id, id));
        return row;
      });
    },
  };
}

export type CategoryService = ReturnType<typeof categoryService>;
