import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/engine/client.js';
import { contractAdvances, contractPayments, contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { visibleTo } from '../contracts/visibility.js';
import { childRows } from '../contracts/child-rows.js';
import { takeStep, type StepOptions } from '../contracts/events.js';
import { refreshSettlement } from '../contracts/settlement-totals.js';

/** The rows of a contract's money the mitra records and the petani confirms: advances and payments. */
export type MoneyTable = typeof contractAdvances | typeof contractPayments;

/** A row of money as the API answers it: every column but its contract and who recorded and confirmed it. */
export function moneyRecord<T extends MoneyTable>(table: T) {
  const {
    contract_id: _contract,
    recorded_by: _recorder,
    confirmed_by: _confirmer,
    ...record
  } = getTableColumns(table);
  return record;
}

/** The settlement as the contract's row keeps it (settlement-totals.ts refreshes it). */
export const settledColumns = {
  gross: contracts.settled_gross,
  advances: contracts.settled_advances,
  paid: contracts.settled_paid,
  pending: contracts.settled_pending,
  outstanding: contracts.settled_outstanding,
  due_date: contracts.payment_due_date,
  payment_days: contracts.payment_days,
};

/** The contract's settlement columns, for a caller who may see it (a party, an admin); anyone else 404. */
export async function visibleSettlement(db: Db, user: AuthUser, contractId: number) {
  const [row] = await db
    .select(settledColumns)
    .from(contracts)
    .where(and(eq(contracts.id, contractId), visibleTo(user)));
  if (!row) throw notFound('Contract');
  return { ...row, outstanding: row.outstanding ?? 0 };
}

/**
 * GET /contract/{id}/advances|payments: `record` (moneyRecord) of each row, oldest first; a contract the caller
 * may not see is 404.
 */
export async function listMoneyRows<S extends SelectedFields>(
  db: Db,
  user: AuthUser,
  contractId: number,
  table: MoneyTable,
  record: S,
) {
  await visibleSettlement(db, user, contractId);
  return childRows(db, table, record, contractId);
}

/**
 * The mitra records a row of money (advance, pay): under takeStep's lock, after its `check`, the row `values`
 * gives is stored as the contract's, recorded by the caller, and the settlement refreshed; it counts once the
 * petani confirms it (the contract then awaits the petani).
 */
export async function recordMoneyRow<T extends MoneyTable, R>(
  db: Db,
  user: AuthUser,
  contractId: number,
  step: {
    action: 'advance' | 'pay';
    table: T;
    note: string;
    check?: StepOptions['check'];
    values: (tx: Tx) => Promise<Omit<T['$inferInsert'], 'contract_id' | 'recorded_by'>>;
  },
): Promise<R> {
  let recorded: R | undefined;
  await takeStep(db, user, contractId, step.action, {
    note: step.note,
    check: step.check,
    apply: async (tx) => {
      const values = { ...(await step.values(tx)), contract_id: contractId, recorded_by: user.id };
      const rows = await tx
        .insert(step.table)
        .values(values as never)
        .returning(moneyRecord(step.table) as never);
      recorded = (rows as R[])[0];
      await refreshSettlement(tx, contractId);
    },
  });
  return recorded!;
}

/**
 * The petani confirms receiving a row of money (confirm_advance, confirm_payment): under takeStep's lock, a row
 * of another contract (or none) is 404, one confirmed already 409; then it counts (the settlement refreshed).
 */
export async function confirmMoneyRow<R>(
  db: Db,
  user: AuthUser,
  contractId: number,
  rowId: number,
  step: {
    action: 'confirm_advance' | 'confirm_payment';
    table: MoneyTable;
    what: string;
    already: string;
    note: string;
  },
): Promise<R> {
  const { table } = step;
  const ofContract = and(eq(table.id, rowId), eq(table.contract_id, contractId));
  let confirmed: R | undefined;
  await takeStep(db, user, contractId, step.action, {
    note: step.note,
    check: async (tx) => {
      const [row] = await tx.select({ confirmed_at: table.confirmed_at }).from(table).where(ofContract);
      if (!row) throw notFound(step.what);
      if (row.confirmed_at !== null) throw conflict(step.already);
    },
    apply: async (tx) => {
      const rows = await tx
        .update(table)
        .set({ confirmed_at: new Date(), confirmed_by: user.id })
        .where(and(ofContract, isNull(table.confirmed_at)))
        .returning(moneyRecord(step.table) as never);
      confirmed = (rows as R[])[0];
      await refreshSettlement(tx, contractId);
    },
  });
  return confirmed!;
}
