import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import type { Db, Tx } from '../db/engine/client.js';
import { consume, type Limit } from '../db/stores/rate-limits.js';
import { AppError } from './errors.js';

/** `consume`, refusing with 429 RATE_LIMITED (and its Retry-After, see `withRetryAfter`). */
export async function enforce(db: Db | Tx, limits: Limit[], windowSeconds: number, message?: string) {
  const reservation = await consume(db, limits, windowSeconds);
  if (!reservation.allowed) throw new RateLimitedError(reservation.retryAfterSeconds, message);
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MESSAGES.rateLimited,
  ) {
    super('RATE_LIMITED', message);
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

/**
 * An onRequest hook of a public route: at most `max` requests a minute per client address under `kind`,
 * counted in the database (every API process shares them); then 429 with `message` and Retry-After.
 */
export const perClientPerMinute =
  (kind: string, max: number, message: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    withRetryAfter(reply, () => enforce(request.db, [{ key: `${kind}:${request.ip}`, max }], 60, message));
