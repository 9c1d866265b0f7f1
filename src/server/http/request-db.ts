import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/engine/client.js';

const kDb = Symbol('request db');
type WithDb = FastifyRequest & { [kDb]?: Db };

/**
 * `request.db`: the database a handler queries. It is `server.db` unless the request's write runs in a
 * transaction (http/write-transaction.ts), which is then there. Handlers must use it: on PGlite a query on
 * `server.db` while this request's transaction holds the single connection would wait forever.
 */
export function installRequestDb(app: FastifyInstance) {
  app.decorateRequest('db', {
    getter(this: WithDb) {
      return this[kDb] ?? this.server.db;
    },
    setter(this: WithDb, db: Db) {
      this[kDb] = db;
    },
  });
}
