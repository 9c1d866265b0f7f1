import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AuthUser } from '../../http/context.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import { AUDIT_EVERY_ACTOR } from '../../http/audit.js';
import { created, ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse } from '../../http/schemas.js';
import { PdfBytes, sendDocument, sendPdf } from '../documents/reply.js';

/** What a contract's step answers when refused: not signed in, the other party's step, not theirs, not now. */
export const refused = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** A step on a contract or its records, taken by a party or an admin: audited whoever takes it. */
export const partyStep = { onRequest: requireRole(), config: AUDIT_EVERY_ACTOR };

interface ReadSchema<P extends TSchema> {
  tags: string[];
  summary: string;
  description: string;
  params: P;
}

/** A GET of a contract's parties and admins (anyone else 404), answering `answer`. */
export const partyRead = <P extends TSchema, A>(schema: ReadSchema<P>, answer: A) => ({
  onRequest: requireRole(),
  schema: { ...schema, response: { 200: answer, 401: ErrorResponse, 404: ErrorResponse } },
});

/** A POST step (partyStep) with its `body`, if any, answering `answers` or what every step may be `refused`. */
export const partyPost = <S extends ReadSchema<TSchema> & { body?: TSchema }, A extends object>(
  schema: S,
  answers: A,
) => ({ ...partyStep, schema: { ...schema, response: { ...answers, ...refused } } });

export type App = Parameters<FastifyPluginAsyncTypebox>[0];
type MakePdf<P> = (
  db: Db,
  config: Config,
  user: AuthUser,
  params: P,
) => Promise<{ fileName: string; pdf: Uint8Array }>;

/** `GET path`: a PDF the server makes for the contract's parties and admins, as a download. */
export function pdfRoute<P extends TSchema>(
  app: App,
  path: string,
  schema: ReadSchema<P>,
  make: MakePdf<Static<P>>,
) {
  app.get(path, partyRead(schema, PdfBytes), async (request, reply) => {
    const params = request.params as Static<P>;
    const { fileName, pdf } = await make(request.db, request.server.config, currentUser(request), params);
    return sendPdf(reply, fileName, pdf);
  });
}

/** A service's work on the contract named in the path, as the caller, with what else it takes. */
export type OnContract<A extends unknown[], R> = (
  db: Db,
  user: AuthUser,
  contractId: number,
  ...args: A
) => Promise<R>;
type OnRecord<R> = OnContract<[recordId: number], R>;
type ContractRequest<Params = { id: number }, Body = unknown> = FastifyRequest & {
  params: Params;
  body: Body;
};
type RecordRequest<K extends string> = ContractRequest<{ id: number } & Record<K, number>>;

/** Handler of a POST that adds a record (a delivery, an advance, a payment) to the contract: 201 with it. */
export const recordOn =
  <B, R>(add: OnContract<[B], R>, message: string) =>
  async (request: ContractRequest<{ id: number }, B>, reply: FastifyReply) =>
    created(reply, ok(await add(request.db, currentUser(request), request.params.id, request.body), message));

/**
 * Handler of a step on one of the contract's records, named by the path's `key` (`/:deliveryId/confirm`), with
 * the request's body (if it has one).
 */
export const stepOn =
  <K extends string, B, R>(key: K, step: OnContract<[recordId: number, body: B], R>, message: string) =>
  async (request: ContractRequest<{ id: number } & Record<K, number>, B>) =>
    ok(
      await step(request.db, currentUser(request), request.params.id, request.params[key], request.body),
      message,
    );

/** Handler of a GET of a record's stored photo, named by the path's `key`. */
export const photoOf =
  <K extends string>(key: K, photo: OnRecord<Parameters<typeof sendDocument>[1]>) =>
  async (request: RecordRequest<K>, reply: FastifyReply) =>
    sendDocument(
      reply,
      await photo(request.db, currentUser(request), request.params.id, request.params[key]),
    );
