import type { FastifyPluginAsync } from 'fastify';

/**
 * Route plugins by the path prefix they answer under, relative to their scope. The prefix is given here
 * and nowhere else: inside a plugin, paths are relative to it ('' is the prefix itself, '/:id' one record).
 */
export type RoutesByPrefix = Record<string, FastifyPluginAsync>;

/**
 * A feature of the API: one folder under modules/, listed once in modules/index.ts. Role guards are
 * `onRequest` hooks (`requireRole`): before the body is parsed or validated, so a caller without a token
 * gets 401, not 400.
 */
export interface ApiModule {
  /** Under `/api/v1/admin`. The scope already requires the admin role. (Every admin write, here or not, is audited: http/audit.ts.) */
  admin?: RoutesByPrefix;
  /** Under `/api/v1`. Each route sets its own guard (`onRequest: requireRole(...)`), or none if public. */
  api?: RoutesByPrefix;
}
