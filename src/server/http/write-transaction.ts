import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Tx } from '../db/engine/client.js';

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Something a write keeps in the write's own transaction (its audit row, its Idempotency-Key's answer). */
export interface WriteStep {
  /** Whether this request's write is one the step keeps something of: its handler then runs in a transaction. */
  wants(request: FastifyRequest): boolean;
  /**
   * Runs in the transaction after the handler returned `result`, before the commit; returns the result to send
   * (the same, or the very bytes it kept). A step that throws rolls the write back.
   */
  beforeCommit(tx: Tx, request: FastifyRequest, reply: FastifyReply, result: unknown): Promise<unknown>;
}

/**
 * The one place a write's transaction is opened: a write (POST, PUT, PATCH, DELETE) that one of `steps` wants
 * runs its handler in a transaction, with `request.db` set to it, and each step that wants it runs, in the
 * order given, before the commit: the change and what the steps keep commit together or not at all. Handlers
 * return their body (nothing is sent before the commit) and query `request.db`. Other writes run as they are,
 * outside a transaction, so e.g. a failed sign-in still counts against its limiter.
 */
export function installWriteTransaction(app: FastifyInstance, steps: readonly WriteStep[]) {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method))) return;
    const handler = route.handler as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => unknown;
    route.handler = async function writeInTransaction(this: FastifyInstance, request, reply) {
      const wanted = WRITE_METHODS.has(request.method) ? steps.filter((step) => step.wants(request)) : [];
      if (wanted.length === 0) return handler.call(this, request, reply);
      return request.server.db.transaction(async (tx) => {
        request.db = tx;
        try {
          let result = await handler.call(this, request, reply);
          for (const step of wanted) result = await step.beforeCommit(tx, request, reply, result);
          return result;
        } finally {
          request.db = request.server.db;
        }
      });
    } as RouteHandlerMethod;
  });
}
