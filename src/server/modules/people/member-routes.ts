import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestHookHandler } from 'fastify';
import type { TObject } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import type { AuthUser } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { viewPetani, viewUser } from './member-service.js';
import { PersonRecord, PetaniRecord } from '../auth/records.js';
import { seenSchema } from './visibility.js';

const WITHHELD =
  'email, phone, no_phone, alamat, address, username and company_address are null unless they are counterparts ' +
  '(a contract between them approved, active or completed); nik, documents, no_loa and url_image are null.';

interface PersonRoute {
  onRequest: onRequestHookHandler;
  summary: string;
  description: string;
  record: TObject;
  view: (db: Db, id: number, viewer: AuthUser) => Promise<Record<string, unknown>>;
}

/** `GET /{id}` of one person, as much of them as the caller may see. */
const personRoute =
  ({ onRequest, summary, description, record, view }: PersonRoute): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/:id',
      {
        onRequest,
        schema: {
          tags: ['people'],
          summary,
          description,
          params: IdParams,
          response: {
            200: okResponse(seenSchema(record)),
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (request) => ok(await view(request.db, request.params.id, currentUser(request))),
    );
  };

/** `GET /petani/{id}`. */
export const petaniRoutes = personRoute({
  onRequest: requireRole('admin', 'petani', 'mitra'),
  summary: 'A petani (e.g. the owner of a lahan)',
  description:
    'Admins and the petani themself get the full record. A verified mitra gets a verified petani, or one ' +
    `they have a contract with; ${WITHHELD} Any other id answers 404, as a missing one. Another petani, ` +
    'and an unverified mitra, get 403 INVALID_ROLE.',
  record: PetaniRecord,
  view: viewPetani,
});

/** `GET /user/{id}`. */
export const userRoutes = personRoute({
  onRequest: requireRole(),
  summary: 'A user record: admins any, others their own or one they may see (403 otherwise)',
  description:
    'Besides their own record, a petani sees the mitra they have a contract with, a verified mitra the ' +
    `petani GET /petani/{id} shows them; ${WITHHELD} Anyone else (or a missing id) answers 403.`,
  record: PersonRecord,
  view: viewUser,
});
