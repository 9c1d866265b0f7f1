import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { perClientPerMinute } from '../../http/rate-limit.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { Trace, TraceParams } from './schema.js';
import { traceLot } from './service.js';

const TRACES_PER_MINUTE = 60;

export const traceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:lot',
    {
      onRequest: perClientPerMinute('trace', TRACES_PER_MINUTE, MESSAGES.trace.rateLimited),
      schema: {
        tags: ['contract'],
        summary: 'Where a delivered lot comes from (public, no token)',
        description:
          'For the lot code on a delivery receipt (any case; spaces and dashes optional): the commodity, the ' +
          'grade and accepted quantity with its unit, the delivery date, the kecamatan, kabupaten and ' +
          'province of its lahan (null if the contract has none), and the contract’s verification code ' +
          '(GET /verify/{code}). No names, contacts, ids or boundary. An unknown or malformed code: 404 ' +
          `NOT_FOUND. ${TRACES_PER_MINUTE} traces a minute per client address, then 429 RATE_LIMITED with ` +
          'Retry-After.',
        security: [],
        params: TraceParams,
        response: { 200: okResponse(Trace), 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => ok(await traceLot(request.db, request.params.lot)),
  );
};
