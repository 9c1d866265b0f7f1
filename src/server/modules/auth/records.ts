import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { PERSONAL_DOCUMENT_KINDS, type DocumentKind, type Role } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import {
  boolean,
  integer,
  nullable,
  record,
  shaped,
  text,
  timestamp,
  type RecordDeclaration,
} from '../../db/lists/field.js';
import { literal } from '../../db/lists/json.js';
import { documents, lahan, mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { Nullable } from '../../http/schemas.js';
import { documentUrlSql } from '../documents/url.js';

/*
 * The User, Petani and Mitra records of docs/API.md "Records". Public API of this file:
 *   UserRecord, PetaniRecord, MitraRecord, PersonRecord  TypeBox schemas (PersonRecord: any role)
 *   personJson(role?)    SQL: the record of a users ⟕ profiles row as JSON (built by PostgreSQL; lists send it as is)
 * Each role's select, JSON and schema come from one declaration of its fields (RECORDS).
 *   joinProfiles(query)  the joins personJson reads
 *   selectPeople(db)     records as JSON text, with extra columns
 *   loadPerson(db, id)   the record of one user, or 404
 * A record's timestamps are ISO strings (what the wire carries), whatever `Timestamp`'s static type says.
 */

const allOptional = <P extends Record<string, TSchema>>(properties: P) =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof P]: TOptional<P[K]>;
  };

/**
 * The user's personal documents (at most one of each kind: documents_user_kind_unique), a column per kind, read
 * in one scan of that index per user rather than one per kind (the petani list's page 1 at 100k users: its statement
 * 1.12× as fast, the whole request 1.07×). The kinds are written into the text, not bound: the index is partial
 * over them, and a prepared statement's generic plan cannot use it for kinds it cannot see, so it would scan
 * documents.
 */
const USER_DOCUMENTS = 'user_documents';
const userDocuments = sql`(select ${sql.join(
  PERSONAL_DOCUMENT_KINDS.map(
    (kind) =>
      sql`max(${documents.id}) filter (where ${documents.kind} = ${literal(kind)}) as ${sql.identifier(kind)}`,
  ),
  sql`, `,
)} from ${documents} where ${documents.user_id} = ${users.id}
  and ${documents.kind} in (${sql.join(PERSONAL_DOCUMENT_KINDS.map(literal), sql`, `)})) as ${sql.identifier(USER_DOCUMENTS)}`;

/** The URL of the user's document of `kind`, or null. */
const documentUrlOf = (kind: DocumentKind, description = 'URL `/api/v1/documents/{id}` (owner or admin)') =>
  shaped(
    documentUrlSql(sql`${sql.identifier(USER_DOCUMENTS)}.${sql.identifier(kind)}`),
    Nullable(Type.String({ description })),
  );

/** The User record's fields, over users (one definition for every role). */
const userFields = {
  id: integer(users.id),
  role: shaped(
    users.role,
    Type.Union([Type.Literal('admin'), Type.Literal('petani'), Type.Literal('mitra')]),
  ),
  full_name: text(users.full_name),
  name: text(users.full_name, { description: 'Same as full_name' }),
  username: nullable(text(users.username)),
  email: text(users.email),
  no_phone: nullable(text(users.phone, { description: 'Same as phone' })),
  phone: nullable(text(users.phone, { description: '+62…' })),
  status_verifikasi: boolean(users.status_verifikasi),
  url_image: documentUrlOf('avatar', 'Avatar document URL'),
  created_at: timestamp(users.created_at),
  updated_at: timestamp(users.updated_at),
};

const profileFields = (profile: typeof petaniProfiles | typeof mitraProfiles) => ({
  user_id: integer(users.id, { description: 'Same as id' }),
  nik: nullable(text(profile.nik)),
  alamat: nullable(text(profile.alamat)),
  address: nullable(text(profile.alamat, { description: 'Same as alamat' })),
  ktp: documentUrlOf('ktp'),
  verifikasi_ktp: documentUrlOf('verifikasi_ktp'),
  supporting_documents: documentUrlOf('supporting_documents'),
});

/** The Petani and Mitra records' own fields, over their profile (after the User fields). */
const petaniFields = {
  ...profileFields(petaniProfiles),
  fullname_petani: text(sql`coalesce(${petaniProfiles.fullname_petani}, ${users.full_name})`),
  lahan_count: integer(sql`(select count(*)::int from ${lahan} where ${lahan.petani_id} = ${users.id})`),
};
const mitraFields = {
  ...profileFields(mitraProfiles),
  fullname_mitra: text(sql`coalesce(${mitraProfiles.fullname_mitra}, ${users.full_name})`),
  company_name: nullable(text(mitraProfiles.company_name)),
  company_address: nullable(text(mitraProfiles.company_address)),
  company_position: nullable(text(mitraProfiles.company_position)),
  no_loa: nullable(text(mitraProfiles.no_loa)),
  loa_file: documentUrlOf('loa_file'),
};

/** The records of docs/API.md by role, declared once (db/lists/field.ts): an admin's is the User record. */
const RECORDS = {
  admin: record(userFields),
  petani: record({ ...userFields, ...petaniFields }),
  mitra: record({ ...userFields, ...mitraFields }),
} satisfies Record<Role, RecordDeclaration>;

export const UserRecord = RECORDS.admin.schema;
export const PetaniRecord = RECORDS.petani.schema;
export const MitraRecord = RECORDS.mitra.schema;
/** A record of any role: the User fields, plus the Petani or Mitra fields for those roles. */
export const PersonRecord = Type.Object({
  ...UserRecord.properties,
  ...allOptional(record({ ...petaniFields, ...mitraFields }).schema.properties),
});

export type UserRecord = Static<typeof UserRecord>;
export type PetaniRecord = Static<typeof PetaniRecord>;
export type MitraRecord = Static<typeof MitraRecord>;
export type PersonRecord = UserRecord | PetaniRecord | MitraRecord;

/**
 * SQL: the record of the row's user as JSON, for users ⟕ petani_profiles ⟕ mitra_profiles: the Petani or Mitra
 * record, or the User record for an admin. `role`: the rows are known to have that role.
 */
export const personJson = (role?: Role): SQL =>
  role
    ? RECORDS[role].json
    : sql`(case ${users.role} when 'petani' then ${RECORDS.petani.json} when 'mitra' then ${RECORDS.mitra.json}
        else ${RECORDS.admin.json} end)`;

/** users ⟕ petani_profiles ⟕ mitra_profiles ⟕ the user's documents, what `personJson` reads. */
export const joinProfiles = <T extends PgSelect>(query: T) =>
  leftJoinAll(query, [
    [petaniProfiles, eq(petaniProfiles.user_id, users.id)],
    [mitraProfiles, eq(mitraProfiles.user_id, users.id)],
  ]).leftJoinLateral(userDocuments, sql`true`) as PgSelect as T;

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
