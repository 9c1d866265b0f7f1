import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import {
  field,
  id,
  Invalid,
  isoDate,
  nullable,
  numberIn,
  oneOf,
  optionalText,
  text,
} from '../../http/field-rules.js';
import type { FormValues } from '../../http/forms.js';

const M = MESSAGES.contract;
const tooLong = (label: string, max: number) => MESSAGES.account.tooLong(label, max);

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const COMMODITY_MAX = 120;
const UNIT_MAX = 16;
const DELIVERY_TERMS_MAX = 2000;

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
  /** Above 0, within what `numeric(16,2)` holds. */
  price: numberIn(0.01, 99_999_999_999_999, M.priceInvalid, { description: 'Price per unit, rupiah' }),
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
  quantity: CONTRACT_FIELDS.quantity,
  unit: CONTRACT_FIELDS.unit,
  start_date: CONTRACT_FIELDS.start_date,
  end_date: CONTRACT_FIELDS.end_date,
  delivery_terms: CONTRACT_FIELDS.delivery_terms,
  status: noStatus,
};

export type ContractEditFields = Omit<FormValues<typeof CONTRACT_EDIT_FIELDS>, 'status'>;
