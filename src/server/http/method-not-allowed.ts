import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { MESSAGES } from '../../shared/messages.js';
import { hasPlainNumbers } from './strict-numbers.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface KnownRoute {
  methods: readonly string[];
  /** The path's segments; `:name` a parameter, `*` the rest of the path. */
  segments: string[];
  params?: TSchema;
}

const segmentsOf = (path: string) => path.replace(/(.)\/$/, '$1').split('/');

/** The route's parameters if `segments` (of a requested path) reach it, else undefined. */
function paramsOf(route: KnownRoute, segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [i, part] of route.segments.entries()) {
    if (part === '*') return params;
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part !== segment) return undefined;
  }
  return segments.length === route.segments.length ? params : undefined;
}

/** Whether the path's parameters are ones the route takes (`/lahan/my` is not a lahan id). */
const takes = (route: KnownRoute, params: Record<string, string>) =>
  !route.params ||
  (hasPlainNumbers(route.params, params) && Value.Check(route.params, Value.Convert(route.params, params)));

/**
 * A request whose path exists but not with its method answers 405 METHOD_NOT_ALLOWED with `Allow`, before its
 * body is read (a wrong method with a malformed body is still a 405). `Allow` lists the methods the path takes:
 * the router alone would also count a route whose parameter the path cannot fill (PUT `/lahan/:id` for
 * `/lahan/my`), so each route's parameters are checked against its params schema. Install after the security
 * headers (their hook must run first) and before the routes are registered.
 */
export function installMethodNotAllowed(app: FastifyInstance) {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({
      methods: [route.method].flat(),
      segments: segmentsOf(route.url ?? route.path),
      params: route.schema?.params as TSchema | undefined,
    });
  });
  const allowedAt = (path: string) => {
    const segments = segmentsOf(path);
    const reached = routes.filter((route) => {
      const params = paramsOf(route, segments);
      return params !== undefined && takes(route, params);
    });
    const allowed = new Set(reached.flatMap((route) => route.methods));
    return METHODS.filter(
      (method) =>
        (allowed.has(method) || (method === 'HEAD' && allowed.has('GET'))) &&
        app.findRoute({ method, url: path }) !== null,
    );
  };
  // A callback hook, and the route known first: on every request that has a route it does nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?')[0]!;
    const allowed = path.startsWith('/api/') ? allowedAt(path) : [];
    if (allowed.length === 0) return done();
    reply.status(405).header('Allow', allowed.join(', ')).send(methodNotAllowedBody(request.method, path));
  });
}

const methodNotAllowedBody = (method: string, path: string) => ({
  success: false,
  message: MESSAGES.http.methodNotAllowed(method, path),
  code: 'METHOD_NOT_ALLOWED',
});
