import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams } from '../../http/schemas.js';
import { contractPdf } from './pdf-source.js';

/** `/contract/{id}/pdf`: the contract document for its parties and admins. */
export const contractPdfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      onRequest: requireRole(),
      schema: {
        tags: ['contract'],
        summary: 'The contract as a PDF (Indonesian)',
        description:
          'The current terms version rendered from its frozen canonical document: verification code and the ' +
          '/verifikasi URL, parties (NIK last four digits only), lahan, terms, standard clauses, and a ' +
          'signature page with each electronic signature and the document’s SHA-256; marked DRAF until both ' +
          'parties signed. Parties and admins; anyone else 404. ' +
          '`Content-Disposition: attachment; filename="kontrak-<code>.pdf"`.',
        params: IdParams,
        response: {
          200: {
            description: 'application/pdf',
            content: {
              'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
            },
          },
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      const { code, pdf } = await contractPdf(
        request.db,
        currentUser(request),
        request.params.id,
        (verificationCode) => `${origin}/verifikasi/${verificationCode}`,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="kontrak-${code}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
};
