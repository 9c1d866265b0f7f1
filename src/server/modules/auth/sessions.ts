import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import {
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenSigner,
} from '../../auth/tokens.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { refreshTokens, users } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';

/**
 * Sessions are refresh-token families. Signing in starts a family; each refresh rotates: the presented
 * token is marked used (`revoked_at`) and a new one joins the family. Presenting a used or revoked
 * token again means it leaked: the whole family is revoked, unless it was rotated moments ago (below).
 * Only SHA-256 hashes are stored.
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

/**
 * A rotated token presented again this soon gets the same successor instead of ending the session, as
 * identity providers' reuse intervals do: a browser's tabs, or a phone retrying a refresh whose answer was
 * lost, send the same token at nearly the same time. 30 s covers a slow network's retry; a thief replaying
 * the token within it only learns the successor the owner holds too, and the next reuse of either ends both.
 */
export const REFRESH_REUSE_WINDOW_SECONDS = 30;

/**
 * The successor of a rotated token, derived from it under the JWT secret: a repeat within the window
 * recomputes it, and the store still holds only hashes.
 */
const successorOf = (secret: string, presented: string) =>
  createHmac('sha256', secret).update(`refresh-successor|${presented}`).digest('base64url');

const expiresAt = () => sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`;

async function addToFamily(
  db: Db | Tx,
  signer: TokenSigner,
  user: Subject,
  familyId: string,
  refreshToken = newRefreshToken(),
) {
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

/** The successor's hash if it is live (neither rotated nor revoked since), for a repeat within the window. */
async function liveSuccessor(tx: Tx, secret: string, presented: string) {
  const successor = successorOf(secret, presented);
  const [row] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.token_hash, hashToken(successor)),
        isNull(refreshTokens.revoked_at),
        gt(refreshTokens.expires_at, sql`now()`),
      ),
    );
  return row ? successor : undefined;
}

/**
 * Exchanges a refresh token for a new pair, or answers 401 (unknown, expired, used or revoked); a token
 * rotated within the reuse window gets its live successor again, with a new access token.
 */
export async function rotate(
  db: Db,
  signer: TokenSigner,
  secret: string,
  presented: string,
): Promise<TokenPair> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        family_id: refreshTokens.family_id,
        revoked: sql<boolean>`${refreshTokens.revoked_at} IS NOT NULL`,
        expired: sql<boolean>`${refreshTokens.expires_at} <= now()`,
        recent: sql<boolean>`${refreshTokens.revoked_at} > now() - make_interval(secs => ${REFRESH_REUSE_WINDOW_SECONDS})`,
        user_id: users.id,
        role: users.role,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.user_id))
      .where(eq(refreshTokens.token_hash, hashToken(presented)))
      .for('update', { of: refreshTokens });
    if (!row) return { error: 'Invalid refresh token' } as const;
    const subject = { id: row.user_id, role: row.role };
    const successor = row.recent ? await liveSuccessor(tx, secret, presented) : undefined;
    if (successor) {
      const token = await signer.sign({ userId: subject.id, role: subject.role, sessionId: row.family_id });
      return { pair: { token, refreshToken: successor } };
    }
    if (row.revoked) {
      await revokeFamily(tx, row.family_id);
      return { error: 'Refresh token has already been used or revoked; please sign in again' } as const;
    }
    if (row.expired) return { error: 'Refresh token has expired; please sign in again' } as const;
    await tx
      .update(refreshTokens)
      .set({ revoked_at: sql`now()` })
      .where(eq(refreshTokens.id, row.id));
    return {
      pair: await addToFamily(tx, signer, subject, row.family_id, successorOf(secret, presented)),
    };
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
