import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ADVANCE_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/settlement.js';
import {
  field,
  Invalid,
  isoDate,
  nullable,
  oneOf,
  optionalText,
  rupiah,
  text,
} from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { Id, Nullable, Timestamp } from '../../http/schemas.js';
import { imagePhoto } from '../documents/photo-field.js';
import { todayInJakarta } from '../../../shared/format-id.js';

const S = MESSAGES.settlement;
const NOTE_MAX = 500;
const REFERENCE_MAX = 100;

/** A day that has come (YYYY-MM-DD, not after today in WIB). */
const pastDay = (description: string) => {
  const day = isoDate(S.dateInvalid, description);
  return field(day.schema, (value, name) => {
    const parsed = day.parse(value, name);
    if (parsed > todayInJakarta()) throw new Invalid(S.dateInFuture);
    return parsed;
  });
};

/** POST /contract/{id}/advances. */
export const AdvanceBody = form(
  {
    kind: oneOf(ADVANCE_KINDS, S.kindInvalid, 'What was advanced'),
    amount: rupiah(S.amountInvalid, 'Integer rupiah (inputs at their value)'),
    date: pastDay('YYYY-MM-DD, not after today (WIB)'),
    note: optionalText(NOTE_MAX, S.noteInvalid, S.noteTooLong, 'Optional, at most 500 characters'),
  },
  { required: ['kind', 'amount', 'date'], summary: S.advanceInvalidData },
);

/** POST /contract/{id}/payments. */
export const PaymentBody = form(
  {
    amount: rupiah(
      S.amountInvalid,
      'Integer rupiah; at most what is owed less the payments awaiting confirmation',
    ),
    method: oneOf(PAYMENT_METHODS, S.methodInvalid, 'transfer (bank), e_wallet or tunai (cash)'),
    reference: text({
      max: REFERENCE_MAX,
      required: S.referenceRequired,
      tooLong: S.referenceTooLong,
      description: 'The transfer’s or receipt’s reference, at most 100 characters',
    }),
    date: pastDay('YYYY-MM-DD, not after today (WIB)'),
    photo: nullable(
      imagePhoto(
        S.photoImageOnly,
        'Optional proof of payment: an image (JPEG, PNG or WebP), base64, at most 5 MB',
      ),
    ),
  },
  { required: ['amount', 'method', 'reference', 'date'], summary: S.paymentInvalidData },
);

export const PaymentParams = Type.Object({ id: Id(), paymentId: Id() });

const Rupiah = (description: string) => Type.Integer({ description: `${description}, integer rupiah` });

export const Advance = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(ADVANCE_KINDS),
  amount: Rupiah('The advance'),
  date: Type.String({ format: 'date' }),
  note: Nullable(Type.String()),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
});

export const Payment = Type.Object({
  id: Type.Integer(),
  amount: Rupiah('The payment'),
  method: Type.Enum(PAYMENT_METHODS),
  reference: Type.String(),
  date: Type.String({ format: 'date' }),
  photo_document_id: Nullable(
    Type.Integer({ description: 'Read it at /contract/{id}/payments/{paymentId}/photo (parties, admins)' }),
  ),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
});

export const Settlement = Type.Object({
  gross: Rupiah('Σ value of the confirmed deliveries'),
  advances: Rupiah('Σ confirmed advances'),
  net: Rupiah('max(gross − advances, 0)'),
  paid: Rupiah('Σ confirmed payments'),
  pending: Rupiah('Σ payments awaiting the petani’s confirmation'),
  outstanding: Rupiah('max(net − paid, 0)'),
  payment_status: Type.Enum(PAYMENT_STATUSES),
  due_date: Nullable(
    Type.String({
      format: 'date',
      description:
        'When the oldest confirmed delivery not yet covered by advances and payments is due (its confirmation day in WIB + payment_days); null: nothing owed',
    }),
  ),
  payment_days: Type.Integer(),
  advance_balance: Rupiah('max(advances − gross, 0): advanced beyond what was delivered'),
});
