import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { invalidRole, notFound } from '../../http/errors.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { users } from '../../db/schema.js';
import {
  loadPerson,
  PersonRecord,
  PetaniRecord,
  selectPeople,
  toPetaniRecord,
  type PetaniRecord as Petani,
} from './records.js';

const { nik, ktp, verifikasi_ktp, supporting_documents, ...publicFields } = PetaniRecord.properties;

/** The full record, or what a mitra sees of a verified petani: no NIK, no documents (nor the avatar, a private document). */
const PetaniView = Type.Object({
  ...publicFields,
  nik: Type.Optional(nik),
  ktp: Type.Optional(ktp),
  verifikasi_ktp: Type.Optional(verifikasi_ktp),
  supporting_documents: Type.Optional(supporting_documents),
});

const publicView = ({
  nik: _nik,
  ktp: _ktp,
  verifikasi_ktp: _selfie,
  supporting_documents: _supporting,
  ...record
}: Petani) => ({ ...record, url_image: null });

/** A petani's record for `viewer`: admins and the petani in full, a mitra the public view of a verified one. */
async function viewPetani(db: Db, id: number, viewer: AuthUser) {
  if (viewer.role === 'petani' && viewer.id !== id) throw invalidRole();
  const [row] = await selectPeople(db).where(eq(users.id, id));
  if (!row || row.role !== 'petani') throw notFound('Petani');
  const petani = toPetaniRecord(row);
  if (viewer.role !== 'mitra') return petani;
  // An unverified petani is not shown to mitra at all: the same 404 as a missing one.
  if (!petani.status_verifikasi) throw notFound('Petani');
  return publicView(petani);
}

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
          'Admins and the petani themself get the full record. A mitra gets a verified petani without NIK, ' +
          'documents or avatar; an unverified or missing petani answers 404. Another petani gets 403.',
        params: IdParams,
        response: {
          200: okResponse(PetaniView),
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
        summary: 'A user record: admins any, everyone else only their own (403 otherwise)',
        params: IdParams,
        response: {
          200: okResponse(PersonRecord),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (viewer.role !== 'admin' && viewer.id !== request.params.id) throw invalidRole();
      return ok(await loadPerson(request.db, request.params.id));
    },
  );
};
