import { formatRupiah } from '../../../shared/format-id.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Static } from 'typebox';
import { ADVANCE_KIND_LABEL } from '../../../shared/settlement.js';
import type { Db } from '../../db/engine/client.js';
import type { AuthUser } from '../../http/context.js';
import { confirmMoneyRow, listMoneyRows, MONEY_ROWS, recordMoneyRow } from './money-rows.js';
import type { AdvanceBody } from './schema.js';

const S = MESSAGES.settlement;

export type AdvanceInput = Static<typeof AdvanceBody>;

export type Advance = Awaited<ReturnType<typeof listAdvances>>[number];

/** GET /contract/{id}/advances: oldest first; a contract the caller may not see is 404. */
export const listAdvances = (db: Db, user: AuthUser, contractId: number) =>
  listMoneyRows(db, user, contractId, MONEY_ROWS.advance);

/**
 * POST /contract/{id}/advances: the mitra of an approved or active contract records inputs or cash advanced
 * to the petani; it counts once the petani confirms it (the contract then awaits the petani).
 */
export const recordAdvance = (db: Db, user: AuthUser, contractId: number, input: AdvanceInput) =>
  recordMoneyRow<typeof MONEY_ROWS.advance, Advance>(db, user, contractId, MONEY_ROWS.advance, {
    note: `${ADVANCE_KIND_LABEL[input.kind]} ${formatRupiah(input.amount)}`,
    values: async () => ({
      kind: input.kind,
      amount: input.amount,
      date: input.date,
      note: input.note ?? null,
    }),
  });

/** POST /contract/{id}/advances/{advanceId}/confirm: the petani confirms receiving it; it is deducted from now. */
export const confirmAdvance = (db: Db, user: AuthUser, contractId: number, advanceId: number) =>
  confirmMoneyRow<Advance>(db, user, contractId, advanceId, MONEY_ROWS.advance, {
    already: S.advanceConfirmedAlready,
    note: `Uang muka #${advanceId}`,
  });
