import type { AnyColumn } from 'drizzle-orm';
import { Type, type TObject, type TSchema } from 'typebox';
import type { Role } from '../../../shared/constants.js';
import { equals, listResource, type Filter } from '../../db/lists/resource.js';
import { users } from '../../db/schema.js';
import {
  joinProfiles,
  MitraRecord,
  PersonRecord,
  personJson,
  PetaniRecord,
  UserRecord,
} from '../auth/records.js';

const ROLES = ['admin', 'petani', 'mitra'] as const satisfies readonly Role[];

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
  /** Its list (db/lists/resource.ts); the service adds the role. */
  list: PeopleList;
}

const status_verifikasi = equals(
  users.status_verifikasi,
  Type.Boolean({ description: 'true: verified only; false: unverified' }),
  { key: 'k2' },
);
const byName = { created_at: users.created_at, full_name: users.full_name };
const byEmail = { ...byName, email: users.email };
const byRole = { ...byEmail, role: users.role };

/** A list of accounts: the counters (list_counts 'users') are by role (k1) and verification (k2). */
const peopleList = <S extends Record<string, AnyColumn>, F extends Record<string, Filter<TSchema>>>(
  sorts: S,
  filters: F,
  searchInParts = true,
) =>
  listResource({
    entity: 'users',
    table: users,
    id: users.id,
    json: personJson(),
    from: joinProfiles,
    search: users.search_text,
    searchInParts,
    sorts,
    filters,
  });
/** A kind's list: its declaration and its query's schema (whose filters differ by kind). */
interface PeopleList {
  declared: ReturnType<typeof peopleList>['declared'];
  query: TSchema;
}

export const ADMINS: PersonKind = {
  label: 'Admin',
  role: 'admin',
  record: UserRecord,
  list: peopleList(byEmail, {}),
};

export const USERS: PersonKind = {
  label: 'User',
  record: PersonRecord,
  list: peopleList(byRole, {
    role: equals(users.role, Type.Union(ROLES.map((role) => Type.Literal(role))), { key: 'k1' }),
    status_verifikasi,
  }),
};

/** The petani and the mitra lists: one role, sorted by name, filtered by verification. */
const profileKind = (label: string, role: Role, record: TObject, searchInParts?: boolean): PersonKind => ({
  label,
  role,
  record,
  list: peopleList(byName, { status_verifikasi }, searchInParts),
});

export const PETANI = profileKind('Petani', 'petani', PetaniRecord);
// A mitra's search counts along the mitra's own index (users_mitra_search_trgm), which holds their matches only.
export const MITRA = profileKind('Mitra', 'mitra', MitraRecord, false);

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
