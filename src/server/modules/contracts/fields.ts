import type { FastifyRequest } from 'fastify';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import {
  id,
  isoDate,
  numberIn,
  oneOf,
  optionalText,
  parseFields,
  text,
  type FieldsSpec,
  type Parsed,
} from '../../http/field-rules.js';

const M = MESSAGES.contract;
const tooLong = (label: string, max: number) => MESSAGES.account.tooLong(label, max);

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const COMMODITY_MAX = 120;
export const UNIT_MAX = 16;
/** Within what `numeric(14,2)` (quantity) and `numeric(16,2)` (price) hold. */
export const QUANTITY_MAX = 999_999_999_999.99;
export const PRICE_MAX = 99_999_999_999_999;

const RULES = {
  title: text(TITLE_MAX, M.titleRequired, tooLong('Judul kontrak', TITLE_MAX)),
  contract_category_id: id(M.categoryRequired),
  description: optionalText(DESCRIPTION_MAX, M.descriptionInvalid, tooLong('Deskripsi', DESCRIPTION_MAX)),
  status: oneOf(CONTRACT_STATUSES, M.statusInvalid),
  petani_id: id(M.petaniRequired),
  mitra_id: id(M.mitraRequired),
  lahan_id: (value: unknown) => (value === null ? null : id(M.lahanRequired)(value)),
  commodity: text(COMMODITY_MAX, M.commodityRequired, tooLong('Komoditas', COMMODITY_MAX)),
  quantity: numberIn(0, QUANTITY_MAX, M.quantityInvalid),
  unit: text(UNIT_MAX, M.unitRequired, tooLong('Satuan', UNIT_MAX)),
  price: numberIn(0, PRICE_MAX, M.priceInvalid),
  start_date: isoDate(M.dateInvalid),
  end_date: isoDate(M.dateInvalid),
};

export type ContractField = keyof typeof RULES;
const ALL = Object.keys(RULES) as ContractField[];

export type ContractFields = Parsed<typeof RULES>;

/** Who proposes decides the rest in the service (mitra_id, lahan_id, status); these are always needed. */
const CREATE: FieldsSpec<ContractField> = {
  fields: ALL,
  required: [
    'title',
    'contract_category_id',
    'petani_id',
    'commodity',
    'quantity',
    'price',
    'start_date',
    'end_date',
  ],
};

export const parseContractFields = (body: unknown, spec: FieldsSpec<ContractField>) =>
  parseFields(body, RULES, spec, M.invalidData);

/** preValidation hooks: replace the body with its checked, normalised contract fields. */
export const createContractFields = async (request: FastifyRequest) => {
  request.body = parseContractFields(request.body, CREATE);
};
export const updateContractFields = async (request: FastifyRequest) => {
  request.body = parseContractFields(request.body, { fields: ALL });
};
