import { Type } from 'typebox';
import { LUAS_LAHAN_MAX } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { isWebUrl } from '../../../shared/urls.js';
import { field, id, Invalid, oneOf, text } from '../../http/field-rules.js';
import type { FormValues } from '../../http/forms.js';
import { Gps } from './gps.js';
import { validateBoundary } from './geometry.js';
import { isLahanPhotoUrl } from './photos.js';
import { LAHAN_STATUS_INPUTS } from './status.js';

const M = MESSAGES.lahan;

const IMAGES_MAX = 10;
const IMAGE_URL_MAX = 2000;

const name = (label: string, max: number, required: string) =>
  text({ max, required, tooLong: MESSAGES.account.tooLong(label, max) });

/** Square metres: a number above zero (a decimal string is read as the number), up to a million hectares. */
const area = field(
  Type.Number({ exclusiveMinimum: 0, maximum: LUAS_LAHAN_MAX, description: 'Area in m², above 0' }),
  (value) => {
    const n = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) throw new Invalid(M.luasInvalid);
    if (n > LUAS_LAHAN_MAX) throw new Invalid(M.luasTooLarge);
    return n;
  },
);

/** Up to ten photos of the land: http(s) URLs, or the addresses of photos uploaded to it (photos.ts). */
const images = field(
  Type.Array(Type.String({ maxLength: IMAGE_URL_MAX, description: 'http(s) URL' }), { maxItems: IMAGES_MAX }),
  (value) => {
    if (!Array.isArray(value) || value.length > IMAGES_MAX) throw new Invalid(M.imagesInvalid);
    return value.map((item) => {
      const url = typeof item === 'string' ? item.trim() : '';
      if (url.length > IMAGE_URL_MAX || !(isWebUrl(url) || isLahanPhotoUrl(url)))
        throw new Invalid(M.imagesInvalid);
      return url;
    });
  },
);

/** A pin or a boundary (geometry.ts validateBoundary), or null to clear it; one message per problem. */
const gps = field(Gps, (value) => {
  if (value === null) return null;
  const geometry = validateBoundary(value);
  if (typeof geometry === 'string') throw new Invalid(geometry);
  return geometry;
});

const STATUS =
  "Admins only (`aktif` is read as `active`). Sent alone it follows the status badge's rules: active ↔ inactive " +
  `and pending → active; any other change answers 400 '${MESSAGES.statusCannotBeChanged}'. Sent with other fields an ` +
  'admin may set any status.';

/** The fields of POST /lahan, PUT /lahan/{id} and PUT /admin/lahan/{id}. */
export const LAHAN_FIELDS = {
  petani_id: id(
    M.petaniRequired,
    "Admins: the owner (a petani's user id), required on create; on update it moves the lahan. Petani: omit.",
  ),
  nama_lahan: name('Nama lahan', 160, M.namaRequired),
  luas_lahan: area,
  address_lahan: name('Alamat lahan', 500, M.addressRequired),
  location_id: id(M.locationRequired, 'Id of an existing location'),
  category_id: id(M.categoryRequired, 'Id of an existing land category'),
  url_image: images,
  gps,
  status: oneOf(LAHAN_STATUS_INPUTS, M.statusInvalid, STATUS),
};

export type LahanFields = FormValues<typeof LAHAN_FIELDS>;
