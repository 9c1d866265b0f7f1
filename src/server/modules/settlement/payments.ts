import { formatRupiah } from '../../../shared/format-id.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Static } from 'typebox';
import { PAYMENT_METHOD_LABEL } from '../../../shared/settlement.js';
import type { Db } from '../../db/engine/client.js';
import { contractPayments } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { validationError } from '../../http/errors.js';
import { decodeUpload, insertDocument } from '../documents/service.js';
import {
  confirmMoneyRow,
  listMoneyRows,
  MONEY_ROWS,
  recordMoneyRow,
  visibleSettlement,
} from './money-rows.js';
import type { PaymentBody } from './schema.js';
import { childPhoto } from '../contracts/child-rows.js';

const S = MESSAGES.settlement;

export type PaymentInput = Static<typeof PaymentBody>;

export type Payment = Awaited<ReturnType<typeof listPayments>>[number];

/** GET /contract/{id}/payments: oldest first; a contract the caller may not see is 404. */
export const listPayments = (db: Db, user: AuthUser, contractId: number) =>
  listMoneyRows(db, user, contractId, MONEY_ROWS.payment);

/**
 * POST /contract/{id}/payments: the mitra records a payment of an active, completed or cancelled contract,
 * with its proof photo stored as a document. It may not exceed what is still owed less the payments awaiting
 * the petani's confirmation: checked under the contract's row lock (takeStep), so concurrent payments are
 * checked one after the other and together never exceed it. It counts once the petani confirms it.
 */
export async function recordPayment(db: Db, user: AuthUser, contractId: number, input: PaymentInput) {
  const photo = input.photo ? { upload: input.photo, bytes: decodeUpload(input.photo, 'photo.') } : undefined;
  return recordMoneyRow<typeof MONEY_ROWS.payment, Payment>(db, user, contractId, MONEY_ROWS.payment, {
    note: `${PAYMENT_METHOD_LABEL[input.method]} ${formatRupiah(input.amount)}, ref. ${input.reference}`,
    check: async (_tx, contract) => {
      const owed = Math.max((contract.settled_outstanding ?? 0) - contract.settled_pending, 0);
      if (input.amount > owed) {
        const message = S.overOutstanding(owed, contract.settled_pending);
        throw validationError(message, [{ field: 'amount', message }]);
      }
    },
    values: async (tx) => {
      const stored = photo && (await insertDocument(tx, user.id, 'payment_photo', photo.upload, photo.bytes));
      return {
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        date: input.date,
        photo_document_id: stored?.id ?? null,
      };
    },
  });
}

/** POST /contract/{id}/payments/{paymentId}/confirm: the petani confirms receiving it; it counts as paid. */
export const confirmPayment = (db: Db, user: AuthUser, contractId: number, paymentId: number) =>
  confirmMoneyRow<Payment>(db, user, contractId, paymentId, MONEY_ROWS.payment, {
    already: S.paymentConfirmedAlready,
    note: `Pembayaran #${paymentId}`,
  });

/** A payment's proof photo, for the contract's parties and admins; anyone else 404, as for a missing one. */
export async function paymentPhoto(db: Db, user: AuthUser, contractId: number, paymentId: number) {
  await visibleSettlement(db, user, contractId);
  return childPhoto(db, contractPayments, contractId, paymentId);
}
