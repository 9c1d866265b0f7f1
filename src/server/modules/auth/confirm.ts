import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/guards.js';
import { withRetryAfter } from '../../http/rate-limit.js';
import { confirmPassword } from './service.js';

/**
 * preHandler: the body's `field` must be the caller's password. It runs before the handler, outside the
 * transaction of an audited write, so a wrong password counts against the sign-in limit (as a failed sign-in).
 */
export const confirmsPassword =
  (field: 'currentPassword' | 'password', message: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const password = (request.body as Record<typeof field, string>)[field];
    await withRetryAfter(reply, () =>
      confirmPassword(request.db, currentUser(request), { password, ip: request.ip, field, message }),
    );
  };
