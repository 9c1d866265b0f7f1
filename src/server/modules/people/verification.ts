import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { validationError } from '../../http/errors.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { PersonRecord } from './records.js';
import { setVerified } from './service.js';

const M = MESSAGES.people;

const VerifyRoleBody = Type.Object({ status_verifikasi: Type.Boolean() }, { additionalProperties: false });

/** A real boolean only: ajv's type coercion would read null or 0 as false and withdraw a verification. */
async function requireBooleanStatus(request: FastifyRequest) {
  const body = request.body as { status_verifikasi?: unknown } | null | undefined;
  if (typeof body?.status_verifikasi !== 'boolean')
    throw validationError(M.statusInvalid, [{ field: 'status_verifikasi', message: M.statusInvalid }]);
}

/** `PUT /admin/verify/{id}` (the lahan module owns /admin/verify-lahan). */
export const verifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/:id',
    {
      schema: {
        tags: ['people: verification'],
        summary: 'Mark a user as verified',
        params: IdParams,
        response: { 200: okResponse(PersonRecord), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ok(await setVerified(request.db, request.params.id, true, false), M.verified),
  );
};

/** `PUT /admin/verify-role/{id}`. */
export const verifyRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/:id',
    {
      preValidation: requireBooleanStatus,
      schema: {
        tags: ['people: verification'],
        summary: "Set a petani's or mitra's verification status",
        description:
          '`id` is the user_id. `status_verifikasi: true` verifies (Active), `false` withdraws it (Inactive). ' +
          'Answers `status: "success"` besides `success: true`. Admin accounts answer 400.',
        params: IdParams,
        body: VerifyRoleBody,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            status: Type.Literal('success'),
            message: Type.String(),
            data: PersonRecord,
          }),
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const record = await setVerified(request.db, request.params.id, request.body.status_verifikasi, true);
      return { ...ok(record, M.verificationUpdated), status: 'success' as const };
    },
  );
};
