import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from 'typebox';
import { MESSAGES } from '../../shared/messages.js';
import type { Db } from '../db/engine/client.js';
import { created, ok, sendPagedList } from './envelope.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
type Failure = 400 | 404 | 409;

/** What OpenAPI says of one route; `failures`: the error statuses it documents; `isPublic`: no token. */
interface RouteDoc {
  summary: string;
  description?: string;
  failures?: Failure[];
  isPublic?: boolean;
}

/** A page of records as JSON array text (db/lists/list-json.ts). */
interface Page {
  data: string;
  total: number;
}

/**
 * The usual routes of one record type under a prefix — list `''`, read/replace/delete `/:id`, create `''` —
 * each answering the record (or a page of them) in the envelope with MESSAGES.record's wording for `noun`.
 */
export function recordRoutes(
  app: App,
  { tags, noun, record }: { tags: string[]; noun: string; record: TSchema },
) {
  const schemaOf = (doc: RouteDoc, success: 200 | 201, body: TSchema) => ({
    tags,
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    ...(doc.isPublic ? { security: [] } : {}),
    response: {
      [success]: body,
      ...Object.fromEntries((doc.failures ?? []).map((status) => [status, ErrorResponse])),
    },
  });
  const withId = (doc: RouteDoc) => ({ ...schemaOf(doc, 200, okResponse(record)), params: IdParams });
  const idOf = (request: { params: unknown }) => (request.params as Static<typeof IdParams>).id;

  return {
    list<Q extends TSchema>(
      doc: RouteDoc & { querystring: Q },
      list: (db: Db, query: Static<Q>) => Promise<Page>,
    ) {
      app.get(
        '',
        { schema: { ...schemaOf(doc, 200, listResponse(record)), querystring: doc.querystring } },
        async (request, reply) => {
          const query = request.query as Static<Q> & { page: number; limit: number };
          return sendPagedList(reply, await list(request.db, query), query);
        },
      );
    },
    read(doc: RouteDoc, read: (db: Db, id: number) => Promise<unknown>) {
      app.get('/:id', { schema: withId(doc) }, async (request) => ok(await read(request.db, idOf(request))));
    },
    create<B extends TSchema>(
      doc: RouteDoc & { body: B },
      create: (db: Db, body: Static<B>) => Promise<unknown>,
    ) {
      app.post(
        '',
        { schema: { ...schemaOf(doc, 201, okResponse(record)), body: doc.body } },
        async (request, reply) =>
          created(
            reply,
            ok(await create(request.db, request.body as Static<B>), MESSAGES.record.created(noun)),
          ),
      );
    },
    update<B extends TSchema>(
      doc: RouteDoc & { body: B },
      update: (db: Db, id: number, body: Static<B>) => Promise<unknown>,
    ) {
      app.put('/:id', { schema: { ...withId(doc), body: doc.body } }, async (request) =>
        ok(await update(request.db, idOf(request), request.body as Static<B>), MESSAGES.record.updated(noun)),
      );
    },
    remove(doc: RouteDoc, remove: (db: Db, id: number) => Promise<unknown>) {
      app.delete('/:id', { schema: withId(doc) }, async (request) =>
        ok(await remove(request.db, idOf(request)), MESSAGES.record.deleted(noun)),
      );
    },
  };
}
