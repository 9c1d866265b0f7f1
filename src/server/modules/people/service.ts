import { and, count, eq, notInArray, or } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { phoneSearch } from '../../../shared/phone.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { contracts, documents, lahan, mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import type { SessionCheck } from '../../http/guards.js';
import { listPage } from '../../db/lists/resource.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { assertAccountFree } from '../auth/service.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { KINDS_BY_ROLE } from '../documents/file-types.js';
import { deleteMe } from '../me/service.js';
import type { PersonInput } from './fields.js';
import type { PeopleQuery, PersonKind } from './kinds.js';
import { withNikInfo } from './nik-info.js';
import { notifyPersonVerification } from '../notifications/notices.js';
import { assertOtherAdminsRemain, loadPerson, personJson } from '../auth/records.js';

const M = MESSAGES.people;

/**
 * One page of the accounts of `kind`, filtered, searched and sorted, with its total (db/lists/resource.ts):
 * records as JSON. The role (the kind's, or the filter's) chooses the record's fields. A whole phone number
 * typed with separators is searched as the E.164 form it is stored in.
 */
export async function listPeople(db: Db, kind: PersonKind, query: PeopleQuery, session?: SessionCheck) {
  const role = kind.role ?? query.role;
  return listPage(kind.list.declared, db, { ...query, q: phoneSearch(query.q) }, (bind) => ({
    where: kind.role && eq(users.role, bind('role', kind.role)!),
    keys: kind.role && { k1: kind.role },
    shape: `${kind.label}|${role ?? 'any'}`,
    json: personJson(role),
    session,
  }));
}

/** Sets the verification status of user `id`; only petani and mitra when `membersOnly`. */
export async function setVerified(db: Db, id: number, verified: boolean, membersOnly: boolean) {
  const [row] = await db
    .select({ role: users.role, verified: users.status_verifikasi })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!row) throw notFound('User');
  if (membersOnly && row.role === 'admin')
    throw validationError(M.verifyRoleMembersOnly, [{ field: 'id', message: M.verifyRoleMembersOnly }]);
  await db.update(users).set({ status_verifikasi: verified, updated_at: new Date() }).where(eq(users.id, id));
  if (row.role !== 'admin' && row.verified !== verified) await notifyPersonVerification(db, id, verified);
  return loadPerson(db, id);
}

/** The role of user `id` if it belongs to `kind`, else 404 '<Kind> not found'. Locks the row in a transaction. */
async function roleOf(db: Db | Tx, kind: PersonKind, id: number, lock = false): Promise<Role> {
  const query = db.select({ role: users.role }).from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (kind.role && row.role !== kind.role)) throw notFound(kind.label);
  return row.role;
}

/** One account as the admin routes answer it: the record, and what its NIK says (nik-info.ts). */
const adminRecord = async (db: Db | Tx, id: number) => withNikInfo(db, await loadPerson(db, id));

export async function getPerson(db: Db, kind: PersonKind, id: number) {
  await roleOf(db, kind, id);
  return adminRecord(db, id);
}

/** Only the fields present in `input`: absent means unchanged, null means cleared. */
const present = <K extends keyof PersonInput>(input: Partial<PersonInput>, keys: readonly K[]) =>
  Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as Pick<
    PersonInput,
    K
  >;

const PROFILE_KEYS = ['nik', 'alamat'] as const;
const COMPANY_KEYS = ['company_name', 'company_address', 'company_position', 'no_loa'] as const;

/** Creates or updates the profile row of a petani or mitra with the given fields. */
async function saveProfile(tx: Tx, userId: number, role: Role, input: Partial<PersonInput>) {
  if (role === 'petani') {
    const set = { ...present(input, PROFILE_KEYS), fullname_petani: input.full_name };
    await tx
      .insert(petaniProfiles)
      .values({ ...set, user_id: userId, fullname_petani: input.full_name! })
      .onConflictDoUpdate({ target: petaniProfiles.user_id, set });
  } else if (role === 'mitra') {
    const set = { ...present(input, [...PROFILE_KEYS, ...COMPANY_KEYS]), fullname_mitra: input.full_name };
    await tx
      .insert(mitraProfiles)
      .values({ ...set, user_id: userId, fullname_mitra: input.full_name! })
      .onConflictDoUpdate({ target: mitraProfiles.user_id, set });
  }
}

/** Creates the account and its profile in one transaction; answers the full record. */
export async function createPerson(db: Db, kind: PersonKind, input: PersonInput) {
  const role = kind.role ?? input.role!;
  const passwordHash = await hashPassword(input.password!);
  return db.transaction(async (tx) => {
    await assertAccountFree(tx, input);
    const [user] = await tx
      .insert(users)
      .values({
        role,
        email: input.email,
        username: input.username ?? null,
        password_hash: passwordHash,
        full_name: input.full_name,
        phone: input.phone ?? null,
        status_verifikasi: input.status_verifikasi ?? role === 'admin',
      })
      .returning({ id: users.id });
    await saveProfile(tx, user!.id, role, input);
    return adminRecord(tx, user!.id);
  });
}

/** Admins are locked while counted, so that two admins removing each other cannot leave none. */
/**
 * A new role moves the profile: the old one (its NIK and address carried over unless given) is replaced
 * by the new role's, and documents the new role does not keep are deleted. Lahan and contracts are tied
 * to the role, so a petani or mitra who has any keeps their role.
 */
async function changeRole(tx: Tx, id: number, from: Role, input: PersonInput, actor: AuthUser) {
  const to = input.role!;
  if (id === actor.id) throw conflict(M.cannotChangeOwnRole);
  if (from === 'admin') await assertOtherAdminsRemain(tx, M.lastAdmin);
  if (from !== 'admin') {
    const [[owned], [signed]] = await Promise.all([
      tx.select({ n: count() }).from(lahan).where(eq(lahan.petani_id, id)),
      tx
        .select({ n: count() })
        .from(contracts)
        .where(or(eq(contracts.petani_id, id), eq(contracts.mitra_id, id))),
    ]);
    if ((owned?.n ?? 0) + (signed?.n ?? 0) > 0)
      throw conflict(M.roleChangeBlocked(from, owned?.n ?? 0, signed?.n ?? 0));
  }
  const profile = from === 'petani' ? petaniProfiles : from === 'mitra' ? mitraProfiles : undefined;
  if (profile) {
    const [old] = await tx
      .delete(profile)
      .where(eq(profile.user_id, id))
      .returning({ nik: profile.nik, alamat: profile.alamat });
    input.nik = input.nik === undefined ? old?.nik : input.nik;
    input.alamat = input.alamat === undefined ? old?.alamat : input.alamat;
  }
  await tx
    .delete(documents)
    .where(and(eq(documents.user_id, id), notInArray(documents.kind, [...KINDS_BY_ROLE[to]])));
}

/**
 * Replaces the given fields (full_name and email always; other fields absent stay as they are, null
 * clears them). A new password or a new role ends the account's sessions (and their access tokens).
 */
export async function updatePerson(
  db: Db,
  kind: PersonKind,
  id: number,
  input: PersonInput,
  actor: AuthUser,
) {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const from = await roleOf(tx, kind, id, true);
    await assertAccountFree(tx, input, id);
    const role = input.role ?? from;
    if (role !== from) await changeRole(tx, id, from, input, actor);
    await tx
      .update(users)
      .set({
        ...present(input, ['full_name', 'email', 'username', 'phone', 'status_verifikasi']),
        role,
        password_hash: passwordHash,
        updated_at: new Date(),
      })
      .where(eq(users.id, id));
    if (passwordHash || role !== from) await revokeAllSessions(tx, id);
    await saveProfile(tx, id, role, input);
    return adminRecord(tx, id);
  });
}

/**
 * Deletes the account as its owner would (documents, profile, sessions, lahan; contracts stay with the
 * party set to null) and answers the deleted record. Admins remove themselves only from their profile.
 */
export async function deletePerson(db: Db, kind: PersonKind, id: number, actor: AuthUser) {
  if (id === actor.id) throw conflict(M.cannotDeleteSelf);
  const role = await roleOf(db, kind, id);
  const record = await adminRecord(db, id);
  await deleteMe(db, {
    id,
    role,
    email: record.email,
    full_name: record.full_name,
    status_verifikasi: record.status_verifikasi,
  });
  return record;
}
