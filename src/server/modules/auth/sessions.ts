import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import {
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenSigner,
} from '../../auth/tokens.js';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';

/**
 * Sessions are refresh-token families. Signing in starts a family; each refresh rotates: the presented
 * token is marked used (`revoked_at`) and a new one joins the family. Presenting a used or revoked
 * token again means it leaked: the whole family is revoked. Only SHA-256 hashes are stored.
 * Access tokens carry their family's id (`sid`) and work only while the family has a live token, so
 * revoking a family (sign-out, reuse, password or role change, deletion) ends its access tokens at once.
 */

export interface TokenPair {
  token: string;
  refreshToken: string;
}

interface Subject {
  id: number;
  role: Role;
}

const expiresAt = () => sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`;

async function addToFamily(db: Db | Tx, signer: TokenSigner, user: Subject, familyId: string) {
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    user_id: user.id,
    family_id: familyId,
    token_hash: hashToken(refreshToken),
    expires_at: expiresAt(),
  });
  return {
    token: await signer.sign({ userId: user.id, role: user.role, sessionId: familyId }),
    refreshToken,
  };
}

export const startSession = (db: Db | Tx, signer: TokenSigner, user: Subject): Promise<TokenPair> =>
  addToFamily(db, signer, user, randomUUID());

const revokeFamily = (db: Db | Tx, familyId: string) =>
  db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));

/** Exchanges a refresh token for a new pair, or answers 401 (unknown, expired, used or revoked). */
export async function rotate(db: Db, signer: TokenSigner, presented: string): Promise<TokenPair> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        family_id: refreshTokens.family_id,
        revoked: sql<boolean>`${refreshTokens.revoked_at} IS NOT NULL`,
        expired: sql<boolean>`${refreshTokens.expires_at} <= now()`,
        user_id: users.id,
        role: users.role,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.user_id))
      .where(eq(refreshTokens.token_hash, hashToken(presented)))
      .for('update', { of: refreshTokens });
    if (!row) return { error: 'Invalid refresh token' } as const;
    if (row.revoked) {
      await revokeFamily(tx, row.family_id);
      return { error: 'Refresh token has already been used or revoked; please sign in again' } as const;
    }
    if (row.expired) return { error: 'Refresh token has expired; please sign in again' } as const;
    await tx
      .update(refreshTokens)
      .set({ revoked_at: sql`now()` })
      .where(eq(refreshTokens.id, row.id));
    return { pair: await addToFamily(tx, signer, { id: row.user_id, role: row.role }, row.family_id) };
  });
  // Thrown only after the transaction has committed, so a reuse still revokes the family.
  if ('error' in outcome) throw unauthorized(outcome.error);
  return outcome.pair;
}

/** Revokes the family of a refresh token, whoever presents it; an unknown token is ignored. */
export async function revokeFamilyOf(db: Db, presented: string): Promise<void> {
  const [row] = await db
    .select({ family_id: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(presented)));
  if (row) await revokeFamily(db, row.family_id);
}

/** Signs a user out everywhere. */
export async function revokeAllSessions(db: Db | Tx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}
