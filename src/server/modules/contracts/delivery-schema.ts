import { Type } from 'typebox';
import { DELIVERY_GRADES } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import { field, Invalid, isoDate, nullable, numberIn, oneOf } from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { Id, Nullable, Timestamp } from '../../http/schemas.js';
import { UPLOAD_FIELDS } from '../documents/fields.js';
import type { Upload } from '../documents/service.js';

const M = MESSAGES.contract;
const D = MESSAGES.delivery;

/** A delivery photo: the documents' upload fields, for an image only (never a PDF). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PHOTO_FIELDS = {
  file_name: UPLOAD_FIELDS.file_name,
  mime_type: oneOf(PHOTO_MIME_TYPES, D.photoImageOnly),
  content_base64: UPLOAD_FIELDS.content_base64,
};
const PHOTO_PARTS = Object.keys(PHOTO_FIELDS) as (keyof typeof PHOTO_FIELDS)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{file_name, mime_type, content_base64}`, each by its rule; the service checks the bytes. */
const photo = field(
  Type.Object(Object.fromEntries(PHOTO_PARTS.map((part) => [part, PHOTO_FIELDS[part].schema])), {
    additionalProperties: false,
    required: PHOTO_PARTS,
    description: 'Optional photo of the delivery: an image (JPEG, PNG or WebP), base64, at most 5 MB',
  }),
  (value): Upload => {
    if (!isRecord(value)) throw new Invalid(D.photoInvalid);
    const unknown = Object.keys(value).find((key) => !PHOTO_PARTS.includes(key as never));
    if (unknown !== undefined) throw new Invalid(D.photoFieldUnknown(unknown));
    return {
      file_name: PHOTO_FIELDS.file_name.parse(value.file_name, 'file_name'),
      mime_type: PHOTO_FIELDS.mime_type.parse(value.mime_type, 'mime_type'),
      content_base64: PHOTO_FIELDS.content_base64.parse(value.content_base64, 'content_base64'),
    };
  },
);

/** POST /contract/{id}/deliveries. */
export const DeliveryBody = form(
  {
    date: isoDate(
      M.dateInvalid,
      'YYYY-MM-DD, from the day the contract started (or its start_date if earlier) to today (Jakarta time)',
    ),
    quantity: numberIn(0.01, 999_999_999_999.99, M.deliveryQuantityInvalid, {
      description: 'In the contract’s unit',
    }),
    grade: oneOf(DELIVERY_GRADES, M.gradeInvalid, 'Quality grade A, B or C (the PDF’s clause on grades)'),
    amount_paid: numberIn(0, 99_999_999_999_999, M.amountPaidInvalid, { description: 'Rupiah' }),
    photo: nullable(photo),
  },
  { required: ['date', 'quantity', 'grade', 'amount_paid'], summary: D.invalidData },
);

export const DeliveryParams = Type.Object({ id: Id(), deliveryId: Id() });

/** A delivery as GET /contract/{id}/deliveries lists it. */
export const Delivery = Type.Object({
  id: Type.Integer(),
  date: Type.String({ format: 'date' }),
  quantity: Type.Number(),
  grade: Type.Enum(DELIVERY_GRADES),
  amount_paid: Type.Number({ description: 'Rupiah' }),
  photo_document_id: Nullable(
    Type.Integer({
      description: 'Read it at /contract/{id}/deliveries/{deliveryId}/photo (parties, admins)',
    }),
  ),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
});
