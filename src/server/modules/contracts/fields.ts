import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import {
  GRADE_CODE_MAX,
  GRADE_CODE_PATTERN,
  type GradePrice,
  MAX_GRADES,
} from '../../../shared/settlement.js';
import {
  field,
  id,
  Invalid,
  isoDate,
  nullable,
  numberIn,
  oneOf,
  optionalText,
  rupiah,
  text,
} from '../../http/field-rules.js';
import type { FieldError } from '../../http/errors.js';
import type { FormValues } from '../../http/forms.js';

const M = MESSAGES.contract;
const tooLong = (label: string, max: number) => MESSAGES.account.tooLong(label, max);

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const COMMODITY_MAX = 120;
const UNIT_MAX = 16;
const DELIVERY_TERMS_MAX = 2000;

/** A price per unit. */
const PRICE = rupiah(M.priceInvalid, 'Rupiah per unit of the contract');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One row of the price table; `at` (`[1]`) names it in the errors. */
function gradePrice(value: unknown, at: string, seen: Set<string>): GradePrice {
  if (!isRecord(value)) throw new Invalid(M.gradePriceInvalid, at);
  const unknown = Object.keys(value).find((key) => key !== 'grade' && key !== 'price');
  if (unknown !== undefined) throw new Invalid(M.gradePriceFieldUnknown(unknown), `${at}.${unknown}`);
  const grade = typeof value.grade === 'string' ? value.grade.trim().toUpperCase() : '';
  if (!GRADE_CODE_PATTERN.test(grade)) throw new Invalid(M.gradeCodeInvalid, `${at}.grade`);
  if (seen.has(grade)) throw new Invalid(M.gradeDuplicate(grade), `${at}.grade`);
  seen.add(grade);
  try {
    return { grade, price: PRICE.parse(value.price, 'price') };
  } catch (err) {
    if (err instanceof Invalid) throw new Invalid(err.message, `${at}.price`);
    throw err;
  }
}

/**
 * The price table `[{grade, price}]`: 1..MAX_GRADES rows in the order offered, each grade code once; the
 * first row's price is the contract's `price` (the total value's).
 */
const gradePrices = field<GradePrice[]>(
  Type.Array(
    Type.Object(
      {
        grade: Type.String({
          pattern: GRADE_CODE_PATTERN.source,
          maxLength: GRADE_CODE_MAX,
          description: 'A, B, C, A1 … (upper-case letters and digits; lower case is read as upper)',
        }),
        price: PRICE.schema,
      },
      { additionalProperties: false, required: ['grade', 'price'] },
    ),
    {
      minItems: 1,
      maxItems: MAX_GRADES,
      description:
        'Price per unit of each grade, in the order offered (the first is the contract’s price). Not with price.',
    },
  ),
  (value) => {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_GRADES)
      throw new Invalid(M.pricesInvalid(MAX_GRADES));
    const seen = new Set<string>();
    return value.map((row, i) => gradePrice(row, `[${i}]`, seen));
  },
);

/** The fields of POST and PUT /contract; who proposes decides the rest in the service. */
export const CONTRACT_FIELDS = {
  title: text({ max: TITLE_MAX, required: M.titleRequired, tooLong: tooLong('Judul kontrak', TITLE_MAX) }),
  contract_category_id: id(
    M.categoryRequired,
    'An existing contract category; its type_name becomes contract_type',
  ),
  description: optionalText(
    DESCRIPTION_MAX,
    M.descriptionInvalid,
    tooLong('Deskripsi', DESCRIPTION_MAX),
    "Optional; '' or null: none",
  ),
  status: oneOf(
    CONTRACT_STATUSES,
    M.statusInvalid,
    "Default pending; a mitra's proposal is always pending (another status → 400)",
  ),
  petani_id: id(M.petaniRequired, 'A petani'),
  mitra_id: id(M.mitraRequired, 'A mitra. Admins: required on create. A mitra: omit (or their own id).'),
  lahan_id: nullable(id(M.lahanRequired, 'A lahan of that petani; required for a mitra (an active lahan)')),
  commodity: text({
    max: COMMODITY_MAX,
    required: M.commodityRequired,
    tooLong: tooLong('Komoditas', COMMODITY_MAX),
  }),
  /** Above 0, within what `numeric(14,2)` holds. */
  quantity: numberIn(0.01, 999_999_999_999.99, M.quantityInvalid),
  unit: text({
    max: UNIT_MAX,
    required: M.unitRequired,
    tooLong: tooLong('Satuan', UNIT_MAX),
    description: 'e.g. kg, ton; default kg',
  }),
  price: rupiah(
    M.priceInvalid,
    'Grade A’s price per unit, rupiah (the same as prices [{grade: "A", price}]); not with prices',
  ),
  prices: gradePrices,
  payment_days: numberIn(0, 365, M.paymentDaysInvalid, {
    integer: true,
    description: 'Days after a delivery’s confirmation by which it is paid (default 7)',
  }),
  start_date: isoDate(M.dateInvalid),
  end_date: isoDate(M.dateInvalid, 'YYYY-MM-DD, not before start_date'),
  delivery_terms: optionalText(
    DELIVERY_TERMS_MAX,
    M.deliveryTermsInvalid,
    tooLong('Ketentuan pengiriman', DELIVERY_TERMS_MAX),
    "e.g. 'Diantar ke gudang mitra, dikemas karung 50 kg'; '' or null: none",
  ),
};

export type ContractFields = FormValues<typeof CONTRACT_FIELDS>;

/**
 * The price of a body: `prices`, or `price` alone (grade A), not both (400 on `prices`); an offer needs one
 * of them (400 on `prices`).
 */
export const priceProblems =
  (required: boolean) =>
  (sent: { price?: unknown; prices?: unknown }): FieldError[] => {
    const problem = (message: string) => [{ field: 'prices', message }];
    if (sent.price !== undefined && sent.prices !== undefined) return problem(M.pricesWithPrice);
    if (required && sent.price === undefined && sent.prices === undefined) return problem(M.priceRequired);
    return [];
  };

/** A status in a PUT body is refused: it changes only through the steps (POST /contract/{id}/<step>). */
const noStatus = field(Type.String({ description: `Refused: '${M.statusViaSteps}'` }), () => {
  throw new Invalid(M.statusViaSteps);
});

/** The fields of an admin's PUT /contract/{id}: what the document shows, and the description. */
export const CONTRACT_EDIT_FIELDS = {
  title: CONTRACT_FIELDS.title,
  description: CONTRACT_FIELDS.description,
  contract_category_id: CONTRACT_FIELDS.contract_category_id,
  price: CONTRACT_FIELDS.price,
  prices: CONTRACT_FIELDS.prices,
  payment_days: CONTRACT_FIELDS.payment_days,
  quantity: CONTRACT_FIELDS.quantity,
  unit: CONTRACT_FIELDS.unit,
  start_date: CONTRACT_FIELDS.start_date,
  end_date: CONTRACT_FIELDS.end_date,
  delivery_terms: CONTRACT_FIELDS.delivery_terms,
  status: noStatus,
};

export type ContractEditFields = Omit<FormValues<typeof CONTRACT_EDIT_FIELDS>, 'status'>;
