import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/messages.js';
import { isWebUrl } from '../../../shared/urls.js';
import {
  id,
  Invalid,
  parseFields,
  text as textRule,
  type FieldsSpec,
  type Rule,
} from '../../http/field-rules.js';
import { parseGeometry } from './gps.js';
import { LAHAN_STATUS_INPUTS, type LahanStatusInput } from './status.js';

const M = MESSAGES.lahan;

export const NAMA_LAHAN_MAX = 160;
/** m²: a million hectares, beyond any single plot; keeps sums far from overflowing. */
export const LUAS_LAHAN_MAX = 10_000_000_000;
export const ADDRESS_LAHAN_MAX = 500;
export const IMAGES_MAX = 10;
export const IMAGE_URL_MAX = 2000;
const text = (label: string, max: number, required: string) =>
  textRule(max, required, MESSAGES.account.tooLong(label, max));

/** Square metres: a number above zero (a decimal string is read as the number), up to a million hectares. */
const area = (value: unknown) => {
  const n = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) throw new Invalid(M.luasInvalid);
  if (n > LUAS_LAHAN_MAX) throw new Invalid(M.luasTooLarge);
  return n;
};

/** Up to ten http(s) URLs of photos of the land. */
const images = (value: unknown) => {
  if (!Array.isArray(value) || value.length > IMAGES_MAX) throw new Invalid(M.imagesInvalid);
  return value.map((item) => {
    const url = typeof item === 'string' ? item.trim() : '';
    if (url.length > IMAGE_URL_MAX || !isWebUrl(url)) throw new Invalid(M.imagesInvalid);
    return url;
  });
};

const gps = (value: unknown) => {
  if (value === null) return null;
  const geometry = parseGeometry(value);
  if (!geometry) throw new Invalid(M.gpsInvalid);
  return geometry;
};

const status = (value: unknown) => {
  if (!LAHAN_STATUS_INPUTS.includes(value as LahanStatusInput)) throw new Invalid(M.statusInvalid);
  return value;
};

const RULES = {
  petani_id: id(M.petaniRequired),
  nama_lahan: text('Nama lahan', NAMA_LAHAN_MAX, M.namaRequired),
  luas_lahan: area,
  address_lahan: text('Alamat lahan', ADDRESS_LAHAN_MAX, M.addressRequired),
  location_id: id(M.locationRequired),
  category_id: id(M.categoryRequired),
  url_image: images,
  gps,
  status,
} satisfies Record<string, Rule>;

export type LahanField = keyof typeof RULES;

export type LahanFieldsSpec = FieldsSpec<LahanField>;

/**
 * Checks and normalises the lahan fields of `body`: every problem is reported at once as
 * `errors: [{ field, message }]`; fields not listed are dropped.
 */
export const parseLahanFields = (body: unknown, spec: LahanFieldsSpec): Record<string, unknown> =>
  parseFields(body, RULES, spec, M.invalidData);

/** preValidation hook: replaces the body with its checked, normalised lahan fields. */
export const lahanFields = (spec: LahanFieldsSpec) => async (request: FastifyRequest) => {
  request.body = parseLahanFields(request.body, spec);
};

/** What PUT /lahan/{id} and PUT /admin/lahan/{id} read; the service decides who may change what. */
export const UPDATE_FIELDS: readonly LahanField[] = [
  'petani_id',
  'nama_lahan',
  'luas_lahan',
  'address_lahan',
  'location_id',
  'category_id',
  'url_image',
  'gps',
  'status',
];

/** What POST /lahan reads: a new lahan always starts pending. */
export const CREATE_FIELDS = UPDATE_FIELDS.filter((field) => field !== 'status');
