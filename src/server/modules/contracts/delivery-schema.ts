import { Type } from 'typebox';
import { DELIVERY_STATUSES, GRADE_CODE_MAX, GRADE_CODE_PATTERN } from '../../../shared/settlement.js';
import { MESSAGES } from '../../../shared/messages.js';
import {
  field,
  Invalid,
  isoDate,
  nullable,
  numberIn,
  optionalText,
  text,
  type Field,
} from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { Id, Nullable, Timestamp } from '../../http/schemas.js';
import { imagePhoto } from '../documents/photo-field.js';

const M = MESSAGES.contract;
const D = MESSAGES.delivery;

/** An optional photo of the delivery (documents/photo-field.ts). */
const photo = imagePhoto(
  D.photoImageOnly,
  'Optional photo of the delivery: an image (JPEG, PNG or WebP), base64, at most 5 MB',
);

const MAX_QUANTITY = 999_999_999_999.99;
/** A quantity in the contract's unit from `min`, with at most two decimals (the column's scale: never rounded). */
const quantity = (min: number, message: string): Field<number> => {
  const inner = numberIn(min, MAX_QUANTITY, message, {
    description: 'In the contract’s unit, at most 2 decimals',
  });
  return field(inner.schema, (value, name) => {
    const n = inner.parse(value, name);
    if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) throw new Invalid(message);
    return n;
  });
};

/** A grade's code as written (A, B, A1 …); whether it is one of the contract's grades, the service checks. */
const grade = field(
  Type.String({
    pattern: GRADE_CODE_PATTERN.source,
    maxLength: GRADE_CODE_MAX,
    description: 'The grade of the accepted part: one of the contract’s `prices` grades',
  }),
  (value) => {
    if (typeof value !== 'string' || !GRADE_CODE_PATTERN.test(value)) throw new Invalid(D.gradeInvalid);
    return value;
  },
);

const REASON_MAX = 500;
const rejectionReason = optionalText(
  REASON_MAX,
  D.reasonInvalid,
  D.reasonTooLong,
  'Why a part was rejected: required when rejected_quantity > 0',
);

/** POST /contract/{id}/deliveries. */
export const DeliveryBody = form(
  {
    date: isoDate(
      M.dateInvalid,
      'YYYY-MM-DD, from the day the contract started (or its start_date if earlier) to today (Jakarta time)',
    ),
    gross_quantity: quantity(0.01, D.grossInvalid),
    accepted_quantity: quantity(0, D.acceptedInvalid),
    rejected_quantity: quantity(0, D.rejectedInvalid),
    rejection_reason: rejectionReason,
    grade,
    photo: nullable(photo),
  },
  {
    required: ['date', 'gross_quantity', 'accepted_quantity', 'rejected_quantity', 'grade'],
    summary: D.invalidData,
  },
);

const NOTE_MAX = 1000;

/** POST /contract/{id}/deliveries/{deliveryId}/dispute. */
export const DisputeBody = form(
  {
    reason: text({
      max: NOTE_MAX,
      required: D.disputeReasonRequired,
      tooLong: D.disputeReasonTooLong,
      description: 'Why the petani disputes the delivery as recorded',
    }),
  },
  { required: ['reason'], summary: D.invalidData },
);

/** POST /contract/{id}/deliveries/{deliveryId}/resolve: the corrections are optional, the note is not. */
export const ResolveBody = form(
  {
    accepted_quantity: quantity(0, D.acceptedInvalid),
    rejected_quantity: quantity(0, D.rejectedInvalid),
    rejection_reason: rejectionReason,
    grade,
    note: text({
      max: NOTE_MAX,
      required: D.resolutionNoteRequired,
      tooLong: D.resolutionNoteTooLong,
      description: 'How the dispute was settled: shown to both parties',
    }),
  },
  { required: ['note'], summary: D.invalidData },
);

export const DeliveryParams = Type.Object({ id: Id(), deliveryId: Id() });

/** A delivery as GET /contract/{id}/deliveries lists it. */
export const Delivery = Type.Object({
  id: Type.Integer(),
  lot_code: Type.String({ description: 'XXXX-XXXX-XXXX: its public trace is /lacak/{lot_code}' }),
  date: Type.String({ format: 'date' }),
  gross_quantity: Type.Number(),
  accepted_quantity: Type.Number(),
  rejected_quantity: Type.Number(),
  rejection_reason: Nullable(Type.String()),
  grade: Type.String(),
  value: Type.Integer({ description: 'Rupiah: round(accepted_quantity × the grade’s price)' }),
  status: Type.Enum(DELIVERY_STATUSES),
  photo_document_id: Nullable(
    Type.Integer({
      description: 'Read it at /contract/{id}/deliveries/{deliveryId}/photo (parties, admins)',
    }),
  ),
  dispute_reason: Nullable(Type.String()),
  disputed_at: Nullable(Timestamp),
  resolved_at: Nullable(Timestamp),
  resolution_note: Nullable(Type.String()),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
});
