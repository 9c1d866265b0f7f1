import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { Verification, VerifyParams, VerifyQuery } from './schema.js';
import { verifyContract } from './service.js';

export const verifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:code',
    {
      schema: {
        tags: ['contract'],
        summary: 'Is a contract document authentic? (public, no token)',
        description:
          'For the code printed on a contract PDF: whether the document is authentic and unchanged, the ' +
          'contract status, the current terms version, its SHA-256 and when each party signed it. No names, ' +
          'NIK or amounts. `?sha256=` adds `matches`. An unknown code: 404 NOT_FOUND.',
        security: [],
        params: VerifyParams,
        querystring: VerifyQuery,
        response: { 200: okResponse(Verification), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ok(await verifyContract(request.db, request.params.code, request.query.sha256)),
  );
};
