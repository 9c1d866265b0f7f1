import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { fileBody } from '../../http/forms.js';
import { perClientPerMinute } from '../../http/rate-limit.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { verifyFile } from './file-check.js';
import { FileVerification, Verification, VerifyParams, VerifyQuery } from './schema.js';
import { verifyContract } from './service.js';

const M = MESSAGES.verify;
const MAX_PDF_MB = 10;

/** Checks per client address and minute. */
const perMinute = (kind: string, max: number) => perClientPerMinute(kind, max, M.rateLimited);

const notPdf = () =>
  new AppError('VALIDATION_ERROR', M.fileNotPdf, [{ field: 'body', message: M.fileNotPdf }], 415);

export const verifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only these routes read a PDF body (scoped to this plugin); any other type here is a 415.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) => done(notPdf(), undefined));

  app.get(
    '/:code',
    {
      onRequest: perMinute('verify', 60),
      schema: {
        tags: ['contract'],
        summary: 'The signed terms behind a verification code (public, no token)',
        description:
          'For the code printed on a contract PDF (any case; spaces and dashes optional): `state` (`signed`, ' +
          '`incomplete` until both parties signed the current version, `invalid` when the stored evidence ' +
          'no longer holds), the contract status, the current terms version and its SHA-256, its terms as ' +
          'frozen (commodity, quantity, unit, price, total value, dates, kabupaten and province) and when ' +
          'each party signed. No names, NIK or contacts. `?sha256=` adds `matches`. An unknown code: 404 ' +
          'NOT_FOUND. 60 checks a minute per client address, then 429 RATE_LIMITED with Retry-After.',
        security: [],
        params: VerifyParams,
        querystring: VerifyQuery,
        response: {
          200: okResponse(Verification),
          429: ErrorResponse,
        },
      },
    },
    async (request) => ok(await verifyContract(request.db, request.params.code, request.query.sha256)),
  );

  app.post(
    '/:code',
    {
      onRequest: perMinute('verify-file', 10),
      bodyLimit: MAX_PDF_MB * 1024 * 1024,
      schema: {
        tags: ['contract'],
        summary: 'Is this PDF the contract’s current signed document? (public, no token)',
        description:
          `The body is the PDF file itself (\`Content-Type: application/pdf\`, at most ${MAX_PDF_MB} MB; ` +
          'another type 415, an empty body 400). Answers what GET answers, plus `file.matches`: the file ' +
          'carries one digital signature by the platform certificate, it covers the whole file and the ' +
          'signed content is this contract’s current version with its current signatures; else ' +
          '`file.reason` says why not, in Indonesian. An unknown code: 404. 10 files a minute per client ' +
          'address, then 429 RATE_LIMITED with Retry-After.',
        security: [],
        params: VerifyParams,
        consumes: ['application/pdf'],
        body: fileBody({ description: 'The contract PDF file', missing: M.fileRequired }),
        response: {
          200: okResponse(FileVerification),
          413: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) =>
      ok(await verifyFile(request.db, request.server.config, request.params.code, request.body)),
  );
};
