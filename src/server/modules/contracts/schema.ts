import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { Id, listQuery, Nullable, Timestamp } from '../../http/schemas.js';
import { COMMODITY_MAX, DESCRIPTION_MAX, PRICE_MAX, QUANTITY_MAX, TITLE_MAX, UNIT_MAX } from './fields.js';

const DELETED = "'Pengguna dihapus' when the account was deleted";

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
  created_at: Timestamp,
  updated_at: Timestamp,
});

const IsoDate = (description: string) => Type.String({ format: 'date', description });

const fields = {
  title: Type.String({ maxLength: TITLE_MAX, description: 'Required; trimmed' }),
  contract_category_id: Id('An existing contract category; its type_name becomes contract_type'),
  description: Nullable(
    Type.String({ maxLength: DESCRIPTION_MAX, description: "Optional; '' or null: none" }),
  ),
  petani_id: Id('A petani'),
  mitra_id: Id('A mitra'),
  lahan_id: Nullable(Id('A lahan of that petani')),
  commodity: Type.String({ maxLength: COMMODITY_MAX, description: 'Required; trimmed' }),
  quantity: Type.Number({ minimum: 0, maximum: QUANTITY_MAX }),
  unit: Type.String({ maxLength: UNIT_MAX, description: 'e.g. kg, ton; default kg' }),
  price: Type.Number({ minimum: 0, maximum: PRICE_MAX, description: 'Price per unit, rupiah' }),
  start_date: IsoDate('YYYY-MM-DD'),
  end_date: IsoDate('YYYY-MM-DD, not before start_date'),
  status: Type.Enum(CONTRACT_STATUSES),
};

/** Documents the body; the rules and their messages are in fields.ts (a preValidation hook). */
export const ContractCreateBody = Type.Object(
  {
    ...fields,
    description: Type.Optional(fields.description),
    mitra_id: Type.Optional(Id('Admins: required. A mitra: omit (or their own id).')),
    lahan_id: Type.Optional(Nullable(Id('A lahan of that petani; required for a mitra (an active lahan)'))),
    unit: Type.Optional(fields.unit),
    status: Type.Optional(
      Type.Enum(CONTRACT_STATUSES, {
        description: "Default pending; a mitra's proposal is always pending (another status → 400)",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ContractUpdateBody = Type.Partial(Type.Object(fields, { additionalProperties: false }), {
  additionalProperties: false,
  description:
    'Send only what changes. Admins may change every field and set any status. The two parties may send only ' +
    '`{ status }`, along the transitions listed in docs/API.md.',
});

export const CONTRACT_SORT_KEYS = ['created_at', 'title', 'status', 'start_date'] as const;
const FilterId = Type.Optional(Id());

export const ContractListQuery = listQuery(CONTRACT_SORT_KEYS, {
  status: Type.Optional(Type.Enum(CONTRACT_STATUSES)),
  contract_category_id: FilterId,
  petani_id: FilterId,
  mitra_id: FilterId,
  lahan_id: FilterId,
});
