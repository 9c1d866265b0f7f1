import { eq, sql, type SQL } from 'drizzle-orm';
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import type { DocumentKind } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { documents, lahan, mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { documentUrl } from '../documents/url.js';

/*
 * The User, Petani and Mitra records of docs/API.md "Records". Public API of this file:
 *   UserRecord, PetaniRecord, MitraRecord, PersonRecord  TypeBox schemas (PersonRecord: any role)
 *   selectPeople(db)     users ⟕ petani_profiles ⟕ mitra_profiles with document ids and lahan count
 *   toPersonRecord(row)  a row of selectPeople → the record of the row's role
 *                        (toUserRecord, toPetaniRecord, toMitraRecord: one shape regardless of role)
 *   loadPerson(db, id)   the record of one user, or 404
 */

const allOptional = <P extends Record<string, TSchema>>(properties: P) =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof P]: TOptional<P[K]>;
  };

const DocumentUrl = Nullable(Type.String({ description: 'URL `/api/v1/documents/{id}` (owner or admin)' }));

const userFields = {
  id: Type.Integer(),
  role: Type.Union([Type.Literal('admin'), Type.Literal('petani'), Type.Literal('mitra')]),
  full_name: Type.String(),
  name: Type.String({ description: 'Same as full_name' }),
  username: Nullable(Type.String()),
  email: Type.String(),
  no_phone: Nullable(Type.String({ description: 'Same as phone' })),
  phone: Nullable(Type.String({ description: '+62…' })),
  status_verifikasi: Type.Boolean(),
  url_image: Nullable(Type.String({ description: 'Avatar document URL' })),
  created_at: Timestamp,
  updated_at: Timestamp,
};

const profileFields = {
  user_id: Type.Integer({ description: 'Same as id' }),
  nik: Nullable(Type.String()),
  alamat: Nullable(Type.String()),
  address: Nullable(Type.String({ description: 'Same as alamat' })),
  ktp: DocumentUrl,
  verifikasi_ktp: DocumentUrl,
  supporting_documents: DocumentUrl,
};

const petaniFields = {
  ...profileFields,
  fullname_petani: Type.String(),
  lahan_count: Type.Integer(),
};

const mitraFields = {
  ...profileFields,
  fullname_mitra: Type.String(),
  company_name: Nullable(Type.String()),
  company_address: Nullable(Type.String()),
  company_position: Nullable(Type.String()),
  no_loa: Nullable(Type.String()),
  loa_file: DocumentUrl,
};

export const UserRecord = Type.Object(userFields);
export const PetaniRecord = Type.Object({ ...userFields, ...petaniFields });
export const MitraRecord = Type.Object({ ...userFields, ...mitraFields });
/** A record of any role: the User fields, plus the Petani or Mitra fields for those roles. */
export const PersonRecord = Type.Object({
  ...userFields,
  ...allOptional({ ...petaniFields, ...mitraFields }),
});

export type UserRecord = Static<typeof UserRecord>;
export type PetaniRecord = Static<typeof PetaniRecord>;
export type MitraRecord = Static<typeof MitraRecord>;
export type PersonRecord = UserRecord | PetaniRecord | MitraRecord;

/** The id of the user's document of `kind` (at most one: documents_user_kind_unique). */
const documentId = (kind: DocumentKind): SQL<number | null> =>
  sql<
    number | null
  >`(select ${documents.id} from ${documents} where ${documents.user_id} = ${users.id} and ${documents.kind} = ${kind})`;

const personColumns = {
  id: users.id,
  role: users.role,
  full_name: users.full_name,
  username: users.username,
  email: users.email,
  phone: users.phone,
  status_verifikasi: users.status_verifikasi,
  created_at: users.created_at,
  updated_at: users.updated_at,
  fullname_petani: petaniProfiles.fullname_petani,
  petani_nik: petaniProfiles.nik,
  petani_alamat: petaniProfiles.alamat,
  fullname_mitra: mitraProfiles.fullname_mitra,
  mitra_nik: mitraProfiles.nik,
  mitra_alamat: mitraProfiles.alamat,
  company_name: mitraProfiles.company_name,
  company_address: mitraProfiles.company_address,
  company_position: mitraProfiles.company_position,
  no_loa: mitraProfiles.no_loa,
  avatar_id: documentId('avatar'),
  ktp_id: documentId('ktp'),
  verifikasi_ktp_id: documentId('verifikasi_ktp'),
  supporting_documents_id: documentId('supporting_documents'),
  loa_file_id: documentId('loa_file'),
  lahan_count: sql<number>`(case when ${users.role} = 'petani' then (select count(*)::int from ${lahan} where ${lahan.petani_id} = ${users.id}) else 0 end)`,
};

/**
 * Person rows: add `.where(...)`, `.orderBy(...)`, `.limit(...)`; each row goes through `toPersonRecord`.
 * `extra` adds computed columns (e.g. what the viewer may see, people/visibility.ts).
 */
export const selectPeople = <E extends Record<string, SQL>>(db: Db | Tx, extra?: E) =>
  db
    .select({ ...personColumns, ...(extra as E) })
    .from(users)
    .leftJoin(petaniProfiles, eq(petaniProfiles.user_id, users.id))
    .leftJoin(mitraProfiles, eq(mitraProfiles.user_id, users.id));

export type PersonRow = Awaited<ReturnType<typeof selectPeople<Record<never, SQL>>>>[number];

const url = (id: number | null) => (id === null ? null : documentUrl(id));

export function toUserRecord(row: PersonRow): UserRecord {
  return {
    id: row.id,
    role: row.role,
    full_name: row.full_name,
    name: row.full_name,
    username: row.username,
    email: row.email,
    no_phone: row.phone,
    phone: row.phone,
    status_verifikasi: row.status_verifikasi,
    url_image: url(row.avatar_id),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const profileOf = (row: PersonRow, nik: string | null, alamat: string | null) => ({
  user_id: row.id,
  nik,
  alamat,
  address: alamat,
  ktp: url(row.ktp_id),
  verifikasi_ktp: url(row.verifikasi_ktp_id),
  supporting_documents: url(row.supporting_documents_id),
});

export function toPetaniRecord(row: PersonRow): PetaniRecord {
  return {
    ...toUserRecord(row),
    ...profileOf(row, row.petani_nik, row.petani_alamat),
    fullname_petani: row.fullname_petani ?? row.full_name,
    lahan_count: Number(row.lahan_count),
  };
}

export function toMitraRecord(row: PersonRow): MitraRecord {
  return {
    ...toUserRecord(row),
    ...profileOf(row, row.mitra_nik, row.mitra_alamat),
    fullname_mitra: row.fullname_mitra ?? row.full_name,
    company_name: row.company_name,
    company_address: row.company_address,
    company_position: row.company_position,
    no_loa: row.no_loa,
    loa_file: url(row.loa_file_id),
  };
}

/** The record of the row's role: Petani, Mitra, or User for an admin. */
export function toPersonRecord(row: PersonRow): PersonRecord {
  if (row.role === 'petani') return toPetaniRecord(row);
  if (row.role === 'mitra') return toMitraRecord(row);
  return toUserRecord(row);
}

/** The record of one user in one query; 404 NOT_FOUND 'User not found' when there is no such user. */
export async function loadPerson(db: Db | Tx, userId: number): Promise<PersonRecord> {
  const [row] = await selectPeople(db).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return toPersonRecord(row);
}

/** Refuses with `message` unless another admin remains; locks the admins so two cannot both leave at once. */
export async function assertOtherAdminsRemain(tx: Tx, message: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw conflict(message);
}
