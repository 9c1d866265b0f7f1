import type { FastifyPluginAsync } from 'fastify';

/** A feature of the API. Its routes register in one or both scopes. */
export interface ApiModule {
  /** Routes under `/api/v1/admin`. The scope already requires the admin role. (Every admin write, here or not, is audited: http/audit.ts.) */
  admin?: FastifyPluginAsync;
  /** Routes under `/api/v1`. Each route sets its own guard (`preHandler: requireRole(...)`). */
  api?: FastifyPluginAsync;
}
