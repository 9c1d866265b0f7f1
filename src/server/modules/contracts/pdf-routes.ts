import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../http/schemas.js';
import { pdfRoute } from './party-routes.js';
import { contractPdf } from './pdf-source.js';

/** `/contract/{id}/pdf`: the contract document for its parties and admins. */
export const contractPdfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  pdfRoute(
    app,
    '',
    {
      tags: ['contract'],
      summary: 'The contract as a PDF (Indonesian)',
      description:
        'The current terms version rendered from its frozen canonical document: verification code and the ' +
        '`PUBLIC_URL`/verifikasi/{code} URL (also as a QR code on every page), parties (NIK last four digits ' +
        'only), lahan, terms, standard clauses, and a signature page with each electronic signature and the ' +
        'document’s SHA-256; marked DRAF until both parties signed. Digitally signed by the platform ' +
        'certificate (adbe.pkcs7.detached over the whole file): any change breaks the signature. The same ' +
        'version with the same signatures gives the same bytes. Parties and admins; anyone else 404. ' +
        '`Content-Disposition: attachment; filename="kontrak-<code>.pdf"`.',
      params: IdParams,
    },
    async (db, config, user, { id }) => {
      const { code, pdf } = await contractPdf(db, config, user, id);
      return { fileName: `kontrak-${code}.pdf`, pdf };
    },
  );
};
