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

/**
 * The two kinds of money row side by side: the table, the step that records a row and the one that confirms
 * it (lifecycle.ts), and the row's name in a 404.
 */
export const MONEY_ROWS = {
  advance: { table: contractAdvances, record: 'advance', confirm: 'confirm_advance', what: 'Advance' },
  payment: { table: contractPayments, record: 'pay', confirm: 'confirm_payment', what: 'Payment' },
} as const;
export type MoneyKind = (typeof MONEY_ROWS)[keyof typeof MONEY_ROWS];

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

/** A row of money of the kind as the API answers it (moneyRecord). */
type MoneyRow<K extends MoneyKind> = Omit<
  K['table']['$inferSelect'],
  'contract_id' | 'recorded_by' | 'confirmed_by'
>;

/**
 * GET /contract/{id}/advances|payments: each row (moneyRecord), oldest first; a contract the caller may not see
 * is 404.
 */
export async function listMoneyRows<K extends MoneyKind>(
  db: Db,
  user: AuthUser,
  contractId: number,
  kind: K,
) {
  await visibleSettlement(db, user, contractId);
  const rows = await childRows(db, kind.table, moneyRecord(kind.table) as SelectedFields, contractId);
  return rows as MoneyRow<K>[];
}

/**
 * The mitra records a row of money (the kind's `record` step): under takeStep's lock, after its `check`, the row
 * `values` gives is stored as the contract's, recorded by the caller, and the settlement refreshed; it counts
 * once the petani confirms it (the contract then awaits the petani).
 */
export async function recordMoneyRow<K extends MoneyKind, R>(
  db: Db,
  user: AuthUser,
  contractId: number,
  kind: K,
  step: {
    note: string;
    check?: StepOptions['check'];
    values: (tx: Tx) => Promise<Omit<K['table']['$inferInsert'], 'contract_id' | 'recorded_by'>>;
  },
): Promise<R> {
  let recorded: R | undefined;
  await takeStep(db, user, contractId, kind.record, {
    note: step.note,
    check: step.check,
    apply: async (tx) => {
      const values = { ...(await step.values(tx)), contract_id: contractId, recorded_by: user.id };
      const rows = await tx
        .insert(kind.table)
        .values(values as never)
        .returning(moneyRecord(kind.table) as never);
      recorded = (rows as R[])[0];
      await refreshSettlement(tx, contractId);
    },
  });
  return recorded!;
}

/**
 * The petani confirms receiving a row of money (the kind's `confirm` step): under takeStep's lock, a row of
 * another contract (or none) is 404, one confirmed already 409 (`already`); then it counts (the settlement
 * refreshed). `note` is the event's.
 */
export async function confirmMoneyRow<R>(
  db: Db,
  user: AuthUser,
  contractId: number,
  rowId: number,
  kind: MoneyKind,
  texts: { already: string; note: string },
): Promise<R> {
  const { table } = kind;
  const ofContract = and(eq(table.id, rowId), eq(table.contract_id, contractId));
  let confirmed: R | undefined;
  await takeStep(db, user, contractId, kind.confirm, {
    note: texts.note,
    check: async (tx) => {
      const [row] = await tx.select({ confirmed_at: table.confirmed_at }).from(table).where(ofContract);
      if (!row) throw notFound(kind.what);
      if (row.confirmed_at !== null) throw conflict(texts.already);
    },
    apply: async (tx) => {
      const rows = await tx
        .update(table)
        .set({ confirmed_at: new Date(), confirmed_by: user.id })
        .where(and(ofContract, isNull(table.confirmed_at)))
        .returning(moneyRecord(table) as never);
      confirmed = (rows as R[])[0];
      await refreshSettlement(tx, contractId);
    },
  });
  return confirmed!;
}
