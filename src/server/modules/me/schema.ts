import { Type, type TSchema } from 'typebox';
import { CONTRACT_STATUSES, DOCUMENT_KINDS, LAHAN_STATUSES } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { form } from '../../http/forms.js';
import { currentUser } from '../../http/guards.js';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { ACCOUNT_FIELDS, accountFieldsOf, newPassword, presentedPassword } from '../auth/account-fields.js';
import { UPLOAD_FIELDS } from '../documents/fields.js';

const { role: _role, password: _password, ...EDITABLE } = ACCOUNT_FIELDS;

/** What the caller's role has: a field of another role is refused. */
export const UpdateMeBody = form(EDITABLE, {
  allowed: (request) => accountFieldsOf(currentUser(request).role),
  notAllowed: MESSAGES.account.notForRole,
  summary: MESSAGES.account.invalidData,
  aliases: true,
});

export const ChangePasswordBody = form(
  {
    currentPassword: presentedPassword(MESSAGES.account.passwordRequired),
    newPassword,
  },
  { required: ['currentPassword', 'newPassword'] },
);

export const DeleteMeBody = form(
  {
    password: presentedPassword(MESSAGES.account.passwordRequired, {
      min: 0,
      description: 'The current password, to confirm',
    }),
  },
  { required: ['password'] },
);

export const DocumentKindParams = Type.Object({
  kind: Type.Enum(DOCUMENT_KINDS),
});

export const UploadBody = form(UPLOAD_FIELDS, { required: ['file_name', 'mime_type', 'content_base64'] });

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
