import type { AnyColumn, SQL } from 'drizzle-orm';
import { Type, type TObject, type TSchema } from 'typebox';
import type { Role } from '../../../shared/constants.js';
import { users } from '../../db/schema.js';
import { listQuery } from '../../http/schemas.js';
import { MitraRecord, PersonRecord, PetaniRecord, UserRecord } from '../auth/records.js';

/**
 * One admin resource of people: which accounts it covers and how its list sorts. Its `q` searches
 * users.search_text: name, email, username, phone (+62… and 08…), and the profile's NIK and company name.
 */
export interface PersonKind {
  /** Resource name in OpenAPI tags and in messages ('Petani not found'). */
  label: string;
  /** The accounts of this resource; undefined: every role (`/admin/users`). */
  role?: Role;
  record: TObject;
  sortColumns: Record<string, AnyColumn | SQL>;
  query: TSchema;
}

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
  sortColumns: byEmail,
  query: listQuery(sortKeys(byEmail)),
};

export const USERS: PersonKind = {
  label: 'User',
  record: PersonRecord,
  sortColumns: byRole,
  query: listQuery(sortKeys(byRole), {
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('petani'), Type.Literal('mitra')])),
    status_verifikasi,
  }),
};

/** The petani and the mitra lists: one role, sorted by name, filtered by verification. */
const profileKind = (label: string, role: Role, record: TObject): PersonKind => ({
  label,
  role,
  record,
  sortColumns: byName,
  query: listQuery(sortKeys(byName), { status_verifikasi }),
});

export const PETANI = profileKind('Petani', 'petani', PetaniRecord);
export const MITRA = profileKind('Mitra', 'mitra', MitraRecord);

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
