import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { created, ok, sendPagedList } from '../../http/envelope.js';
import { requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from '../../http/schemas.js';
import { Category, CategoryBody, CategoryListQuery } from './schema.js';
import { categoryService, type CategoryKind } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
const anyRole = requireRole();
const denied = { 401: ErrorResponse, 403: ErrorResponse };

/** GET `path`: the paged list of one kind of category; `onRequest` guards it outside the admin scope. */
function listRoute(app: App, kind: CategoryKind, tag: string, path: string, onRequest?: typeof anyRole) {
  const service = categoryService(kind);
  const noun = kind.label.toLowerCase();
  app.get(
    path,
    {
      onRequest,
      schema: {
        tags: [tag],
        summary: `List ${noun} records`,
        description:
          '`q` searches type_name (every word must occur, any letter case); `in_use=true` keeps the ' +
          `${noun} records used by ${kind.usedBy.noun}, \`in_use=false\` those used by none (deletable).`,
        querystring: CategoryListQuery,
        response: { 200: listResponse(Category), ...(onRequest ? denied : {}) },
      },
    },
    async (request, reply) =>
      sendPagedList(reply, await service.list(request.db, request.query), request.query),
  );
}

/** `/category`, `/contract-category`: the list for any signed-in user (choices of /akun's filters and offer form). */
export const categoryChoiceRoutes =
  (kind: CategoryKind, tag: string): FastifyPluginAsyncTypebox =>
  async (app) =>
    listRoute(app, kind, tag, '', anyRole);

/** CRUD of one kind of category, registered under its own prefix. */
export function categoryRoutes(kind: CategoryKind, tag: string): FastifyPluginAsyncTypebox {
  const service = categoryService(kind);
  const noun = kind.label.toLowerCase();
  const failures = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

  return async (app) => {
    listRoute(app, kind, tag, '/');

    app.get(
      '/:id',
      {
        schema: {
          tags: [tag],
          summary: `Get one ${noun}`,
          params: IdParams,
          response: { 200: okResponse(Category), 404: ErrorResponse },
        },
      },
      async (request) => ok(await service.get(request.db, request.params.id)),
    );

    app.post(
      '/',
      {
        schema: {
          tags: [tag],
          summary: `Create a ${noun}`,
          description:
            `type_name and description are required after trimming ('${MESSAGES.requiredFields}'); ` +
            'a type_name already taken (any letter case) answers 409 CONFLICT.',
          body: CategoryBody,
          response: { 201: okResponse(Category), ...failures },
        },
      },
      async (request, reply) => {
        const row = await service.create(request.db, request.body);
        return created(reply, ok(row, MESSAGES.record.created(kind.label)));
      },
    );

    app.put(
      '/:id',
      {
        schema: {
          tags: [tag],
          summary: `Replace a ${noun}`,
          description: 'Same rules as create; both fields are required.',
          params: IdParams,
          body: CategoryBody,
          response: { 200: okResponse(Category), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.update(request.db, request.params.id, request.body),
          MESSAGES.record.updated(kind.label),
        ),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags: [tag],
          summary: `Delete a ${noun}`,
          description: `Answers the deleted record. A ${noun} still used by ${kind.usedBy.noun} is not deleted: 409 CONFLICT says how many use it.`,
          params: IdParams,
          response: { 200: okResponse(Category), 404: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (request) =>
        ok(await service.remove(request.db, request.params.id), MESSAGES.record.deleted(kind.label)),
    );
  };
}
