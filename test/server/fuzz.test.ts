/**
 * Property-based fuzzing of every route and method of the OpenAPI document the app generates, over
 * real HTTP, with each role's token (anonymous, admin, petani, mitra). Generated path ids, query strings
 * and bodies: valid ones built from the schemas, boundary values, wrong types, unknown fields and
 * parameters, deep nesting, NUL, huge strings, bodies near and over the 1 MiB limit, empty and non-JSON
 * bodies (support/fuzz/cases.ts). Requests run one at a time, so that every write can be judged by the
 * database state just before and after it. Properties of every answer:
 *   1. never a 5xx, and always the JSON envelope of docs/API.md (a documented file download aside);
 *   2. a refused write (4xx) changes no table (support/fuzz/state.ts says which tables may change, and why);
 *   3. a successful admin write on a route that reads the token leaves exactly one audit row.
 *   4. a JSON body that is not an object (an array, a number, a string, null) is never a success.
 * The last test checks that the run could have failed: every operation got its requests, every role was
 * used, and many writes landed and many were refused.
 *
 * FUZZ_RUNS=n   requests per operation (default 5: ~425 requests, 20–30 s on PGlite on a shared 2-core machine);
 *               e.g. FUZZ_RUNS=200 npx vitest run test/server/fuzz.test.ts for a long run.
 * FUZZ_SEED=s   replays a run (random by default): a failure prints it with the request that broke the
 *               property, as method, URL, role and body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { API_BASE_PATH as API, type Role } from '../../src/shared/constants.js';
import { users } from '../../src/server/db/schema.js';
import { call, tokenForUser, useTestApp } from './support/app.js';
import {
  FUZZ_ROLES,
  adminCase,
  isNonObjectJson,
  requestCases,
  type FuzzRole,
  type RequestCase,
} from './support/fuzz/cases.js';
import { WRITE_METHODS, operationsOf, type Method, type Operation } from './support/fuzz/openapi.js';
import { send, type Sent } from './support/fuzz/send.js';
import { changedTables, removeStateReader, stateReader, type DbState } from './support/fuzz/state.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const ctx = useTestApp();

/** Each operation gets its own seed derived from the run's, so one operation's runs do not shift another's. */
const seedOf = (op: Operation) =>
  [...`${op.method} ${op.path}`].reduce((hash, ch) => Math.imul(hash ^ ch.charCodeAt(0), 16777619), SEED) | 0;

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

/** fast-check's report, without the stack of the error it quotes (the request says what failed). */
const withoutStack = (report: string) =>
  report
    .split('\n')
    .filter((line) => !/^\s+at |^Hint: /.test(line))
    .join('\n');

/** What was sent, so that the run can be shown to have exercised the properties (see the last test). */
const tally = {
  byOperation: new Map<string, { sent: number; failed: boolean; statuses: Set<number> }>(),
  byRole: new Map<FuzzRole, number>(),
  /** Refused writes whose tables were compared. */
  refusedWrites: 0,
  /** Successful admin writes whose audit rows were counted. */
  auditedWrites: 0,
};
let operations: Operation[] = [];

describe('fuzzing every operation of the OpenAPI document', () => {
  let readState: () => Promise<DbState>;
  /** The state after the last write, while nothing else has run since. */
  let known: DbState | undefined;
  const tokens = new Map<FuzzRole, string>();

  beforeAll(async () => {
    operations = await operationsOf(ctx.app);
    readState = await stateReader(ctx.db);
  });

  afterAll(() => removeStateReader(ctx.db));

  /**
   * A token of the role's first account. Fuzzed writes delete and change accounts, so a 401 drops the
   * token for a new one, and a long run that deleted every account of a role gets a new account.
   */
  async function tokenOf(role: FuzzRole): Promise<string | undefined> {
    if (role === 'anonymous') return undefined;
    let token = tokens.get(role);
    if (!token) {
      known = undefined;
      const [accounts] = await ctx.db.select({ n: count() }).from(users).where(eq(users.role, role));
      if (accounts?.n === 0) await addAccount(role);
      token = await tokenForUser(ctx, role);
      tokens.set(role, token);
    }
    return token;
  }

  let accountsAdded = 0;
  async function addAccount(role: Role) {
    const email = `fuzz-${role}-${++accountsAdded}@example.test`;
    const account = { role, full_name: `Fuzz ${role}`, email, password: 'Fuzz1234' };
    const token = await tokenForUser(ctx, 'admin');
    const { statusCode, body } = await call(ctx, {
      method: 'POST',
      url: `${API}/admin/users`,
      token,
      payload: account,
    });
    if (statusCode !== 201) throw new Error(`fuzz: could not add a ${role} account: ${statusCode} ${body}`);
  }

  /** Property 1: no 5xx, and the envelope of docs/API.md (a documented file download aside). */
  function checkEnvelope(op: Operation, { description, response }: Sent) {
    const status = response.statusCode;
    const fail = (why: string) => {
      throw new Error(
        `${why}\n  request: ${description}\n  answer: ${status} ${response.body.slice(0, 500)}`,
      );
    };
    if (status >= 500) fail(`a ${status}`);
    if (op.fileStatuses.includes(status)) return;
    if (!response.headers['content-type']?.startsWith('application/json')) fail('the answer is not JSON');
    let body: any;
    try {
      body = JSON.parse(response.body);
    } catch {
      fail('the answer is not JSON');
    }
    if (typeof body?.success !== 'boolean') fail('the answer is not the envelope (no boolean `success`)');
    if (body.success !== status < 400) fail(`success: ${body.success} with status ${status}`);
    if (typeof body.message !== 'string') fail('an answer without `message`');
    if (body.success && !('data' in body)) fail('a success without `data`');
    if (!body.success && typeof body.code !== 'string') fail('a failure without `code`');
    const fieldErrors = body.errors ?? [];
    const wellFormed = (e: any) => typeof e?.field === 'string' && typeof e?.message === 'string';
    if (!Array.isArray(fieldErrors) || !fieldErrors.every(wellFormed))
      fail('`errors` is not a list of {field, message}');
  }

  async function exercise(op: Operation, request: RequestCase) {
    const token = await tokenOf(request.role);
    const write = WRITE_METHODS.has(op.method);
    const before = write ? (known ??= await readState()) : undefined;
    const counts = tally.byOperation.get(keyOf(op))!;
    counts.sent++;
    tally.byRole.set(request.role, (tally.byRole.get(request.role) ?? 0) + 1);
    const sent = await send(ctx, op, request, token);
    const status = sent.response.statusCode;
    counts.statuses.add(status);
    if (status === 401 && token) tokens.delete(request.role);
    known = write ? await readState() : undefined;
    checkEnvelope(op, sent);
    if (isNonObjectJson(request.body) && status < 400)
      throw new Error(`a JSON body that is not an object got ${status}\n  request: ${sent.description}`);
    if (!before || !known) return;
    const where = `\n  request: ${sent.description}\n  answer: ${status} ${sent.response.body.slice(0, 300)}`;
    if (status >= 400) {
      tally.refusedWrites++;
      const changed = changedTables(before, known);
      if (changed.length > 0) throw new Error(`a refused write changed ${changed.join(', ')}${where}`);
    } else if (request.role === 'admin' && op.authenticated) {
      tally.auditedWrites++;
      const added = known.auditRows - before.auditRows;
      if (added !== 1) throw new Error(`an admin write left ${added} audit rows instead of 1${where}`);
    }
  }

  it(
    'keeps every property for every route, method and role',
    { timeout: 60_000 + RUNS * 20_000 },
    async () => {
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const op of operations) {
        tally.byOperation.set(keyOf(op), { sent: 0, failed: false, statuses: new Set() });
        try {
          await fc.assert(
            fc.asyncProperty(requestCases(op), (request) => exercise(op, request)),
            {
              numRuns: RUNS,
              seed: seedOf(op),
              examples: fc.sample(adminCase(op), { seed: seedOf(op), numRuns: 1 }).map((c) => [c]),
              endOnFailure: true,
              includeErrorInReport: true,
            },
          );
        } catch (err) {
          tally.byOperation.get(keyOf(op))!.failed = true;
          failures.push(`${keyOf(op)} (FUZZ_SEED=${SEED}):\n${withoutStack((err as Error).message)}`);
        }
      }
      if (failures.length > 0)
        throw new Error(`${failures.length} operations broke a property:\n\n${failures.join('\n\n')}`);
    },
  );

  it('sent the planned requests, with every role, and made real changes', () => {
    expect(tally.byOperation.size).toBe(operations.length);
    for (const [key, counts] of tally.byOperation) {
      if (!counts.failed) expect(counts.sent, key).toBe(RUNS);
    }
    const writes = [...tally.byOperation].filter(([key]) => WRITE_METHODS.has(key.split(' ')[0] as Method));
    const landed = writes.filter(([, counts]) => [...counts.statuses].some((status) => status < 300));
    // Most writes need a valid body from the right role; a few runs of each are enough for many to land.
    expect(landed.length, 'write operations with a 2xx').toBeGreaterThanOrEqual(writes.length / 4);
    expect(tally.refusedWrites, 'refused writes checked').toBeGreaterThanOrEqual(writes.length);
    expect(tally.auditedWrites, 'admin writes checked').toBeGreaterThanOrEqual(writes.length / 4);
    for (const role of FUZZ_ROLES) {
      expect(tally.byRole.get(role), role).toBeGreaterThanOrEqual((operations.length * RUNS) / 10);
    }
  });
});
