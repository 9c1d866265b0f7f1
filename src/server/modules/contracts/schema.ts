import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { CONTRACT_PARTIES } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { form } from '../../http/forms.js';
import { contractList } from './list.js';
import { CONTRACT_EDIT_FIELDS, CONTRACT_FIELDS } from './fields.js';

const DELETED = `'${MESSAGES.contract.deletedAccount}' when the account was deleted`;

/** The Contract record of docs/API.md. */
export const Contract = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  contract_category_id: Nullable(Type.Integer()),
  contract_type: Nullable(Type.String({ description: 'The contract category name' })),
  description: Nullable(Type.String()),
  status: Type.Enum(CONTRACT_STATUSES),
  petani_id: Nullable(Type.Integer({ description: 'null when the account was deleted' })),
  fullname_petani: Type.String({ description: DELETED }),
  petani_nama: Type.String({ description: 'Same as fullname_petani' }),
  mitra_id: Nullable(Type.Integer({ description: 'null when the account was deleted' })),
  fullname_mitra: Type.String({ description: DELETED }),
  lahan_id: Nullable(Type.Integer()),
  nama_lahan: Nullable(Type.String()),
  commodity: Type.String(),
  quantity: Type.Number(),
  unit: Type.String(),
  price: Type.Number({ description: 'Price per unit, rupiah' }),
  start_date: Type.String({ format: 'date' }),
  end_date: Type.String({ format: 'date' }),
  terms_version: Type.Integer({ description: 'The current version of the terms (GET /contract/{id}/terms)' }),
  delivery_terms: Nullable(Type.String()),
  verification_code: Type.String({ description: 'XXXX-XXXX-XXXX-XXXX; GET /verify/{code}' }),
  total_value: Type.Number({ description: 'price × quantity, rupiah' }),
  awaiting: Nullable(Type.Enum(CONTRACT_PARTIES, { description: 'Whose step it is; null once final' })),
  petani_signed_at: Nullable(Timestamp),
  mitra_signed_at: Nullable(Timestamp),
  has_signatures: Type.Boolean({
    description:
      'Whether anyone signed any version (voided signatures included); such a contract cannot be deleted (cancel it)',
  }),
  cancel_reason: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ContractCreateBody = form(CONTRACT_FIELDS, {
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
  summary: MESSAGES.contract.invalidData,
});

export const ContractUpdateBody = form(CONTRACT_EDIT_FIELDS, {
  summary: MESSAGES.contract.invalidData,
  description:
    'Admins only; send only what changes. The description at any time; title, category and the terms only ' +
    'while pending or negotiation (a new version of the terms, signatures voided). `status` is refused: it ' +
    'changes through the steps.',
});

export const ContractListQuery = contractList.query;
