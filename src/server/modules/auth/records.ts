import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import type { DocumentKind, Role } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import { isoTime, jsonObject, literal } from '../../db/lists/json.js';
import { documents, lahan, mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { documentUrlSql } from '../documents/url.js';

/*
 * The User, Petani and Mitra records of docs/API.md "Records". Public API of this file:
 *   UserRecord, PetaniRecord, MitraRecord, PersonRecord  TypeBox schemas (PersonRecord: any role)
 *   personJson(role?)    SQL: the record of a users ⟕ profiles row as JSON (built by PostgreSQL; lists send it as is)
 *   joinProfiles(query)  the joins personJson reads
 *   selectPeople(db)     records as JSON text, with extra columns
 *   loadPerson(db, id)   the record of one user, or 404
 * A record's timestamps are ISO strings (what the wire carries), whatever `Timestamp`'s static type says.
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

/**
 * The URL of the user's document of `kind` (at most one: documents_user_kind_unique), or null. The kind is
 * written into the text, not bound: that unique index is partial (over the kinds there are at most one of),
 * and a prepared statement's generic plan cannot use it for a kind it cannot see, so it would scan documents.
 */
const documentUrlOf = (kind: DocumentKind): SQL<string | null> =>
  documentUrlSql(
    sql`(select ${documents.id} from ${documents} where ${documents.user_id} = ${users.id} and ${documents.kind} = ${literal(kind)})`,
  );

/** The User record's fields, as SQL over users (one definition for every role). */
const userJson = {
  id: users.id,
  role: users.role,
  full_name: users.full_name,
  name: users.full_name,
  username: users.username,
  email: users.email,
  no_phone: users.phone,
  phone: users.phone,
  status_verifikasi: users.status_verifikasi,
  url_image: documentUrlOf('avatar'),
  created_at: isoTime(users.created_at),
  updated_at: isoTime(users.updated_at),
};

const profileJson = (profile: typeof petaniProfiles | typeof mitraProfiles) => ({
  user_id: users.id,
  nik: profile.nik,
  alamat: profile.alamat,
  address: profile.alamat,
  ktp: documentUrlOf('ktp'),
  verifikasi_ktp: documentUrlOf('verifikasi_ktp'),
  supporting_documents: documentUrlOf('supporting_documents'),
});

const RECORD_JSON = {
  admin: jsonObject(userJson),
  petani: jsonObject({
    ...userJson,
    ...profileJson(petaniProfiles),
    fullname_petani: sql`coalesce(${petaniProfiles.fullname_petani}, ${users.full_name})`,
    lahan_count: sql`(select count(*)::int from ${lahan} where ${lahan.petani_id} = ${users.id})`,
  }),
  mitra: jsonObject({
    ...userJson,
    ...profileJson(mitraProfiles),
    fullname_mitra: sql`coalesce(${mitraProfiles.fullname_mitra}, ${users.full_name})`,
    company_name: mitraProfiles.company_name,
    company_address: mitraProfiles.company_address,
    company_position: mitraProfiles.company_position,
    no_loa: mitraProfiles.no_loa,
    loa_file: documentUrlOf('loa_file'),
  }),
} satisfies Record<Role, SQL>;

/**
 * SQL: the record of the row's user as JSON, for users ⟕ petani_profiles ⟕ mitra_profiles: the Petani or Mitra
 * record, or the User record for an admin. `role`: the rows are known to have that role.
 */
export const personJson = (role?: Role): SQL =>
  role
    ? RECORD_JSON[role]
    : sql`(case ${users.role} when 'petani' then ${RECORD_JSON.petani} when 'mitra' then ${RECORD_JSON.mitra}
        else ${RECORD_JSON.admin} end)`;

/** users ⟕ petani_profiles ⟕ mitra_profiles, the tables `personJson` reads. */
export const joinProfiles = <T extends PgSelect>(query: T) =>
  leftJoinAll(query, [
    [petaniProfiles, eq(petaniProfiles.user_id, users.id)],
    [mitraProfiles, eq(mitraProfiles.user_id, users.id)],
  ]);

/**
 * Person records as JSON text (`record`), with `extra` columns (e.g. what the viewer may see,
 * people/visibility.ts): add `.where(...)`; `JSON.parse` each record.
 */
export const selectPeople = <E extends Record<string, SQL | PgColumn>>(db: Db | Tx, extra?: E) =>
  joinProfiles(
    db
      .select({ record: sql<string>`${personJson()}::text`, ...(extra as E) })
      .from(users)
      .$dynamic(),
  );

/** The record of one user in one query; 404 NOT_FOUND 'User not found' when there is no such user. */
export async function loadPerson(db: Db | Tx, userId: number): Promise<PersonRecord> {
  const [row] = await selectPeople(db).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return JSON.parse(row.record) as PersonRecord;
}

/** Refuses with `message` unless another admin remains; locks the admins so two cannot both leave at once. */
export async function assertOtherAdminsRemain(tx: Tx, message: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw conflict(message);
}
