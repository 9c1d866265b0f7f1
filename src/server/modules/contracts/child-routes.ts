import { Type, type Static, type TSchema } from 'typebox';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guards.js';
import { ErrorResponse, Id, IdParams, okResponse } from '../../http/schemas.js';
import { partyPost, partyRead, recordOn, stepOn, type App, type OnContract } from './party-routes.js';

/** A route's words in the OpenAPI document. */
interface RouteText {
  summary: string;
  description: string;
}

/** A step on one record, `POST /:key/<step>`: its body, if it takes one, and the service it runs. */
type ChildStep<B> = RouteText & {
  body?: B;
  run: OnContract<[recordId: number, body: B extends TSchema ? Static<B> : undefined], unknown>;
  message: string;
};

/** One kind of a contract's records (deliveries, advances, payments): what its routes show and run. */
export interface ChildKind<K extends string, B extends TSchema, Steps extends Record<string, unknown>> {
  tags: string[];
  /** The record as the API answers it. */
  record: TSchema;
  /** The path's key of one record (`deliveryId`): a step's params are the contract's `id` and it. */
  key: K;
  list: RouteText & { run: OnContract<[], unknown[]> };
  /** `photo`: the body may carry one (413 when too large). */
  add: RouteText & { body: B; run: OnContract<[Static<B>], unknown>; message: string; photo?: true };
  /** In the order they are registered (and listed in the OpenAPI document). */
  steps: { [S in keyof Steps]: ChildStep<Steps[S]> };
}

const words = ({ summary, description }: RouteText) => ({ summary, description });

/**
 * A kind of record's routes under its contract, for its parties and admins: `GET ''` (oldest first),
 * `POST ''` (the mitra records one: 201) and a `POST /:key/<step>` per step (confirm, dispute …). Not the admin
 * CRUD of a resource (http/record-routes.ts): these records are written only by the contract's steps, under its
 * row lock, and read as child-rows.ts lists them.
 */
export function childRoutes<K extends string, B extends TSchema, Steps extends Record<string, unknown>>(
  app: App,
  kind: ChildKind<K, B, Steps>,
) {
  const { tags, record, add } = kind;
  const params = Type.Object({ id: Id(), [kind.key]: Id() });
  app.get(
    '',
    partyRead({ tags, ...words(kind.list), params: IdParams }, okResponse(Type.Array(record))),
    async (request) => ok(await kind.list.run(request.db, currentUser(request), request.params.id)),
  );
  // The handlers say what they read (ChildKind ties it to the schemas); fastify cannot infer it from a generic schema.
  app.post(
    '',
    partyPost(
      { tags, ...words(add), params: IdParams, body: add.body },
      { 201: okResponse(record), 400: ErrorResponse, ...(add.photo && { 413: ErrorResponse }) },
    ),
    recordOn(add.run, add.message) as never,
  );
  for (const [name, step] of Object.entries(kind.steps as Record<string, ChildStep<TSchema>>)) {
    const { body } = step;
    app.post(
      `/:${kind.key}/${name}`,
      partyPost(
        { tags, ...words(step), params, ...(body !== undefined && { body }) },
        { 200: okResponse(record), ...(body !== undefined && { 400: ErrorResponse }) },
      ),
      stepOn(kind.key, step.run, step.message) as never,
    );
  }
}
