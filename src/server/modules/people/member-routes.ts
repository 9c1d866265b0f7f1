import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { invalidRole, notFound } from '../../http/errors.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { users } from '../../db/schema.js';
import { PersonRecord, PetaniRecord, selectPeople, toPersonRecord, toPetaniRecord } from './records.js';
import {
  asSeen,
  assertMayMeetPetani,
  personVisibleTo,
  seenSchema,
  seesContactOf,
  sightOf,
} from './visibility.js';

/** The one row of user `id` that `viewer` may see and matches `where`, with the fields they may see. */
async function seenPerson(db: Db, viewer: AuthUser, id: number, where?: SQL) {
  const [row] = await selectPeople(db, { contact: seesContactOf(viewer, users.id) }).where(
    and(eq(users.id, id), where, personVisibleTo(viewer)),
  );
  return row && { row, sight: sightOf(viewer, row.id, row.contact) };
}

/** A petani's record for `viewer` (docs/API.md "Who sees whom"); another petani gets 403, a hidden one 404. */
async function viewPetani(db: Db, id: number, viewer: AuthUser) {
  if (viewer.role === 'petani' && viewer.id !== id) throw invalidRole();
  assertMayMeetPetani(viewer);
  const seen = await seenPerson(db, viewer, id, eq(users.role, 'petani'));
  if (!seen) throw notFound('Petani');
  return asSeen(toPetaniRecord(seen.row), seen.sight);
}

/** Any user's record for an admin (404 when missing); for others themself or someone they may see, else 403. */
async function viewUser(db: Db, id: number, viewer: AuthUser) {
  const seen = await seenPerson(db, viewer, id);
  if (!seen) throw viewer.role === 'admin' ? notFound('User') : invalidRole();
  return asSeen(toPersonRecord(seen.row), seen.sight);
}

const WITHHELD =
  'email, phone, no_phone, alamat, address, username and company_address are null unless they are counterparts ' +
  '(a contract between them approved, active or completed); nik, documents, no_loa and url_image are null.';

/** GET /petani/{id} and GET /user/{id}. */
export const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/petani/:id',
    {
      preHandler: requireRole('admin', 'petani', 'mitra'),
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

  app.get(
    '/user/:id',
    {
      preHandler: requireRole(),
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
