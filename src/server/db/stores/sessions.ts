import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AccessClaims } from '../../auth/tokens.js';
import type { AuthUser } from '../../http/context.js';
import type { Db } from '../engine/client.js';
import { refreshTokens, users } from '../schema.js';

/**
 * SQL: the caller's account as JSON while the token's session lives, else null. A deleted account, or a
 * session ended by sign-out, reuse, a password or role change, loses access at once.
 */
export const callerWhileSessionLives = ({
  userId,
  sessionId,
}: {
  userId: number | Placeholder;
  sessionId: string | Placeholder;
}): SQL<AuthUser | null> =>
  // Aliased: the statement it goes into may read users itself.
  sql<AuthUser | null>`(select json_build_object('id', cu.id, 'role', cu.role, 'email', cu.email,
      'full_name', cu.full_name, 'status_verifikasi', cu.status_verifikasi)
    from ${users} cu join ${refreshTokens} cs on cs.user_id = cu.id
      and cs.family_id = ${sessionId} and cs.revoked_at is null
    where cu.id = ${userId})`;

/** `callerWhileSessionLives` for a prebuilt statement (db/lists/prebuilt.ts): the values are bound by these names. */
export const CALLER_VALUES = { userId: 'caller_id', sessionId: 'caller_session' } as const;
/** Their PostgreSQL types, for a batched read (db/lists/batched.ts). */
export const CALLER_TYPES = { [CALLER_VALUES.userId]: 'int4', [CALLER_VALUES.sessionId]: 'uuid' };
export const callerColumn = () =>
  callerWhileSessionLives({
    userId: sql.placeholder(CALLER_VALUES.userId),
    sessionId: sql.placeholder(CALLER_VALUES.sessionId),
  });

/** The caller's account while the token's session lives, else null: one query. */
export async function findSessionCaller(db: Db, claims: AccessClaims): Promise<AuthUser | null> {
  const [row] = await db
    .select({ caller: callerWhileSessionLives(claims) })
    .from(users)
    .where(eq(users.id, claims.userId));
  return row?.caller ?? null;
}
