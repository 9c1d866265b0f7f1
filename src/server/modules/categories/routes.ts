import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireRole } from '../../http/guards.js';
import { recordRoutes } from '../../http/record-routes.js';
import { Category, CategoryBody, CategoryListQuery } from './schema.js';
import { categoryService, type CategoryKind } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
const anyRole = requireRole();

const routesOf = (app: App, kind: CategoryKind, tag: string) =>
  recordRoutes(app, { tags: [tag], noun: kind.label, record: Category });

/** GET `path`: the paged list of one kind of category; `onRequest` guards it outside the admin scope. */
function listRoute(app: App, kind: CategoryKind, tag: string, path: string, onRequest?: typeof anyRole) {
  const service = categoryService(kind);
  const noun = kind.label.toLowerCase();
  routesOf(app, kind, tag).list(
    {
      summary: `List ${noun} records`,
      description:
        '`q` searches type_name (every word must occur, any letter case); `in_use=true` keeps the ' +
        `${noun} records used by ${kind.usedBy.noun}, \`in_use=false\` those used by none (deletable).`,
      path,
      onRequest,
      querystring: CategoryListQuery,
      failures: onRequest ? [403] : [],
    },
    (db, query) => service.list(db, query),
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
  const write = { body: CategoryBody } as const;

  return async (app) => {
    listRoute(app, kind, tag, '/');
    const routes = routesOf(app, kind, tag);
    routes.read({ summary: `Get one ${noun}` }, service.get);
    routes.create(
      {
        summary: `Create a ${noun}`,
        description:
          `type_name and description are required after trimming ('${MESSAGES.requiredFields}'); ` +
          'a type_name already taken (any letter case) answers 409 CONFLICT.',
        path: '/',
        ...write,
      },
      service.create,
    );
    routes.update(
      {
        summary: `Replace a ${noun}`,
        description: 'Same rules as create; both fields are required.',
        ...write,
      },
      service.update,
    );
    routes.remove(
      {
        summary: `Delete a ${noun}`,
        description: `Answers the deleted record. A ${noun} still used by ${kind.usedBy.noun} is not deleted: 409 CONFLICT says how many use it.`,
      },
      service.remove,
    );
  };
}
