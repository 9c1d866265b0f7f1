import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/engine/client.js';
import { databaseUnavailable } from '../../src/server/http/unavailable.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, DEMO_ADMIN, type TestContext } from './support/app.js';

/** An API over a PostgreSQL server that refuses every connection (nothing listens on port 1). */
const ctx = {} as TestContext;
let database: Database;
beforeAll(async () => {
  const databaseUrl = 'postgres://postgres@127.0.0.1:1/unreachable';
  database = await openDatabase({ databaseUrl });
  database.log = { warn: () => {} };
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data-dir',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
  });
  ctx.db = database.db;
  ctx.app = await buildApp({ config, db: database.db, clientDir: '/nonexistent-client-dir' });
  ctx.baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await ctx.app?.close();
  await database?.close();
});

const unavailable = { success: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable };

describe('when the database cannot be reached', () => {
  it('health answers 503 degraded with Retry-After', async () => {
    const res = await call(ctx, { url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json).toEqual({ ...unavailable, data: { status: 'degraded', database: 'unreachable' } });
  });

  it('reads and writes answer the 503 SERVICE_UNAVAILABLE envelope with Retry-After, not a 500', async () => {
    const read = await call(ctx, { url: '/api/v1/downloads' });
    const write = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/admin-signin',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    for (const res of [read, write]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json).toEqual(unavailable);
    }
  });
});

describe('which errors mean the database is unavailable', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  it.each([
    [
      'a terminated backend (57P01), wrapped by Drizzle',
      wrapped({ code: '57P01', message: 'terminating connection' }),
    ],
    ['a server starting up (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }],
    ['a lost socket', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool wait that timed out', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
  ])('%s', (_name, err) => {
    expect(databaseUnavailable(err)).toBeDefined();
  });

  it.each([
    ['a unique violation (23505)', wrapped({ code: '23505', message: 'duplicate key' })],
    ['a malformed value (22P02)', { code: '22P02', message: 'invalid input syntax' }],
    ['a programming error', new TypeError('x is undefined')],
  ])('not %s', (_name, err) => {
    expect(databaseUnavailable(err)).toBeUndefined();
  });
});
