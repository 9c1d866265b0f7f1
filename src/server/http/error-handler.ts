import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type FieldError } from './errors.js';
import { databaseUnavailable, sendUnavailable } from './unavailable.js';
import { MESSAGES } from '../../shared/messages.js';

const H = MESSAGES.http;

type Failure = { status: number; body: Record<string, unknown> };

/** The status and envelope of an AppError. */
export const failure = (err: AppError): Failure => ({
  status: err.statusCode,
  body: {
    success: false,
    message: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
  },
});

/** The PostgreSQL SQLSTATE of an error, looking through driver and ORM wrappers. */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** PostgreSQL rolled the transaction back to let a concurrent one through (deadlock, serialization failure): retrying is safe. */
export const retryable = (err: unknown) => {
  const state = sqlState(err);
  return state === '40P01' || state === '40001';
};

function fieldOf(instancePath: string, params: Record<string, unknown>): string {
  const missing = params.missingProperty ?? params.additionalProperty;
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [path, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.') || '(root)';
}

function toFailure(err: FastifyError): Failure {
  if (err instanceof AppError) return failure(err);

  if (err.validation) {
    const errors: FieldError[] = err.validation.map((v) => ({
      field: fieldOf(v.instancePath, v.params as Record<string, unknown>),
      message: v.message ?? H.fieldInvalid,
    }));
    const where = err.validationContext ?? 'request';
    const first = errors[0];
    const message = first ? H.invalidField(where, first.field, first.message) : H.invalidPart(where);
    return failure(new AppError('VALIDATION_ERROR', message, errors));
  }

  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return failure(new AppError('VALIDATION_ERROR', H.invalidJson));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return failure(new AppError('PAYLOAD_TOO_LARGE', H.bodyTooLarge));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return failure(new AppError('VALIDATION_ERROR', H.unsupportedContentType, undefined, 415));
  }

  if (retryable(err)) return failure(new AppError('CONFLICT', H.concurrentWrite));
  switch (sqlState(err)) {
    case '23505':
      return failure(new AppError('CONFLICT', H.duplicate));
    case '23503':
      return failure(new AppError('CONFLICT', H.foreignKey));
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return failure(new AppError('VALIDATION_ERROR', H.outOfRange));
    case '22021': // character_not_in_repertoire (e.g. invalid UTF-8)
    case '22P05': // untranslatable_character (a NUL byte in text)
      return failure(new AppError('VALIDATION_ERROR', H.unstorableText));
  }

  // Other 4xx raised by Fastify itself (e.g. a malformed URL).
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return failure(new AppError('VALIDATION_ERROR', err.message, undefined, err.statusCode));
  }
  return { status: 500, body: { success: false, message: H.internalError, code: 'INTERNAL_ERROR' } };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      request.log.warn(unavailable, 'database unavailable');
      return sendUnavailable(reply);
    }
    const { status, body } = toFailure(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: body.code, status }, String(body.message));
    return reply.status(status).send(body);
  });
}

export const notFoundBody = (url: string) => ({
  success: false,
  message: H.routeNotFound(url.split('?')[0]!),
  code: 'NOT_FOUND',
});
