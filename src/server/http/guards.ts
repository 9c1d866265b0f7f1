import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/constants.js';
import { TokenExpiredError } from '../auth/tokens.js';
import { refreshTokens, users } from '../db/schema.js';
import { AppError, invalidRole, unauthorized } from './errors.js';
import type { AuthUser } from './context.js';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Verifies the bearer token and loads the caller with its session, in one query: a deleted account, or
 * a session ended by sign-out, reuse, a password or role change, loses access at once.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  const token = bearer(request);
  if (!token) throw unauthorized();
  let userId: number;
  let sessionId: string;
  try {
    ({ userId, sessionId } = request.server.tokens.verify(token));
  } catch (err) {
    if (err instanceof TokenExpiredError) throw new AppError('TOKEN_EXPIRED', 'Token has expired');
    throw unauthorized('Invalid token');
  }
  const [user] = await request.db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      full_name: users.full_name,
      status_verifikasi: users.status_verifikasi,
    })
    .from(users)
    .innerJoin(
      refreshTokens,
      and(
        eq(refreshTokens.user_id, users.id),
        eq(refreshTokens.family_id, sessionId),
        isNull(refreshTokens.revoked_at),
      ),
    )
    .where(eq(users.id, userId));
  if (!user) throw unauthorized('Invalid token');
  request.user = user;
  return user;
}

/** onRequest hook: any signed-in user whose role is one of `roles` (any role when empty). */
export const requireRole =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (roles.length > 0 && !roles.includes(user.role)) throw invalidRole();
  };

/** The caller of a route behind `requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
