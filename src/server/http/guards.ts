import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { TokenExpiredError, type AccessClaims } from '../auth/tokens.js';
import { CALLER_VALUES, callerWhileSessionLives, findSessionCaller } from '../db/stores/sessions.js';
import { AppError, invalidRole, unauthorized } from './errors.js';
import type { AuthUser, Viewer } from './context.js';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The bearer token's claims (signature and expiry checked); the session is not checked yet. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  const token = bearer(request);
  if (!token) throw unauthorized();
  try {
    return request.server.tokens.verify(token);
  } catch (err) {
    if (err instanceof TokenExpiredError) throw new AppError('TOKEN_EXPIRED', MESSAGES.session.tokenExpired);
    throw unauthorized(MESSAGES.session.invalidToken);
  }
}

/** A role change ends the account's sessions, so a live session's account has the token's role. */
function confirmCaller(request: FastifyRequest, claims: AccessClaims, caller: AuthUser | null): AuthUser {
  if (!caller || caller.role !== claims.role) throw unauthorized(MESSAGES.session.invalidToken);
  request.user = caller;
  return caller;
}

async function loadCaller(request: FastifyRequest, claims: AccessClaims): Promise<AuthUser> {
  return confirmCaller(request, claims, await findSessionCaller(request.db, claims));
}

/** Verifies the bearer token and loads the caller with its session, in one query. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  return loadCaller(request, claimsOf(request));
}

/**
 * The session check of a read that makes it part of its own statement (one round trip instead of two): a
 * column to select, and what to do with its value before anything read is answered.
 */
export interface SessionCheck {
  column: SQL<AuthUser | null>;
  /** The values of `callerColumn()` (db/stores/sessions.ts) for a prebuilt statement, by placeholder name. */
  values: Record<string, unknown>;
  confirm(caller: AuthUser | null): void;
  /** For a statement that returned no row to carry the column: the check on its own. */
  confirmAlone(): Promise<void>;
}

const kPending = Symbol('session checked by the route');
type Pending = FastifyRequest & { [kPending]?: AccessClaims };

/** Callers whose reads depend only on the id and role the token names (a mitra's also on their verification). */
const DEFERRABLE: readonly Role[] = ['admin', 'petani'];

/**
 * For a route whose config says `sessionInQuery`: a GET by an admin or a petani that `roles` allows defers its
 * session check to the route's statement (their reads depend on nothing but the id and role the token names,
 * and a role change ends the session). Anyone else, and every other request, is checked here first.
 */
function deferSession(request: FastifyRequest, roles: Role[]): boolean {
  if (request.method !== 'GET' || !request.routeOptions.config.sessionInQuery) return false;
  const claims = claimsOf(request);
  if (!DEFERRABLE.includes(claims.role) || (roles.length > 0 && !roles.includes(claims.role))) return false;
  (request as Pending)[kPending] = claims;
  return true;
}

/** A deferred session check for the route's statement; undefined when the caller was checked already. */
export function sessionCheck(request: FastifyRequest): SessionCheck | undefined {
  const claims = (request as Pending)[kPending];
  if (!claims) return undefined;
  const confirmed = () => ((request as Pending)[kPending] = undefined);
  return {
    // Built only by the reads that are not prebuilt (a prebuilt one uses callerColumn() once).
    get column() {
      return callerWhileSessionLives(claims);
    },
    values: { [CALLER_VALUES.userId]: claims.userId, [CALLER_VALUES.sessionId]: claims.sessionId },
    confirm: (caller) => {
      confirmCaller(request, claims, caller);
      confirmed();
    },
    confirmAlone: async () => {
      await loadCaller(request, claims);
      confirmed();
    },
  };
}

/** The caller as a read builds its SQL: the account when checked, else the token's id and role (an admin or petani). */
export function viewerOf(request: FastifyRequest): Viewer {
  const claims = (request as Pending)[kPending];
  return claims ? { id: claims.userId, role: claims.role } : currentUser(request);
}

/**
 * Nothing is answered with a success status while a deferred session check is still unconfirmed: checked
 * on send, so that a body the database wrote as text (sent without serialisation) is covered too.
 */
export function installSessionCheck(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request as Pending)[kPending] && reply.statusCode < 400)
      return done(unauthorized(MESSAGES.session.invalidToken));
    done(null, payload);
  });
}

/** The guards that admit only some roles, so can answer 403 (the OpenAPI document says so, http/openapi.ts). */
export const roleGuards = new WeakSet<object>();

/** onRequest hook: any signed-in user whose role is one of `roles` (any role when empty). */
export const requireRole = (...roles: Role[]) => {
  const guard = async (request: FastifyRequest) => {
    if (!request.user && deferSession(request, roles)) return;
    const user = await authenticate(request);
    if (roles.length > 0 && !roles.includes(user.role)) throw invalidRole();
  };
  if (roles.length > 0) roleGuards.add(guard);
  return guard;
};

/** The caller of a route behind `requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
