import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { created, ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, Id, okResponse } from '../../http/schemas.js';
import { MAX_DOCUMENT_BYTES } from '../documents/file-types.js';
import { DocumentBytes, sendDocument } from '../documents/reply.js';
import { DocumentMeta, UploadBody } from '../me/schema.js';
import { addLahanPhoto, LAHAN_PHOTOS_MAX, readLahanPhoto, removeLahanPhoto } from './photos.js';

const tags = ['lahan'];
const owners = requireRole('admin', 'petani');
const LahanParams = Type.Object({ id: Id() });
const PhotoParams = Type.Object({ id: Id(), photoId: Id() });
const denied = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const WHO =
  "The lahan's owner (a petani) or an admin; for another petani the lahan does not exist (404), mitra are " +
  'refused (403).';

/** `/lahan/{id}/photos` (the prefix carries the lahan's id): photos of a lahan uploaded to the server, kept as documents of its owner. */
export const lahanPhotoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '',
    {
      onRequest: owners,
      bodyLimit: Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload a photo of a lahan',
        description:
          `${WHO} An image (JPEG, PNG, WebP; no PDF), base64, at most 5 MB decoded, whose bytes match mime_type. ` +
          `Its URL (/api/v1/lahan/{id}/photos/{photoId}) is appended to the lahan's url_image, at most ` +
          `${LAHAN_PHOTOS_MAX} photos in all.`,
        params: LahanParams,
        body: UploadBody,
        response: { 201: okResponse(DocumentMeta), 400: ErrorResponse, ...denied, 413: ErrorResponse },
      },
    },
    async (request, reply) =>
      created(
        reply,
        ok(
          await addLahanPhoto(request.db, currentUser(request), request.params.id, request.body),
          'Foto lahan tersimpan',
        ),
      ),
  );

  app.get(
    '/:photoId',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: "A lahan photo's bytes",
        description: `${WHO} Only a photo the lahan's url_image lists. Never cached (\`Cache-Control: private, no-store\`).`,
        params: PhotoParams,
        response: { 200: DocumentBytes, ...denied },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await readLahanPhoto(request.db, currentUser(request), request.params.id, request.params.photoId),
      ),
  );

  app.delete(
    '/:photoId',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'Delete an uploaded photo of a lahan',
        description: `${WHO} Takes the photo off url_image and deletes its bytes; answers the remaining url_image.`,
        params: PhotoParams,
        response: {
          200: okResponse(Type.Object({ url_image: Type.Array(Type.String()) })),
          ...denied,
        },
      },
    },
    async (request) =>
      ok(
        await removeLahanPhoto(request.db, currentUser(request), request.params.id, request.params.photoId),
        'Foto lahan dihapus',
      ),
  );
};
