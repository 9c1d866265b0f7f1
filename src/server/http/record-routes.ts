import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { MESSAGES } from '../../shared/messages.js';
import type { Db } from '../db/engine/client.js';
import { created, ok, okText, sendJsonText, sendPagedList } from './envelope.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
type Failure = 400 | 401 | 403 | 404 | 409;

/**
 * What OpenAPI says of one route; `failures`: the error statuses it answers that http/openapi.ts does not
 * derive from the route (e.g. a 403 of the service behind `anyRole`); `isPublic`: no token.
 * `onRequest` (its guard) and `config` are the route's own options, beside the plugin's hooks.
 */
interface RouteDoc {
  summary: string;
  description?: string;
  failures?: readonly Failure[];
  isPublic?: boolean;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  config?: FastifyContextConfig;
  /** The route's path under the prefix when not the usual one (`''` for list and create, else `/:id`). */
  path?: string;
}

/** The request as a list or read handler sees it: its params typed, for a path with more than `/:id`. */
type RouteRequest<P extends TSchema> = FastifyRequest<{ Params: Static<P> }>;

/** A page of records as JSON array text (db/lists/list-json.ts). */
interface Page {
  data: string;
  total: number;
}

/** Another answer of a list route than a page (`otherAnswer` documents it): its `data` as JSON text. */
interface OtherAnswer {
  json: string;
}

/**
 * The usual routes of one record type under a prefix — list `''`, read/replace/delete `/:id`, create `''` —
 * each answering the record (or a page of them) in the envelope with MESSAGES.record's wording for `noun`.
 * Each handler gets the request last (the caller, the params); each route takes its own `path`, guard and config.
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
  const optionsOf = (doc: RouteDoc) => ({
    ...(doc.onRequest === undefined ? {} : { onRequest: doc.onRequest }),
    ...(doc.config === undefined ? {} : { config: doc.config }),
  });
  const withId = (doc: RouteDoc) => ({ ...schemaOf(doc, 200, okResponse(record)), params: IdParams });
  const idOf = (request: { params: unknown }) => (request.params as Static<typeof IdParams>).id;

  return {
    /**
     * A paged list, with `params` when its `path` has its own (e.g. `/lahan/:id`).
     * `list` gets the request third (for the caller or the params): a list function with an optional third
     * parameter of its own (a declaration's `list(db, query, scope?)`) is wrapped, `(db, query) => list(db, query)`.
     */
    list<Q extends TSchema, P extends TSchema = TSchema>(
      doc: RouteDoc & { querystring: Q; params?: P; otherAnswer?: TSchema },
      list: (db: Db, query: Static<Q>, request: RouteRequest<P>) => Promise<Page | OtherAnswer>,
    ) {
      const answer = listResponse(record);
      const schema = {
        ...schemaOf(doc, 200, doc.otherAnswer ? Type.Union([answer, doc.otherAnswer]) : answer),
        querystring: doc.querystring,
      };
      app.get(
        doc.path ?? '',
        { ...optionsOf(doc), schema: doc.params === undefined ? schema : { ...schema, params: doc.params } },
        async (request, reply) => {
          const query = request.query as Static<Q> & { page: number; limit: number };
          const found = await list(request.db, query, request as RouteRequest<P>);
          return 'json' in found
            ? sendJsonText(reply, okText(found.json))
            : sendPagedList(reply, found, query);
        },
      );
    },
    /** One record by id; `jsonText`: `read` answers the record as JSON text (db/lists/list-json.ts). */
    read(
      doc: RouteDoc & { jsonText?: boolean },
      read: (db: Db, id: number, request: RouteRequest<typeof IdParams>) => Promise<unknown>,
    ) {
      app.get(doc.path ?? '/:id', { ...optionsOf(doc), schema: withId(doc) }, async (request, reply) => {
        const found = await read(request.db, idOf(request), request as RouteRequest<typeof IdParams>);
        return doc.jsonText ? sendJsonText(reply, okText(found as string)) : ok(found);
      });
    },
    create<B extends TSchema>(
      doc: RouteDoc & { body: B },
      create: (db: Db, body: Static<B>, request: FastifyRequest) => Promise<unknown>,
    ) {
      app.post(
        doc.path ?? '',
        { ...optionsOf(doc), schema: { ...schemaOf(doc, 201, okResponse(record)), body: doc.body } },
        async (request, reply) =>
          created(
            reply,
            ok(await create(request.db, request.body as Static<B>, request), MESSAGES.record.created(noun)),
          ),
      );
    },
    update<B extends TSchema>(
      doc: RouteDoc & { body: B },
      update: (db: Db, id: number, body: Static<B>, request: FastifyRequest) => Promise<unknown>,
    ) {
      app.put(
        doc.path ?? '/:id',
        { ...optionsOf(doc), schema: { ...withId(doc), body: doc.body } },
        async (request) =>
          ok(
            await update(request.db, idOf(request), request.body as Static<B>, request),
            MESSAGES.record.updated(noun),
          ),
      );
    },
    remove(doc: RouteDoc, remove: (db: Db, id: number, request: FastifyRequest) => Promise<unknown>) {
      app.delete(doc.path ?? '/:id', { ...optionsOf(doc), schema: withId(doc) }, async (request) =>
        ok(await remove(request.db, idOf(request), request), MESSAGES.record.deleted(noun)),
      );
    },
  };
}
