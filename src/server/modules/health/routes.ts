import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ping } from '../../db/engine/client.js';
import { ok } from '../../http/envelope.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { RETRY_AFTER_SECONDS, sendUnavailable } from '../../http/unavailable.js';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check (for load balancers)',
        description:
          'Runs `SELECT 1`. 200 `{status: "ok", database: "ok"}`; when the database cannot be reached, 503 ' +
          `SERVICE_UNAVAILABLE with \`Retry-After: ${RETRY_AFTER_SECONDS}\` and ` +
          '`data: {status: "degraded", database: "unreachable"}`.',
        security: [],
        response: {
          200: okResponse(Health),
          503: Type.Object({ ...ErrorResponse.properties, data: Health }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping(app.db);
      } catch (err) {
        request.log.warn({ err }, 'health check: the database did not answer');
        return sendUnavailable(reply, { status: 'degraded', database: 'unreachable' });
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );
};
