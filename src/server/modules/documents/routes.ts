import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser, requireRole } from '../../http/guards.js';
import { IdParams } from '../../http/schemas.js';
import { DocumentBytes, sendDocument } from './reply.js';
import { readDocument } from './service.js';

export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id',
    {
      onRequest: requireRole(),
      schema: {
        tags: ['documents'],
        summary: "A personal document's bytes (KTP, selfie, supporting document, LOA, avatar)",
        description:
          'Only the owner or an admin may read it; for anyone else the document does not exist (404, so ids ' +
          'cannot be probed). Fetch it with the bearer token (e.g. axios `responseType: blob`): there is no ' +
          'anonymous URL. Never cached (`Cache-Control: private, no-store`).',
        params: IdParams,
        response: { 200: DocumentBytes },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await readDocument(request.db, request.params.id, currentUser(request))),
  );
};
