import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../engine/client.js';
import { conflict } from '../../http/errors.js';

export interface UniqueName {
  table: PgTable;
  id: AnyColumn;
  name: AnyColumn;
  /** Narrows the check, e.g. to the districts of one province. */
  scope?: SQL;
  /** The record being renamed, which may keep its own name. */
  exceptId?: number;
}

/** 409 CONFLICT with `message` when another record of `table` has `value` as its name, in any letter case. */
export async function assertNameFree(db: Db | Tx, value: string, spec: UniqueName, message: string) {
  const [clash] = await db
    .select({ one: sql`1` })
    .from(spec.table)
    .where(
      and(
        eq(sql`lower(${spec.name})`, value.toLowerCase()),
        spec.scope,
        spec.exceptId === undefined ? undefined : ne(spec.id, spec.exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(message);
}
