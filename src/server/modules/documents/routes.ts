import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams } from '../../http/schemas.js';
import { readDocument } from './service.js';

/** `inline; filename="…"` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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
        response: {
          200: {
            description: 'The file, with its own Content-Type (image/*, application/pdf)',
            content: {
              'application/octet-stream': {
                schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
              },
            },
          },
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const doc = await readDocument(request.db, request.params.id, currentUser(request));
      const bytes = Buffer.from(doc.content.buffer, doc.content.byteOffset, doc.content.byteLength);
      return (
        reply
          .header('Content-Type', doc.mime_type)
          .header('Content-Disposition', contentDisposition(doc.file_name))
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          // Opened directly, a document (an SVG above all) may not run scripts or load anything.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(bytes)
      );
    },
  );
};
