import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/engine/client.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { invalidRole, notFound } from '../../http/errors.js';
import { selectPeople, type PersonRecord } from '../auth/records.js';
import { asSeen, assertMayMeetPetani, personVisibleTo, seesContactOf, sightOf } from './visibility.js';

/** The one row of user `id` that `viewer` may see and matches `where`, with the fields they may see. */
async function seenPerson(db: Db, viewer: AuthUser, id: number, where?: SQL) {
  const [row] = await selectPeople(db, { id: users.id, contact: seesContactOf(viewer, users.id) }).where(
    and(eq(users.id, id), where, personVisibleTo(viewer)),
  );
  return row && asSeen(JSON.parse(row.record) as PersonRecord, sightOf(viewer, row.id, row.contact));
}

/** A petani's record for `viewer` (docs/API.md "Who sees whom"); another petani gets 403, a hidden one 404. */
export async function viewPetani(db: Db, id: number, viewer: AuthUser) {
  if (viewer.role === 'petani' && viewer.id !== id) throw invalidRole();
  assertMayMeetPetani(viewer);
  const seen = await seenPerson(db, viewer, id, eq(users.role, 'petani'));
  if (!seen) throw notFound('Petani');
  return seen;
}

/** Any user's record for an admin (404 when missing); for others themself or someone they may see, else 403. */
export async function viewUser(db: Db, id: number, viewer: AuthUser) {
  const seen = await seenPerson(db, viewer, id);
  if (!seen) throw viewer.role === 'admin' ? notFound('User') : invalidRole();
  return seen;
}
