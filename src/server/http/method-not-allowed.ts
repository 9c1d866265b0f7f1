import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods some route answers at `url` (a path without the query), for the `Allow` header of a 405. */
export const allowedMethods = (app: FastifyInstance, url: string): string[] =>
  METHODS.filter((method) => app.findRoute({ method, url }) !== null);

export const methodNotAllowedBody = (method: string, url: string) => ({
  success: false,
  message: MESSAGES.http.methodNotAllowed(method, url.split('?')[0]!),
  code: 'METHOD_NOT_ALLOWED',
});
