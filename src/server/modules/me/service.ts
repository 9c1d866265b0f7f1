import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/engine/client.js';
import { contracts, lahan, mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { MESSAGES } from '../../../shared/messages.js';
import { hashPassword } from '../../auth/passwords.js';
import type { TokenSigner } from '../../auth/tokens.js';
import { COMPANY_FIELDS, PROFILE_FIELDS, type AccountField } from '../auth/account-fields.js';
import { assertAccountFree } from '../auth/service.js';
import { revokeAllSessions, startSession } from '../auth/sessions.js';
import { listDocuments } from '../documents/service.js';
import { assertOtherAdminsRemain } from '../auth/records.js';

const USER_FIELDS = ['full_name', 'email', 'username', 'phone'] as const;
export type AccountChanges = Partial<Record<AccountField, string | null>>;

const pick = <K extends AccountField>(changes: AccountChanges, keys: readonly K[]) =>
  Object.fromEntries(keys.filter((k) => k in changes).map((k) => [k, changes[k]])) as Partial<
    Record<K, string | null>
  >;

const hasValues = (set: object) => Object.values(set).some((v) => v !== undefined);

/**
 * Whether `changes` sets the email, username or NIK to a value other than the caller's: each such change
 * tells whether the value is registered to someone else, so it is counted as a probe (auth/limits.ts).
 */
export async function changesUniqueField(db: Db, me: AuthUser, changes: AccountChanges): Promise<boolean> {
  const wanted = { email: changes.email, username: changes.username, nik: changes.nik };
  if (!Object.values(wanted).some(Boolean)) return false;
  const [current] = await db
    .select({
      email: users.email,
      username: users.username,
      nik: sql<string | null>`coalesce(${petaniProfiles.nik}, ${mitraProfiles.nik})`,
    })
    .from(users)
    .leftJoin(petaniProfiles, eq(petaniProfiles.user_id, users.id))
    .leftJoin(mitraProfiles, eq(mitraProfiles.user_id, users.id))
    .where(eq(users.id, me.id));
  return Object.entries(wanted).some(
    ([name, value]) => value && value !== current?.[name as keyof typeof wanted],
  );
}

/** Edits the caller's own account and profile in one transaction; a name change reaches the profile too. */
export async function updateMe(db: Db, me: AuthUser, changes: AccountChanges) {
  await db.transaction(async (tx) => {
    await assertAccountFree(tx, changes, me.id);
    // full_name and email are never cleared (account-fields.ts refuses null for them).
    const { full_name, email, ...clearable } = pick(changes, USER_FIELDS);
    await tx
      .update(users)
      .set({
        ...clearable,
        full_name: full_name ?? undefined,
        email: email ?? undefined,
        updated_at: new Date(),
      })
      .where(eq(users.id, me.id));
    const name = changes.full_name ?? undefined;
    if (me.role === 'petani') {
      const profile = { ...pick(changes, PROFILE_FIELDS), fullname_petani: name };
      if (hasValues(profile))
        await tx.update(petaniProfiles).set(profile).where(eq(petaniProfiles.user_id, me.id));
    } else if (me.role === 'mitra') {
      const profile = { ...pick(changes, [...PROFILE_FIELDS, ...COMPANY_FIELDS]), fullname_mitra: name };
      if (hasValues(profile))
        await tx.update(mitraProfiles).set(profile).where(eq(mitraProfiles.user_id, me.id));
    }
  });
}

/** Sets a new password and ends every session; the caller continues with the fresh pair returned. */
export async function changePassword(db: Db, signer: TokenSigner, me: AuthUser, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(users.id, me.id));
    await revokeAllSessions(tx, me.id);
    return startSession(tx, signer, me);
  });
}

/**
 * Deletes the account for good, in one transaction. The user row's foreign keys cascade to documents,
 * profile, sessions and the petani's lahan; contracts stay (privacy policy: 7 years) with the party set
 * to null.
 */
export async function deleteMe(db: Db, me: AuthUser) {
  await db.transaction(async (tx) => {
    if (me.role === 'admin') await assertOtherAdminsRemain(tx, MESSAGES.account.lastAdmin);
    await tx.delete(users).where(eq(users.id, me.id));
  });
}

/** Everything stored about the caller (data portability), without document bytes. */
export async function exportMe<A>(db: Db, me: AuthUser, account: A) {
  const { petani_id: _petani, search_text: _lahanSearch, ...lahanColumns } = getTableColumns(lahan);
  const { search_text: _contractSearch, ...contractColumns } = getTableColumns(contracts);
  const [lahanRows, contractRows, documentRows] = await Promise.all([
    db.select(lahanColumns).from(lahan).where(eq(lahan.petani_id, me.id)).orderBy(asc(lahan.id)),
    db
      .select(contractColumns)
      .from(contracts)
      .where(or(eq(contracts.petani_id, me.id), eq(contracts.mitra_id, me.id)))
      .orderBy(asc(contracts.id)),
    listDocuments(db, me.id),
  ]);
  return {
    exported_at: new Date(),
    account,
    lahan: lahanRows,
    contracts: contractRows,
    documents: documentRows,
  };
}
