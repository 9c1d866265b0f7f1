import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/server/db/engine/client.js';
import { auditLog, idempotencyKeys } from '../../src/server/db/schema.js';
import { AUDIT_EVERY_ACTOR } from '../../src/server/http/audit.js';
import { boolean } from '../../src/server/http/field-rules.js';
import { form } from '../../src/server/http/forms.js';
import { ok } from '../../src/server/http/envelope.js';
import { requireRole } from '../../src/server/http/guards.js';
import { okResponse } from '../../src/server/http/schemas.js';
import type { ApiModule } from '../../src/server/modules/module.js';
import * as registry from '../../src/server/modules/index.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, tokenForUser, useTestApp, type CallResult } from './support/app.js';

/**
 * The fault: the database is lost right after the test route's write has committed (for the rest of that
 * request), as when a process loses its connection between a write and keeping its answer. `loseAfterWrite`
 * arms it for the next request.
 */
let loseAfterWrite = false;
let lost = false;
const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'execute']);
const lostAfterWrite = (db: Db): Db =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (lost && typeof property === 'string' && STATEMENTS.has(property))
        return () => {
          throw new Error('the database was lost');
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

/** The next run's row is refused when its transaction commits (a deferred constraint). */
let failAtCommit = false;
/** Each run of the test routes writes one row; `takeOver` has a repeat take the key while the write runs. */
const write = async (request: FastifyRequest) => {
  const body = (request.body ?? {}) as { takeOver?: boolean };
  const [row] = await queryRows<{ id: number }>(
    request.db,
    sql`INSERT INTO uji_efek (fail_at_commit) VALUES (${failAtCommit}) RETURNING id`,
  );
  if (body.takeOver)
    await request.db
      .update(idempotencyKeys)
      .set({ claim: randomUUID() })
      .where(eq(idempotencyKeys.key, String(request.headers['idempotency-key'])));
  lost = loseAfterWrite;
  // The route's response schema leaves `extra` out of what is sent: so must the answer kept.
  return ok({ id: row!.id, extra: 'not sent' });
};
const schema = {
  body: form({ takeOver: boolean('takeOver: true atau false') }),
  response: { 200: okResponse(Type.Object({ id: Type.Integer() })) },
};
const probe: ApiModule = {
  api: {
    '/uji-putus': async (app) => {
      // This scope's own `db`: the routes below, and the hooks that serve them, query it.
      app.db = lostAfterWrite(app.db);
      app.addHook('onResponse', async () => {
        lost = loseAfterWrite = failAtCommit = false;
      });
      app.post('', { onRequest: requireRole(), schema }, write);
      app.post('/diaudit', { onRequest: requireRole(), config: AUDIT_EVERY_ACTOR, schema }, write);
    },
  },
};

const ctx = useTestApp({}, { modules: { ...registry, probe } });
let token: string;
beforeAll(async () => {
  await ctx.db.execute(
    sql`CREATE TABLE IF NOT EXISTS uji_efek (id serial PRIMARY KEY, fail_at_commit boolean NOT NULL)`,
  );
  await ctx.db.execute(sql`CREATE OR REPLACE FUNCTION uji_refuse() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
  await ctx.db.execute(sql`CREATE CONSTRAINT TRIGGER uji_refuse AFTER INSERT ON uji_efek
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.fail_at_commit) EXECUTE FUNCTION uji_refuse()`);
  token = await tokenForUser(ctx, 'petani');
});
afterAll(async () => {
  await ctx.db?.execute(sql`DROP TABLE IF EXISTS uji_efek`);
  await ctx.db?.execute(sql`DROP FUNCTION IF EXISTS uji_refuse()`);
});

let keys = 0;
const newKey = () => `putus-${process.pid}-${++keys}-${Date.now()}`;
const post = (url: string, key: string, payload = {}) =>
  call(ctx, { method: 'POST', url, token, payload, headers: { 'idempotency-key': key } });

const effects = async () => (await ctx.db.select({ n: count() }).from(sql`uji_efek`))[0]!.n;
const auditRows = async (id: number) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'uji-putus'), eq(auditLog.resource_id, String(id))))
  )[0]!.n;
const keyRow = async (key: string) =>
  (await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

/** What a process that died after the write leaves to a retry: the key's lease over. */
const leaseOver = (key: string) =>
  ctx.db
    .update(idempotencyKeys)
    .set({ locked_until: new Date(Date.now() - 1000) })
    .where(eq(idempotencyKeys.key, key));

const expectSameAnswer = (again: CallResult, first: CallResult) => {
  expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.headers['idempotency-replayed']).toBe('true');
};

describe('a keyed write and its answer commit together', () => {
  for (const [what, url] of [
    ['a write', '/api/v1/uji-putus'],
    ['an audited write', '/api/v1/uji-putus/diaudit'],
  ] as const) {
    it(`runs ${what} once when the database was lost after it committed, and answers a retry the same`, async () => {
      const key = newKey();
      const before = await effects();
      loseAfterWrite = true;

      const first = await post(url, key);

      expect(first.statusCode, first.body).toBe(200);
      expect(first.json.data).toEqual({ id: expect.any(Number) });
      expect(await effects()).toBe(before + 1);
      // The answer kept is the one sent, byte for byte, content-type included.
      const kept = await keyRow(key);
      expect([kept?.status, kept?.body]).toEqual([200, first.body]);
      expect(kept?.headers).toEqual({ 'content-type': first.headers['content-type'] });
      await leaseOver(key);

      const again = await post(url, key);

      expectSameAnswer(again, first);
      expect(await effects()).toBe(before + 1);
      if (url.endsWith('diaudit')) expect(await auditRows(first.json.data.id)).toBe(1);
    });
  }

  it('keeps a refusal outside the write’s transaction, as sent', async () => {
    const key = newKey();
    const refused = await post('/api/v1/uji-putus', key, { takeOver: 'ya' });
    expect(refused.statusCode).toBe(400);

    const again = await post('/api/v1/uji-putus', key, { takeOver: 'ya' });

    expectSameAnswer(again, refused);
  });

  it('releases the key of a write whose commit failed after its answer was kept: the retry runs', async () => {
    const key = newKey();
    const before = await effects();
    failAtCommit = true;

    const failed = await post('/api/v1/uji-putus', key);

    expect(failed.statusCode).toBe(500);
    expect(await effects()).toBe(before);
    expect(await keyRow(key)).toBeUndefined();
    const retried = await post('/api/v1/uji-putus', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect(await effects()).toBe(before + 1);
  });

  it('rolls a write back when a repeat took its key while it ran: 409, try again, nothing written', async () => {
    const key = newKey();
    const before = await effects();

    const res = await post('/api/v1/uji-putus', key, { takeOver: true });

    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json.message).toBe(MESSAGES.idempotency.stillRunning);
    expect(await effects()).toBe(before);
    const retried = await post('/api/v1/uji-putus', key, { takeOver: false });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect(await effects()).toBe(before + 1);
  });
});
