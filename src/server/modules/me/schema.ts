import { Type, type TSchema } from 'typebox';
import { CONTRACT_STATUSES, DOCUMENT_KINDS, LAHAN_STATUSES } from '../../../shared/constants.js';
import { withAliases } from '../../http/body-fields.js';
import { Nullable, Text, Timestamp } from '../../http/schemas.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../auth/account-fields.js';
import { UPLOAD_MIME_TYPES } from '../documents/file-types.js';

const clearable = (max: number, description: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: max, description })));

/** Documents the editable fields; the rules and their messages are in auth/account-fields.ts. */
export const UpdateMeBody = Type.Object(
  withAliases({
    full_name: Type.Optional(Type.String({ maxLength: 160 })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX, description: 'Unique in any letter case' })),
    username: clearable(32, '3–32 of a-z, 0-9, "." and "_"; unique; null or "" clears it'),
    phone: clearable(20, '+62…, 62… or 08…; stored as +62…; null or "" clears it'),
    nik: clearable(16, 'petani and mitra: 16 digits, unique'),
    alamat: clearable(500, 'petani and mitra'),
    company_name: clearable(160, 'mitra only'),
    company_address: clearable(500, 'mitra only'),
    company_position: clearable(120, 'mitra only'),
  }),
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1024 }),
    newPassword: Type.String({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      description: 'At least 8 characters with a letter and a digit',
    }),
  },
  { additionalProperties: false },
);

export const DeleteMeBody = Type.Object(
  { password: Type.String({ maxLength: 1024, description: 'The current password, to confirm' }) },
  { additionalProperties: false },
);

export const DocumentKindParams = Type.Object({
  kind: Type.Enum(DOCUMENT_KINDS),
});

export const UploadBody = Type.Object(
  {
    file_name: Text(200, { description: 'Shown when the document is opened; path parts are dropped' }),
    mime_type: Type.Union(
      UPLOAD_MIME_TYPES.map((m) => Type.Literal(m)),
      {
        description: 'application/pdf only for loa_file',
      },
    ),
    content_base64: Type.String({ description: 'The file, base64; at most 5 MB decoded' }),
  },
  { additionalProperties: false },
);

export const DocumentMeta = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  file_name: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  url: Type.String({ description: '/api/v1/documents/{id}: read it with the bearer token' }),
  created_at: Timestamp,
});

const ExportLahan = Type.Object({
  id: Type.Integer(),
  nama_lahan: Type.String(),
  luas_lahan: Type.Number(),
  address_lahan: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  category_id: Nullable(Type.Integer()),
  status: Type.Enum(LAHAN_STATUSES),
  url_image: Type.Array(Type.String()),
  gps: Type.Unknown({ description: 'GeoJSON Point or Polygon, or null' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const ExportContract = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  contract_category_id: Nullable(Type.Integer()),
  description: Nullable(Type.String()),
  status: Type.Enum(CONTRACT_STATUSES),
  petani_id: Nullable(Type.Integer()),
  mitra_id: Nullable(Type.Integer()),
  lahan_id: Nullable(Type.Integer()),
  commodity: Type.String(),
  quantity: Type.Number(),
  unit: Type.String(),
  price: Type.Number(),
  start_date: Type.String({ format: 'date' }),
  end_date: Type.String({ format: 'date' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const exportSchema = <A extends TSchema>(account: A) =>
  Type.Object({
    exported_at: Timestamp,
    account,
    lahan: Type.Array(ExportLahan, { description: "A petani's lahan" }),
    contracts: Type.Array(ExportContract, {
      description: 'Contracts where the user is the petani or the mitra',
    }),
    documents: Type.Array(DocumentMeta, { description: 'Metadata only; the bytes are at each url' }),
  });
