import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { TokenSigner } from '../../auth/tokens.js';
import type { Db, Tx } from '../../db/engine/client.js';
import type { AuthUser } from '../../http/context.js';
import { mitraProfiles, petaniProfiles, users } from '../../db/schema.js';
import { AppError, invalidRole, validationError } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import { normaliseEmail, type AccountDetails } from './account-fields.js';
import type { Device } from './device.js';
import { confirmationSucceeded, reserveConfirmation, reserveSignIn, signInSucceeded } from './limits.js';
import { startSession, type TokenPair } from './sessions.js';
import { notifyRegistration } from '../notifications/notices.js';

const M = MESSAGES.account;

export interface SignIn {
  email: string;
  password: string;
  /** The caller's address, counted by the sign-in limiter. */
  ip: string;
  /** The caller's device, if its cookie holds a token issued for this account (device.ts). */
  deviceOf: (userId: number) => Device | undefined;
  /** `admin`: the admin panel; `member`: petani and mitra. */
  audience: 'admin' | 'member';
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

/**
 * Checks the password (an unknown email costs the same scrypt time as a wrong password and gets the
 * same answer), under the sign-in limits (limits.ts): a known device's or an unknown client's; then
 * checks the role for the audience.
 */
export async function signIn(db: Db, signer: TokenSigner, input: SignIn) {
  const email = normaliseEmail(input.email);
  if (!email.includes('@'))
    throw validationError(MESSAGES.invalidEmail, [{ field: 'email', message: MESSAGES.invalidEmail }]);
  const [user] = await db
    .select({ id: users.id, role: users.role, password_hash: users.password_hash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  const client = { ip: input.ip, device: user ? input.deviceOf(user.id) : undefined };
  await reserveSignIn(db, email, client);

  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid) throw invalidCredentials();

  await signInSucceeded(db, email, client);
  const admitted = input.audience === 'admin' ? user.role === 'admin' : user.role !== 'admin';
  if (!admitted) throw invalidRole();
  return { userId: user.id, tokens: await startSession(db, signer, user) };
}

/**
 * Re-checks the signed-in user's password before a sensitive change, under the session's own limit.
 * A wrong password is a 400 on `field` (not a 401: the session itself is fine).
 */
export async function confirmPassword(
  db: Db,
  user: AuthUser,
  attempt: { password: string; sessionId: string; field: string; message: string },
) {
  await reserveConfirmation(db, attempt.sessionId);
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(attempt.password, row.hash))) {
    throw validationError(attempt.message, [{ field: attempt.field, message: attempt.message }]);
  }
  await confirmationSucceeded(db, attempt.sessionId);
}

/** Email, NIK and username are unique; a clash answers 409 with the field's own message. */
export async function assertAccountFree(
  db: Db | Tx,
  values: { email?: string | null; nik?: string | null; username?: string | null },
  exceptId?: number,
) {
  const accountNames = [
    [values.email, users.email, M.emailTaken],
    [values.username, users.username, M.usernameTaken],
  ] as const;
  for (const [value, name, taken] of accountNames) {
    if (value) await assertNameFree(db, value, { table: users, id: users.id, name, exceptId }, taken);
  }
  if (values.nik) {
    for (const profile of [petaniProfiles, mitraProfiles]) {
      const spec = { table: profile, id: profile.user_id, name: profile.nik, exceptId };
      await assertNameFree(db, values.nik, spec, M.nikTaken);
    }
  }
}

export interface SignUp extends AccountDetails {
  role: Exclude<Role, 'admin'>;
  password: string;
}

/** Creates an unverified petani or mitra with their profile in one transaction, and signs them in. */
export async function signUp(
  db: Db,
  signer: TokenSigner,
  input: SignUp,
): Promise<{ userId: number; tokens: TokenPair }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await assertAccountFree(tx, input);
    const [user] = await tx
      .insert(users)
      .values({
        role: input.role,
        email: input.email,
        password_hash: passwordHash,
        full_name: input.full_name,
        username: input.username ?? null,
        phone: input.phone ?? null,
        status_verifikasi: false,
      })
      .returning({ id: users.id, role: users.role });
    const profile = { user_id: user!.id, nik: input.nik ?? null, alamat: input.alamat ?? null };
    if (input.role === 'petani') {
      await tx.insert(petaniProfiles).values({ ...profile, fullname_petani: input.full_name });
    } else {
      await tx.insert(mitraProfiles).values({
        ...profile,
        fullname_mitra: input.full_name,
        company_name: input.company_name ?? null,
        company_address: input.company_address ?? null,
        company_position: input.company_position ?? null,
      });
    }
    await notifyRegistration(tx, { userId: user!.id, role: input.role, name: input.full_name });
    return { userId: user!.id, tokens: await startSession(tx, signer, user!) };
  });
}
