import { formatRupiah } from '../../../shared/format-id.js';
import { MESSAGES } from '../../../shared/messages.js';
import { ADVANCE_KIND_LABEL, type AdvanceKind } from '../../../shared/settlement.js';
import type { Db } from '../../db/engine/client.js';
import { contractAdvances } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { takeStep } from '../contracts/events.js';
import { confirmMoneyRow, visibleSettlement } from './money-rows.js';
import { refreshSettlement } from '../contracts/settlement-totals.js';
import { childRows } from '../contracts/child-rows.js';

const S = MESSAGES.settlement;

/** An advance as the API answers it. */
const advanceRecord = {
  id: contractAdvances.id,
  kind: contractAdvances.kind,
  amount: contractAdvances.amount,
  date: contractAdvances.date,
  note: contractAdvances.note,
  created_at: contractAdvances.created_at,
  confirmed_at: contractAdvances.confirmed_at,
};

export interface AdvanceInput {
  kind: AdvanceKind;
  amount: number;
  date: string;
  note?: string | null;
}

export type Advance = Awaited<ReturnType<typeof listAdvances>>[number];

/** GET /contract/{id}/advances: oldest first; a contract the caller may not see is 404. */
export async function listAdvances(db: Db, user: AuthUser, contractId: number) {
  await visibleSettlement(db, user, contractId);
  return childRows(db, contractAdvances, advanceRecord, contractId);
}

/**
 * POST /contract/{id}/advances: the mitra of an approved or active contract records inputs or cash advanced
 * to the petani; it counts once the petani confirms it (the contract then awaits the petani).
 */
export async function recordAdvance(db: Db, user: AuthUser, contractId: number, input: AdvanceInput) {
  let recorded: Advance | undefined;
  await takeStep(db, user, contractId, 'advance', {
    note: `${ADVANCE_KIND_LABEL[input.kind]} ${formatRupiah(input.amount)}`,
    apply: async (tx) => {
      [recorded] = await tx
        .insert(contractAdvances)
        .values({
          contract_id: contractId,
          kind: input.kind,
          amount: input.amount,
          date: input.date,
          note: input.note ?? null,
          recorded_by: user.id,
        })
        .returning(advanceRecord);
      await refreshSettlement(tx, contractId);
    },
  });
  return recorded!;
}

/** POST /contract/{id}/advances/{advanceId}/confirm: the petani confirms receiving it; it is deducted from now. */
export const confirmAdvance = (db: Db, user: AuthUser, contractId: number, advanceId: number) =>
  confirmMoneyRow<Advance>(db, user, contractId, advanceId, {
    action: 'confirm_advance',
    table: contractAdvances,
    what: 'Advance',
    already: S.advanceConfirmedAlready,
    note: `Uang muka #${advanceId}`,
    returning: advanceRecord,
  });
