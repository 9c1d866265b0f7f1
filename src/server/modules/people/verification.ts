import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { form } from '../../http/forms.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { STATUS_VERIFIKASI } from './fields.js';
import { PersonRecord } from '../auth/records.js';
import { setVerified } from './service.js';

const M = MESSAGES.people;

const VerifyRoleBody = form({ status_verifikasi: STATUS_VERIFIKASI }, { required: ['status_verifikasi'] });

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
