import { MESSAGES } from '../../../shared/messages.js';
import { form } from '../../http/forms.js';
import { contractList } from './list.js';
import { contract } from './records.js';
import { CONTRACT_EDIT_FIELDS, CONTRACT_FIELDS, priceProblems } from './fields.js';

/** The Contract record of docs/API.md. */
export const Contract = contract.schema;

export const ContractCreateBody = form(CONTRACT_FIELDS, {
  required: ['title', 'contract_category_id', 'petani_id', 'commodity', 'quantity', 'start_date', 'end_date'],
  summary: MESSAGES.contract.invalidData,
  across: priceProblems(true),
  description: 'The terms’ price: `prices` (a price per grade), or `price` alone for grade A; one of them.',
});

export const ContractUpdateBody = form(CONTRACT_EDIT_FIELDS, {
  summary: MESSAGES.contract.invalidData,
  across: priceProblems(false),
  description:
    'Admins only; send only what changes. The description at any time; title, category and the terms only ' +
    'while pending or negotiation (a new version of the terms, signatures voided). `status` is refused: it ' +
    'changes through the steps.',
});

export const ContractListQuery = contractList.query;
