import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ANSWERS_SECRETS } from '../../http/idempotency.js';
import { withRetryAfter } from '../../http/rate-limit.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { loadPerson, PersonRecord } from '../auth/records.js';
import { TokenPair } from '../auth/schema.js';
import { confirmsPassword } from '../auth/confirm.js';
import { reserveUniquenessProbe } from '../auth/limits.js';
import { MAX_DOCUMENT_BYTES } from '../documents/file-types.js';
import { replaceDocument } from '../documents/service.js';
import {
  ChangePasswordBody,
  DeleteMeBody,
  DocumentKindParams,
  DocumentMeta,
  exportSchema,
  UpdateMeBody,
  UploadBody,
} from './schema.js';
import {
  changePassword,
  changesUniqueField,
  deleteMe,
  exportMe,
  updateMe,
  type AccountChanges,
} from './service.js';

const M = MESSAGES.account;

const fail = (...codes: (409 | 413 | 429)[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponse]));

/** The signed-in user's own account: any role. Authentication runs before the body is read. */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireRole());

  app.get(
    '/',
    {
      schema: {
        tags: ['self-service'],
        summary: 'My account (a petani or mitra with their profile fields)',
        response: { 200: okResponse(PersonRecord) },
      },
    },
    async (request) => ok(await loadPerson(request.db, currentUser(request).id)),
  );

  app.put(
    '/',
    {
      // Before the handler, outside an admin's audited transaction: a 409 does not roll the count back.
      preHandler: async (request, reply) => {
        const me = currentUser(request);
        if (await changesUniqueField(request.db, me, request.body as AccountChanges))
          await withRetryAfter(reply, () => reserveUniquenessProbe(request.db, me.id, request.ip));
      },
      schema: {
        tags: ['self-service'],
        summary: 'Edit my account',
        description:
          'Send only the fields to change. Everyone: full_name, email, username, phone; petani and mitra also ' +
          'nik and alamat; mitra also the company fields (fields of another role are ignored). Every invalid ' +
          'field is listed in `errors`; an email, username or NIK already registered answers 409. Setting ' +
          'one of these three to a new value is counted, taken or not: 10 an hour per account and per IP ' +
          'address; the 11th answers 429 RATE_LIMITED with Retry-After, before anything is checked.',
        body: UpdateMeBody,
        response: { 200: okResponse(PersonRecord), ...fail(409, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await updateMe(request.db, me, request.body as AccountChanges);
      return ok(await loadPerson(request.db, me.id), M.profileUpdated);
    },
  );

  app.put(
    '/password',
    {
      preHandler: confirmsPassword('currentPassword', M.currentPasswordWrong),
      config: ANSWERS_SECRETS,
      schema: {
        tags: ['self-service'],
        summary: 'Change my password',
        description:
          'A wrong currentPassword answers 400 (5 per session per 15 minutes, then 429). On success every session ' +
          'of the account is signed out and a fresh token pair is returned for this one.',
        body: ChangePasswordBody,
        response: { 200: okResponse(TokenPair), ...fail(429) },
      },
    },
    async (request) =>
      ok(
        await changePassword(request.db, app.tokens, currentUser(request), request.body.newPassword),
        M.passwordChanged,
      ),
  );

  app.delete(
    '/',
    {
      preHandler: confirmsPassword('password', M.passwordWrong),
      schema: {
        tags: ['self-service'],
        summary: 'Delete my account permanently',
        description:
          'Confirmed with the password (wrong: 400; 5 per session per 15 minutes, then 429). Deletes the ' +
          'documents, the profile, the lahan, the ' +
          'sessions and the account in one transaction; contracts are kept with the party set to null ' +
          `(they read '${MESSAGES.contract.deletedAccount}'). The access token stops working at once. The last admin cannot ` +
          'delete their account (409).',
        body: DeleteMeBody,
        response: { 200: okResponse(Type.Null()), ...fail(409, 429) },
      },
    },
    async (request) => {
      await deleteMe(request.db, currentUser(request));
      return ok(null, M.accountDeleted);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Download all my data (JSON attachment)',
        description:
          'The account record, lahan, contracts (as petani or mitra) and document metadata (not the bytes), ' +
          'in the usual envelope, with `Content-Disposition: attachment`.',
        response: { 200: okResponse(exportSchema(PersonRecord)) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const data = await exportMe(request.db, me, await loadPerson(request.db, me.id));
      const day = data.exported_at.toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="tanimitra-data-${me.id}-${day}.json"`);
      return ok(data, MESSAGES.document.accountData);
    },
  );

  app.put(
    '/documents/:kind',
    {
      bodyLimit: Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: ['self-service'],
        summary: 'Upload or replace one of my documents',
        description:
          'Images (JPEG, PNG, WebP) for every kind; PDF only for loa_file (mitra). At most 5 MB decoded; the ' +
          'bytes must match mime_type. Admins keep only an avatar, petani no loa_file. Replacing ktp, ' +
          'verifikasi_ktp, supporting_documents or loa_file makes the account unverified until an admin ' +
          'checks it again. The new document has a new id and URL.',
        params: DocumentKindParams,
        body: UploadBody,
        response: { 200: okResponse(DocumentMeta), ...fail(413) },
      },
    },
    async (request) => {
      const doc = await replaceDocument(request.db, currentUser(request), request.params.kind, request.body);
      return ok(doc, MESSAGES.document.saved);
    },
  );
};
