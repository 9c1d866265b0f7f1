import { Type } from 'typebox';
import { LAHAN_STATUSES } from '../../../shared/constants.js';
import { Id, listQuery, Nullable, Timestamp } from '../../http/schemas.js';
import { ADDRESS_LAHAN_MAX, IMAGE_URL_MAX, IMAGES_MAX, LUAS_LAHAN_MAX, NAMA_LAHAN_MAX } from './fields.js';
import { POLYGON_MAX_POSITIONS, POLYGON_MAX_RINGS } from './gps.js';
import { LAHAN_STATUS_INPUTS } from './status.js';

const Position = Type.Tuple(
  [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
  { description: '[longitude, latitude] in WGS84' },
);
const GeoPoint = Type.Object(
  { type: Type.Literal('Point'), coordinates: Position },
  { additionalProperties: false },
);
const GeoPolygon = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(Position, { minItems: 4, maxItems: POLYGON_MAX_POSITIONS }), {
      minItems: 1,
      maxItems: POLYGON_MAX_RINGS,
      description: 'Closed linear rings (first position = last), at most 1000 positions in all',
    }),
  },
  { additionalProperties: false },
);
const Gps = Nullable(Type.Union([GeoPoint, GeoPolygon]));

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

const fields = {
  nama_lahan: Type.String({ maxLength: NAMA_LAHAN_MAX, description: 'Required; trimmed' }),
  luas_lahan: Type.Number({
    exclusiveMinimum: 0,
    maximum: LUAS_LAHAN_MAX,
    description: 'Area in m², above 0',
  }),
  address_lahan: Type.String({ maxLength: ADDRESS_LAHAN_MAX, description: 'Required; trimmed' }),
  location_id: Id('Id of an existing location'),
  category_id: Id('Id of an existing land category'),
  url_image: Type.Array(Type.String({ maxLength: IMAGE_URL_MAX, description: 'http(s) URL' }), {
    maxItems: IMAGES_MAX,
  }),
  gps: Gps,
};

/** Documents the body; the rules and their messages are in fields.ts (a preValidation hook). */
export const LahanCreateBody = Type.Object(
  {
    petani_id: Type.Optional(Id("Admins: the owner (a petani's user id), required. Petani: omit.")),
    ...fields,
    url_image: Type.Optional(fields.url_image),
    gps: Type.Optional(fields.gps),
  },
  { additionalProperties: false },
);

const STATUS_DESCRIPTION =
  "Admins only (`aktif` is read as `active`). Sent alone it follows the status badge's rules: active ↔ inactive " +
  "and pending → active; any other change answers 400 'Status cannot be changed'. Sent with other fields an " +
  'admin may set any status.';

export const LahanUpdateBody = Type.Object(
  {
    petani_id: Type.Optional(Id('Admins only: move the lahan to another petani')),
    nama_lahan: Type.Optional(fields.nama_lahan),
    luas_lahan: Type.Optional(fields.luas_lahan),
    address_lahan: Type.Optional(fields.address_lahan),
    location_id: Type.Optional(fields.location_id),
    category_id: Type.Optional(fields.category_id),
    url_image: Type.Optional(fields.url_image),
    gps: Type.Optional(fields.gps),
    status: Type.Optional(Type.Enum(LAHAN_STATUS_INPUTS)),
  },
  { additionalProperties: false, description: `Send only what changes. status: ${STATUS_DESCRIPTION}` },
);

export const LAHAN_SORT_KEYS = ['created_at', 'nama_lahan', 'luas_lahan', 'status'] as const;
const FilterId = Type.Optional(Id());

export const LahanListQuery = listQuery(LAHAN_SORT_KEYS, {
  status: Type.Optional(Type.Enum(LAHAN_STATUS_INPUTS)),
  category_id: FilterId,
  petani_id: FilterId,
  location_id: FilterId,
  province_id: FilterId,
});
