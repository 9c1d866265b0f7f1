import { Type } from 'typebox';
import { LAHAN_STATUSES, LUAS_LAHAN_MAX } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { form } from '../../http/forms.js';
import { idFilters, listQuery, Nullable, Timestamp } from '../../http/schemas.js';
import { LAHAN_FIELDS } from './fields.js';
import { Gps } from './gps.js';
import { LAHAN_STATUS_INPUTS } from './status.js';

const OWNER_CONTACT = "null for a mitra who is not the owner's counterpart (docs/API.md, Who sees whom)";

export const Lahan = Type.Object({
  id: Type.Integer(),
  petani_id: Type.Integer(),
  petani_nama: Type.String(),
  petani_email: Nullable(Type.String({ description: OWNER_CONTACT })),
  petani_phone: Nullable(Type.String({ description: `${OWNER_CONTACT}, or not given` })),
  petani_alamat: Nullable(Type.String({ description: `${OWNER_CONTACT}, or not given` })),
  petani_status_verifikasi: Type.Boolean(),
  petani_created_at: Timestamp,
  nama_lahan: Type.String(),
  luas_lahan: Type.Number({ description: 'm²' }),
  address_lahan: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  location_name: Nullable(Type.String()),
  sub_district_name: Nullable(Type.String()),
  district_name: Nullable(Type.String()),
  province_name: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  type_name: Nullable(Type.String({ description: 'Same as category_name' })),
  status: Type.Enum(LAHAN_STATUSES),
  url_image: Type.Array(Type.String()),
  gps: Gps,
  created_at: Timestamp,
  updated_at: Timestamp,
});

const { status: _status, ...CREATE_FIELDS } = LAHAN_FIELDS;

/** A new lahan is always pending: `status` is not among its fields. */
export const LahanCreateBody = form(CREATE_FIELDS, {
  required: ['nama_lahan', 'luas_lahan', 'address_lahan', 'location_id', 'category_id'],
  summary: MESSAGES.lahan.invalidData,
});

/** PUT /lahan/{id} and PUT /admin/lahan/{id}; the service decides who may change what. */
export const LahanUpdateBody = form(LAHAN_FIELDS, {
  summary: MESSAGES.lahan.invalidData,
  description: 'Send only what changes.',
});

export const LAHAN_SORT_KEYS = ['created_at', 'nama_lahan', 'luas_lahan', 'status'] as const;

const areaBound = (description: string) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: LUAS_LAHAN_MAX, description }));

export const LahanListQuery = listQuery(LAHAN_SORT_KEYS, {
  status: Type.Optional(Type.Enum(LAHAN_STATUS_INPUTS)),
  luas_min: areaBound('Smallest luas_lahan, m² (inclusive)'),
  luas_max: areaBound('Largest luas_lahan, m² (inclusive); not below luas_min'),
  petani_verified: Type.Optional(
    Type.Boolean({ description: "true: only verified petani's lahan; false: only unverified petani's" }),
  ),
  ...idFilters(['category_id', 'petani_id', 'location_id', 'province_id']),
});
