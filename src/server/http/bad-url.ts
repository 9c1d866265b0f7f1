import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './error-handler.js';
import { AppError } from './errors.js';
import { MESSAGES } from '../../shared/messages.js';

const H = MESSAGES.http;

const ANSWERS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () => new AppError('VALIDATION_ERROR', H.badPercentEncoding),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError('VALIDATION_ERROR', H.urlPartTooLong, undefined, 414),
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

const CLIENT_ERRORS: Record<string, [status: number, reason: string, AppError]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    new AppError('VALIDATION_ERROR', H.headTooLarge, undefined, 431),
  ],
  // A method Node's parser does not know (`FOO`): no route can have it. Known ones (PROPFIND…) get a 405 instead.
  HPE_INVALID_METHOD: [
    501,
    'Not Implemented',
    new AppError('METHOD_NOT_ALLOWED', H.unknownMethod, undefined, 501),
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    new AppError('VALIDATION_ERROR', H.requestTimeout, undefined, 408),
  ],
};
const MALFORMED: [number, string, AppError] = [
  400,
  'Bad Request',
  new AppError('VALIDATION_ERROR', H.malformedRequest),
];

/**
 * The `clientErrorHandler` option: Node's HTTP parser refuses some requests (an oversized head, bad framing)
 * before Fastify sees them; they too get the envelope instead of Fastify's own shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, error] = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(failure(error).body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
