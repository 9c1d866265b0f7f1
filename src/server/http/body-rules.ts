import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { validationError } from './errors.js';

/** No request body of the API nests deeper than a few levels; deeper JSON is refused before parsing. */
export const MAX_BODY_DEPTH = 32;

/** Whether `text` opens more than `max` nested arrays or objects, counted in one pass without recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

async function refuseBody(request: FastifyRequest) {
  if (hasBody(request)) {
    throw validationError(MESSAGES.body.deleteHasNoBody, [
      { field: 'body', message: MESSAGES.body.deleteHasNoBody },
    ]);
  }
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * JSON bodies nested deeper than MAX_BODY_DEPTH, and JSON bodies that are not an object (an array, a number, a
 * string, null: every body of the API is an object, and a form would read any other as "no fields"), answer
 * 400 VALIDATION_ERROR before anything runs; a DELETE route that declares no body refuses one (400) before its
 * guards and handler.
 */
export function installBodyRules(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fastify also reads text/plain by default; a route would then ignore such a body instead of refusing it (415).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_BODY_DEPTH)) {
      const message = MESSAGES.body.tooDeep(MAX_BODY_DEPTH);
      done(validationError(message, [{ field: 'body', message }]), undefined);
      return;
    }
    parseJson(request, body as string, (err, value) => {
      if (err || isObject(value)) return done(err, value);
      const message = MESSAGES.body.notObject;
      done(validationError(message, [{ field: 'body', message }]), undefined);
    });
  });

  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('DELETE') || route.schema?.body) return;
    route.onRequest = [refuseBody, ...[route.onRequest ?? []].flat()];
  });
}
