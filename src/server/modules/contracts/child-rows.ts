import { and, asc, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/engine/client.js';
import { contractAdvances, contractDeliveries, contractPayments, documents } from '../../db/schema.js';
import { readStoredDocument } from '../documents/service.js';

/** The records a contract has one of per step: its deliveries, advances and payments. */
type ChildTable = typeof contractDeliveries | typeof contractAdvances | typeof contractPayments;

/** A contract's deliveries, advances or payments as `record` selects them, oldest first. */
export async function childRows<S extends SelectedFields>(
  db: Db,
  table: ChildTable,
  record: S,
  contractId: number,
): Promise<SelectResultFields<S>[]> {
  const rows = await db
    .select(record)
    .from(table)
    .where(eq(table.contract_id, contractId))
    .orderBy(asc(table.id));
  return rows as SelectResultFields<S>[];
}

/** The stored photo of one of a contract's deliveries or payments; none, or one of another contract: 404. */
export function childPhoto(
  db: Db,
  table: typeof contractDeliveries | typeof contractPayments,
  contractId: number,
  rowId: number,
) {
  const photoOf = db
    .select({ id: table.photo_document_id })
    .from(table)
    .where(and(eq(table.id, rowId), eq(table.contract_id, contractId)));
  return readStoredDocument(db, eq(documents.id, sql`(${photoOf})`), 'Photo');
}
