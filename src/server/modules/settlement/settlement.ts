import { paymentStatus } from '../../../shared/settlement.js';
import type { Db } from '../../db/engine/client.js';
import type { AuthUser } from '../../http/context.js';
import { visibleSettlement } from './money-rows.js';
import { todayInJakarta } from '../../../shared/format-id.js';

/** The totals a settlement is read from (the contract's settled_* columns, kept by refreshSettlement). */
export interface SettledTotals {
  gross: number;
  advances: number;
  paid: number;
  pending: number;
  outstanding: number;
  due_date: string | null;
  payment_days: number;
}

/** The settlement of GET /contract/{id}/settlement from a contract's totals, its status as of `today` (WIB). */
export const settlementOf = (totals: SettledTotals, today = todayInJakarta()) => ({
  gross: totals.gross,
  advances: totals.advances,
  net: Math.max(totals.gross - totals.advances, 0),
  paid: totals.paid,
  pending: totals.pending,
  outstanding: totals.outstanding,
  payment_status: paymentStatus(totals, today),
  due_date: totals.due_date,
  payment_days: totals.payment_days,
  advance_balance: Math.max(totals.advances - totals.gross, 0),
});

export type Settlement = ReturnType<typeof settlementOf>;

/** GET /contract/{id}/settlement: the parties and admins; anyone else 404. */
export async function readSettlement(db: Db, user: AuthUser, contractId: number): Promise<Settlement> {
  return settlementOf(await visibleSettlement(db, user, contractId));
}
