import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { Role } from '../../../shared/constants.js';
import { mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import { listQuery } from '../../http/schemas.js';
import { MitraRecord, PersonRecord, PetaniRecord, UserRecord } from './records.js';

/** One admin resource of people: which accounts it covers and how its list searches and sorts. */
export interface PersonKind {
  /** Resource name in OpenAPI tags and in messages ('Petani not found'). */
  label: string;
  /** The accounts of this resource; undefined: every role (`/admin/users`). */
  role?: Role;
  record: TSchema;
  /** Columns `q` searches; every word must occur in one of them (lower-cased for the trigram indexes). */
  search: (AnyColumn | SQL)[];
  sortColumns: Record<string, AnyColumn | SQL>;
  query: TSchema;
}

const lower = (column: AnyColumn) => sql`lower(${column})`;
/** Phones are stored as +62…; people type them as 08…, so both forms are searched. */
const nationalPhone = sql`replace(${users.phone}, '+62', '0')`;
const USER_SEARCH = [lower(users.full_name), lower(users.email), users.username, users.phone, nationalPhone];
const status_verifikasi = Type.Optional(
  Type.Boolean({ description: 'true: verified only; false: unverified' }),
);
const byName = { created_at: users.created_at, full_name: users.full_name };
const byEmail = { ...byName, email: users.email };
const byRole = { ...byEmail, role: users.role };

const sortKeys = <K extends string>(columns: Record<K, unknown>) => Object.keys(columns) as K[];

export const ADMINS: PersonKind = {
  label: 'Admin',
  role: 'admin',
  record: UserRecord,
  search: USER_SEARCH,
  sortColumns: byEmail,
  query: listQuery(sortKeys(byEmail)),
};

export const USERS: PersonKind = {
  label: 'User',
  record: PersonRecord,
  search: [...USER_SEARCH, petaniProfiles.nik, mitraProfiles.nik, lower(mitraProfiles.company_name)],
  sortColumns: byRole,
  query: listQuery(sortKeys(byRole), {
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('petani'), Type.Literal('mitra')])),
    status_verifikasi,
  }),
};

export const PETANI: PersonKind = {
  label: 'Petani',
  role: 'petani',
  record: PetaniRecord,
  search: [...USER_SEARCH, petaniProfiles.nik],
  sortColumns: byName,
  query: listQuery(sortKeys(byName), { status_verifikasi }),
};

export const MITRA: PersonKind = {
  label: 'Mitra',
  role: 'mitra',
  record: MitraRecord,
  search: [...USER_SEARCH, mitraProfiles.nik, lower(mitraProfiles.company_name)],
  sortColumns: byName,
  query: listQuery(sortKeys(byName), { status_verifikasi }),
};

/** The query of a list route, as the service reads it. */
export interface PeopleQuery {
  page: number;
  limit: number;
  q?: string;
  sort?: string;
  order: 'asc' | 'desc';
  role?: Role;
  status_verifikasi?: boolean;
}
