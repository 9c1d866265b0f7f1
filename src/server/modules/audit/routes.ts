import { sendPagedList } from '../../http/envelope.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listResponse } from '../../http/schemas.js';
import { AuditEntry, AuditListQuery } from './schema.js';
import { listAudit } from './service.js';

/** `GET /admin/audit`: the audit log, read-only (admin scope: admins only). */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['audit'],
        summary: 'List the audit log, newest first',
        description:
          'One row per successful admin write on any route, stored in the same transaction as the change. ' +
          'Filters: actor_id, resource (e.g. lahan, verify-role), resource_id, from/to (days in Asia/Jakarta, inclusive). ' +
          'Sorted by created_at, `order=asc` for oldest first.',
        querystring: AuditListQuery,
        response: { 200: listResponse(AuditEntry) },
      },
    },
    async (request, reply) => sendPagedList(reply, await listAudit(request.db, request.query), request.query),
  );
};
