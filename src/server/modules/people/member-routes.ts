import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { viewPetani, viewUser } from './member-service.js';
import { PersonRecord, PetaniRecord } from './records.js';
import { seenSchema } from './visibility.js';

const WITHHELD =
  'email, phone, no_phone, alamat, address, username and company_address are null unless they are counterparts ' +
  '(a contract between them approved, active or completed); nik, documents, no_loa and url_image are null.';

/** `GET /petani/{id}`. */
export const petaniRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id',
    {
      onRequest: requireRole('admin', 'petani', 'mitra'),
      schema: {
        tags: ['people'],
        summary: 'A petani (e.g. the owner of a lahan)',
        description:
          'Admins and the petani themself get the full record. A verified mitra gets a verified petani, or one ' +
          `they have a contract with; ${WITHHELD} Any other id answers 404, as a missing one. Another petani, ` +
          'and an unverified mitra, get 403 INVALID_ROLE.',
        params: IdParams,
        response: {
          200: okResponse(seenSchema(PetaniRecord)),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => ok(await viewPetani(request.db, request.params.id, currentUser(request))),
  );
};

/** `GET /user/{id}`. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id',
    {
      onRequest: requireRole(),
      schema: {
        tags: ['people'],
        summary: 'A user record: admins any, others their own or one they may see (403 otherwise)',
        description:
          'Besides their own record, a petani sees the mitra they have a contract with, a verified mitra the ' +
          `petani GET /petani/{id} shows them; ${WITHHELD} Anyone else (or a missing id) answers 403.`,
        params: IdParams,
        response: {
          200: okResponse(seenSchema(PersonRecord)),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => ok(await viewUser(request.db, request.params.id, currentUser(request))),
  );
};
