import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';

/** What a 503 tells the client to wait: long enough for the pool to reconnect after a PostgreSQL restart. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that mean the database, not the request, is the problem: class 08 (connection exception),
 * 57P01–57P03 (administrator / crash shutdown, cannot connect now), 53300 (too many connections) and
 * 57014 (query canceled, i.e. statement_timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300|57014)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** Errors node-postgres raises without a code when a connection is lost, or cannot be had in time. */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout|timeout expired)/;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * The error (this one or one it wraps, e.g. in Drizzle's DrizzleQueryError) that says the database cannot
 * be reached, as `{ code, message }` for the log; undefined for any other error.
 */
export function databaseUnavailable(err: unknown, depth = 0): { code?: string; message: string } | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const e = err as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    (code && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) ||
    DRIVER_MESSAGES.test(message)
  ) {
    return { code, message };
  }
  // A refused connection to a host with several addresses is an AggregateError of one error per address.
  for (const inner of Array.isArray(e.errors) ? e.errors : []) {
    const found = databaseUnavailable(inner, depth + 1);
    if (found) return found;
  }
  return databaseUnavailable(e.cause, depth + 1);
}

/** The 503 envelope with `Retry-After`; `data` says what is down (the health check). */
export function sendUnavailable(reply: FastifyReply, data?: Record<string, string>) {
  return reply
    .status(ERROR_CODES.SERVICE_UNAVAILABLE)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .send({
      success: false,
      message: MESSAGES.databaseUnavailable,
      code: 'SERVICE_UNAVAILABLE',
      ...(data ? { data } : {}),
    });
}
