import type { FastifyReply } from 'fastify';
import { MESSAGES } from '../../../shared/messages.js';
import { AppError } from '../../http/errors.js';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', MESSAGES.rateLimited);
  }
}

/** Runs `work`; a 429 that comes out of it tells the client when to try again. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RateLimitedError) reply.header('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}
