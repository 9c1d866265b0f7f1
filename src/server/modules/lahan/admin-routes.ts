import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { Lahan } from './schema.js';
import { lahanExportRoutes } from './export-routes.js';
import { updateLahanSchema } from './routes.js';
import { updateLahan, verifyLahan } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

/** `/admin/lahan/{id}`: the admin scope's lahan edit; audited by the scope. */
export const adminLahanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(lahanExportRoutes);
  app.put(
    '/:id',
    {
      // The member app's lahan messages: this is the same form as PUT /lahan/{id}.
      config: { language: 'id' },
      schema: {
        ...updateLahanSchema,
        summary: 'Edit a lahan (admin), or change its status',
        description:
          "Send only what changes. A body of `{status}` alone is the list's status badge: active ↔ inactive and " +
          "pending → active and completed → active (the next season) are allowed (`aktif` is read as `active`); any other change answers 400 'Status cannot " +
          "be changed' and changes nothing. With other fields any status may be set.",
      },
    },
    async (request) =>
      ok(
        await updateLahan(request.db, currentUser(request), request.params.id, request.body),
        MESSAGES.record.updated('Lahan'),
      ),
  );
};

/** `/admin/verify-lahan/{id}`. */
export const verifyLahanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/:id',
    {
      schema: {
        tags: ['lahan'],
        summary: 'Verify a pending lahan (pending → active)',
        description: `A lahan that is not pending answers 400 '${MESSAGES.statusCannotBeChanged}' and is not changed.`,
        params: IdParams,
        response: { 200: okResponse(Lahan), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      ok(
        await verifyLahan(request.db, currentUser(request), request.params.id),
        MESSAGES.record.verified('Lahan'),
      ),
  );
};
