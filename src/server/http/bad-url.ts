import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './error-handler.js';
import { AppError } from './errors.js';

const ANSWERS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () =>
    new AppError('VALIDATION_ERROR', 'Malformed URL: it contains an invalid percent-encoded sequence'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new AppError('VALIDATION_ERROR', 'A part of the URL is too long', undefined, 414),
};

/**
 * The `frameworkErrors` option: what Fastify's router refuses before any route (or hook) runs is answered in
 * the envelope. No hook runs for these requests, so the API's standard headers are set here.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const answer = ANSWERS[error.code]?.();
  if (!answer) return reply.send(error);
  const { status, body } = failure(answer);
  return reply
    .status(status)
    .headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    .send(body);
}
