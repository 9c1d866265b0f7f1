import { count, eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import {
  CONTRACT_CATEGORY,
  LAND_CATEGORY,
  categoryList,
  categoryRecord,
  type CategoryBody,
  type CategoryKind,
  type CategoryListQuery,
} from './schema.js';
import { MESSAGES } from '../../../shared/messages.js';

export { CONTRACT_CATEGORY, LAND_CATEGORY, type CategoryKind };

export type CategoryInput = Static<typeof CategoryBody>;
export type CategoryQuery = Static<typeof CategoryListQuery>;

export function categoryService(kind: CategoryKind) {
  const { table, label, usedBy } = kind;
  const { select: record } = categoryRecord(table);
  const { list } = categoryList(kind);

  const assertTypeNameFree = (db: Db, typeName: string, exceptId?: number) =>
    assertNameFree(
      db,
      typeName,
      { table, id: table.id, name: table.type_name, exceptId },
      MESSAGES.record.nameTaken(label, typeName),
    );

  async function get(db: Db, id: number) {
    const [row] = await db.select(record).from(table).where(eq(table.id, id));
    if (!row) throw notFound(label);
    return row;
  }

  return {
    /** One page as JSON, with its total (db/lists/resource.ts). */
    list,

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
