import './http/context.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../shared/constants.js';
import { PAGE_REDIRECTS } from '../shared/page-redirects.js';
import { createTokenSigner } from './auth/tokens.js';
import type { Config } from './config.js';
import { tileSources } from './config-map.js';
import type { Db } from './db/engine/client.js';
import { auditedWrites } from './http/audit.js';
import { clientErrorHandler, frameworkErrors } from './http/bad-url.js';
import { installBodyFieldCheck } from './http/body-fields.js';
import { installBodyRules } from './http/body-rules.js';
import { installErrorHandler, notFoundBody } from './http/error-handler.js';
import { installForms } from './http/forms.js';
import { answersInTransaction, installIdempotency } from './http/idempotency.js';
import { inlineScriptHashes } from './http/inline-scripts.js';
import { openApiOptions } from './http/openapi.js';
import { installRequestDb } from './http/request-db.js';
import { installSessionCheck, requireRole } from './http/guards.js';
import { installMethodNotAllowed } from './http/method-not-allowed.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { setCacheHeaders } from './http/static-cache.js';
import { lazySchemaCompilers } from './http/lazy-schemas.js';
import { installStrictNumbers } from './http/strict-numbers.js';
import { installWriteTransaction } from './http/write-transaction.js';
import * as allModules from './modules/index.js';
import type { ApiModule, RoutesByPrefix } from './modules/module.js';
import { CLIENT_DIST_DIR } from './paths.js';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Directory of the built browser app; omitted or missing means the API only. */
  clientDir?: string;
  /** The API modules, `modules/index.ts` unless a test serves its registry with one more line. */
  modules?: Record<string, ApiModule>;
}

/** Paths the single-page app answers itself; any other unknown page gets its 404 with status 404. */
const APP_ROUTE = /^\/(admin|login|daftar|akun|verifikasi|lacak)(\/|$)/;

/** Every module's routes of one scope, each plugin under its prefix. */
async function registerRoutes(
  scope: FastifyInstance,
  modules: Record<string, ApiModule>,
  routesOf: (m: ApiModule) => RoutesByPrefix | undefined,
) {
  for (const m of Object.values(modules))
    for (const [prefix, routes] of Object.entries(routesOf(m) ?? {}))
      await scope.register(routes, { prefix });
}

export async function buildApp({
  config,
  db,
  clientDir = CLIENT_DIST_DIR,
  modules = allModules,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A request whose head or body stalls is answered 408 (bad-url.ts clientErrorHandler) once the timeout has
    // passed; Node looks for such requests every connectionsCheckingInterval (30 s by default).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    trustProxy: config.trustProxy,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
    schemaController: lazySchemaCompilers,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('tokens', createTokenSigner(config.jwtSecret));
  app.decorateRequest('user', null);
  installRequestDb(app);
  installBodyRules(app);
  // After the routes' session checks (onRequest), before every body check (preValidation): see idempotency.ts.
  installIdempotency(app);
  installStrictNumbers(app);
  installBodyFieldCheck(app);
  installForms(app);
  // The audit step reads the handler's result before the answer's step turns it into the text it keeps.
  installWriteTransaction(app, [auditedWrites, answersInTransaction]);
  installSessionCheck(app);
  installErrorHandler(app);
  await installSecurityHeaders(app, {
    scriptHashes: inlineScriptHashes(clientDir),
    tileSources: tileSources(config.map),
  });
  installMethodNotAllowed(app);

  await app.register(fastifySwagger, openApiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', requireRole('admin'));
          await registerRoutes(admin, modules, (m) => m.admin);
        },
        { prefix: '/admin' },
      );
      await registerRoutes(api, modules, (m) => m.api);
    },
    { prefix: API_BASE_PATH },
  );

  const shell = path.join(clientDir, 'shell.html');
  const hasClient = existsSync(shell);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: 'index.html',
      redirect: false,
      wildcard: false,
      // Sends the .br/.gz written beside each asset at build time (scripts/precompress.mjs).
      preCompressed: true,
      // Its own Cache-Control (public, max-age=0) would replace the one setHeaders gives.
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }

  for (const [from, to] of Object.entries(PAGE_REDIRECTS))
    app.get(from, { schema: { hide: true } }, (_request, reply) => reply.redirect(to, 301));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.includes('..') && hasClient;
    if (!wantsPage) return reply.status(404).send(notFoundBody(request.url));
    const prerendered = path.join(pathname.replace(/\/+$/, ''), 'index.html');
    if (existsSync(path.join(clientDir, prerendered))) return reply.sendFile(prerendered);
    return APP_ROUTE.test(pathname) ? reply.sendFile('shell.html') : reply.status(404).sendFile('404.html');
  });

  return app;
}
