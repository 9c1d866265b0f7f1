import type { FastifyReply, FastifyRequest } from 'fastify';
import { claimsOf, currentUser } from '../../http/guards.js';
import { withRetryAfter } from '../../http/rate-limit.js';
import { confirmPassword } from './service.js';

/**
 * preHandler: the body's `field` must be the caller's password. It runs before the handler, outside the
 * transaction of an audited write, so a wrong password counts against the session's own limit (limits.ts).
 */
export const confirmsPassword =
  (field: 'currentPassword' | 'password', message: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const password = (request.body as Record<typeof field, string>)[field];
    const { sessionId } = claimsOf(request);
    await withRetryAfter(reply, () =>
      confirmPassword(request.db, currentUser(request), { password, sessionId, field, message }),
    );
  };
