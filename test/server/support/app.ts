import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '../../../src/shared/constants.js';
import { buildApp, type AppOptions } from '../../../src/server/app.js';
import { DEMO_ADMIN, loadConfig } from '../../../src/server/config.js';
import { DEMO_MITRA, DEMO_PETANI } from '../../../src/server/db/seed/demo.js';
import { openDatabase, type Database, type Db } from '../../../src/server/db/engine/client.js';
import { rateLimits, users } from '../../../src/server/db/schema.js';
import { SIGN_IN_WINDOW_SECONDS } from '../../../src/server/modules/auth/limits.js';
import { startSession } from '../../../src/server/modules/auth/sessions.js';
import { waitForDisconnects } from '../../support/wait-for-disconnects.js';
import { adminUrl, databaseUrlFor } from './database.js';
import { seededWorkerDatabase } from './embedded-reset.js';

export { DEMO_ADMIN, DEMO_MITRA, DEMO_PETANI };

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** `http://127.0.0.1:<port>` of the listening test server. */
  baseUrl: string;
}

/** The migrated, demo-seeded database (global-setup.ts) as the seed left it: a template copy, or the worker's embedded one put back. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  const serverUrl = process.env.DATABASE_URL;
  if (template && serverUrl) {
    const name = `tanimitra_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name) });
    return {
      database,
      drop: async () => {
        await waitForDisconnects(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  }
  return { database: await seededWorkerDatabase(), drop: async () => {} };
}

/**
 * Call at the top of a test file: builds the app over a fresh database before the tests and closes it after;
 * `env` adds configuration (see src/server/config.ts); `clientDir` serves a built app (none by default).
 * The returned object is filled in by `beforeAll`.
 */
export function useTestApp(
  env: NodeJS.ProcessEnv = {},
  {
    clientDir = '/nonexistent-client-dir',
    modules,
  }: { clientDir?: string; modules?: AppOptions['modules'] } = {},
): TestContext {
  const context = {} as TestContext;
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    const config = loadConfig({
      DATA_DIR: '/nonexistent-test-data-dir',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      ...env,
    });
    context.db = database.db;
    context.app = await buildApp({ config, db: database.db, clientDir, modules });
    context.baseUrl = await context.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await context.app?.close();
    await database?.close();
    await drop?.();
  });
  return context;
}

/** An access token of a new session of an existing user, started directly (auth routes are tested on their own). */
export async function tokenFor(ctx: TestContext, email: string): Promise<string> {
  const [user] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`no user ${email}`);
  return (await startSession(ctx.db, ctx.app.tokens, user)).token;
}

/** A token for the n-th (0-based) user of a role, by id. */
export async function tokenForUser(ctx: TestContext, role: Role, n = 0): Promise<string> {
  return (await startSession(ctx.db, ctx.app.tokens, { id: await userIdOf(ctx, role, n), role })).token;
}

/** The id of the n-th (0-based) user of a role, by id; #0 is the demo account of that role. */
export async function userIdOf(ctx: TestContext, role: Role, n = 0): Promise<number> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, role))
    .orderBy(users.id)
    .limit(1)
    .offset(n);
  if (!rows[0]) throw new Error(`no ${role} #${n}`);
  return rows[0].id;
}

export type Json = Record<string, any>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  token?: string;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string or Buffer as it is (set content-type yourself). */
  payload?: unknown;
}

export interface CallResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  rawBody: Buffer;
  json: Json;
}

/** A real HTTP request to the test server over loopback, with an optional bearer token; JSON answers parsed. */
export async function call(ctx: TestContext, options: CallOptions): Promise<CallResult> {
  const { method = 'GET', url, token, payload } = options;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Blob | undefined;
  if (typeof payload === 'string') body = payload;
  else if (Buffer.isBuffer(payload)) body = new Blob([new Uint8Array(payload)]);
  else if (payload !== undefined) {
    body = JSON.stringify(payload);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${ctx.baseUrl}${url}`, { method, headers, body });
  // An event stream never ends: its answer is its status and headers, and the stream is left at once.
  const endless = response.headers.get('content-type')?.startsWith('text/event-stream');
  if (endless) await response.body?.cancel();
  const rawBody = endless ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
  const text = rawBody.toString('utf8');
  let json: Json = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
    rawBody,
    json,
  };
}

/** Access tokens of the demo admin, petani and mitra of the seeded database. */
/** A petani or mitra signing in through POST /auth/signin. */
export function signIn(ctx: TestContext, email: string, password: string): Promise<CallResult> {
  return call(ctx, { method: 'POST', url: '/api/v1/auth/signin', payload: { email, password } });
}

export async function demoTokens(ctx: TestContext): Promise<Record<'admin' | 'petani' | 'mitra', string>> {
  const [admin, petani, mitra] = await Promise.all(
    [DEMO_ADMIN, DEMO_PETANI, DEMO_MITRA].map((account) => tokenFor(ctx, account.email)),
  );
  return { admin: admin!, petani: petani!, mitra: mitra! };
}

/**
 * Sets the uses counted under a rate-limit key in a fresh window, e.g. `ip:10.0.0.1` or
 * `email:budi@contoh.id` for sign-in, `signup:10.0.0.1` (see modules/auth/limits.ts).
 */
export async function setRateLimitHits(
  ctx: TestContext,
  key: string,
  hits: number,
  windowSeconds = SIGN_IN_WINDOW_SECONDS,
): Promise<void> {
  const row = { hits, expires_at: sql`now() + make_interval(secs => ${windowSeconds})` };
  await ctx.db
    .insert(rateLimits)
    .values({ key, ...row })
    .onConflictDoUpdate({ target: rateLimits.key, set: row });
}
