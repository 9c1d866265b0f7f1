import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { okResponse } from '../../http/schemas.js';
import { AdminStats } from './schema.js';
import { adminStats } from './service.js';

/** `GET /admin/stats`: the admin dashboard's figures. */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['stats'],
        summary: 'Dashboard figures',
        description:
          'Users by role and verification (verified + unverified = total), lahan by status (every status, zeros ' +
          'included) with their total area in m², contracts by status with the value under contract (price × ' +
          'quantity of the approved and active ones), and the 5 newest contracts.',
        response: { 200: okResponse(AdminStats) },
      },
    },
    async (request) => ok(await adminStats(request.db)),
  );
};
