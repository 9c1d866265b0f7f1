import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '../../src/shared/messages.js';
import { ok } from '../../src/server/http/envelope.js';
import { AppError } from '../../src/server/http/errors.js';
import { requireRole } from '../../src/server/http/guards.js';
import type { ApiModule } from '../../src/server/modules/module.js';
import * as registry from '../../src/server/modules/index.js';
import { auditLog, idempotencyKeys, lahan, landCategories } from '../../src/server/db/schema.js';
import {
  call,
  DEMO_MITRA,
  DEMO_PETANI,
  tokenForUser,
  useTestApp,
  type CallResult,
  type Json,
} from './support/app.js';
import { BASE, signBoth, useContractCast } from './support/contract-cast.js';
import { reach } from './support/contract-fixtures.js';
import { snapshot } from './support/contract-steps.js';

/** What the test route `POST /api/v1/uji-kunci` does on each run, in turn; it counts its runs. */
const outcomes: (() => unknown)[] = [];
let runs = 0;
const probe: ApiModule = {
  api: {
    '/uji-kunci': async (app) => {
      app.post('', { onRequest: requireRole() }, async () => {
        runs++;
        // Long enough for repeats sent at the same time to arrive while it runs.
        await sleep(200);
        return (outcomes.shift() ?? (() => ok({ run: runs })))();
      });
    },
  },
};
const PROBE = '/api/v1/uji-kunci';

const ctx = useTestApp({}, { modules: { ...registry, probe } });
const cast = useContractCast(ctx);
const M = MESSAGES.idempotency;

let landCategoryId: number;
beforeAll(async () => {
  const [category] = await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1);
  landCategoryId = category!.id;
});

let keys = 0;
/** A key no other test uses. */
const newKey = () => `uji-${process.pid}-${++keys}-${Date.now()}`;

const lahanBody = (name: string, extra: Json = {}): Json => ({
  nama_lahan: name,
  luas_lahan: 1500,
  address_lahan: 'Dusun Krajan RT 02',
  location_id: cast.locationId,
  category_id: landCategoryId,
  ...extra,
});

const post = (token: string, url: string, payload: Json, key?: string) =>
  call(ctx, {
    method: 'POST',
    url,
    token,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** `n` requests sent at once. */
const all = (n: number, send: () => Promise<CallResult>) => Promise.all(Array.from({ length: n }, send));

const lahanNamed = async (name: string) =>
  ctx.db.select({ id: lahan.id, petani_id: lahan.petani_id }).from(lahan).where(eq(lahan.nama_lahan, name));

const auditRowsOf = async (resource: string, id: number) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource), eq(auditLog.resource_id, String(id))))
  )[0]!.n;

/** The answers are one answer: the same status and body, and all but the first say they are a replay. */
function expectOneAnswer(answers: CallResult[], status: number) {
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.body).toBe(answers[0]!.body);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  }
  expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(
    answers.length - 1,
  );
}

describe('Idempotency-Key on a signed-in person’s writes', () => {
  it('confirms a delivery once for ten concurrent repeats, with ten identical answers', async () => {
    const contract = await reach(ctx, cast, 'active');
    const deliveryId = contract.model.deliveries.at(-1)!.id;
    const before = await snapshot(ctx, cast, contract.id);
    const key = newKey();
    const url = `${BASE}/${contract.id}/deliveries/${deliveryId}/confirm`;

    const answers = await all(10, () => post(cast.tokens.petani, url, {}, key));

    expectOneAnswer(answers, 200);
    const after = await snapshot(ctx, cast, contract.id);
    expect(after.events).toHaveLength(before.events.length + 1);
    expect(after.auditRows).toBe(before.auditRows + 1);
    expect(after.deliveries.find((d) => d.id === deliveryId)?.confirmed_at).not.toBeNull();
    // A repeat after the fact gets the same answer again, still without a second effect.
    const later = await post(cast.tokens.petani, url, {}, key);
    expect(later.body).toBe(answers[0]!.body);
    expect((await snapshot(ctx, cast, contract.id)).events).toHaveLength(after.events.length);
  });

  it('creates one lahan and one audit row for ten concurrent repeats of an admin’s create', async () => {
    const name = `Sawah Sekali ${newKey()}`;
    const key = newKey();
    const body = lahanBody(name, { petani_id: cast.petaniId });

    const answers = await all(10, () => post(cast.tokens.admin, '/api/v1/lahan', body, key));

    expectOneAnswer(answers, 201);
    const rows = await lahanNamed(name);
    expect(rows).toEqual([{ id: answers[0]!.json.data.id, petani_id: cast.petaniId }]);
    expect(await auditRowsOf('lahan', rows[0]!.id)).toBe(1);
  });

  it('refuses the same key with another body or on another route (422), changing nothing', async () => {
    const key = newKey();
    const name = `Sawah Kunci ${key}`;
    const first = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key);
    expect(first.statusCode).toBe(201);

    const otherBody = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(`${name} lain`), key);
    const otherRoute = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/lahan/${first.json.data.id}`,
      token: cast.tokens.petani,
      payload: lahanBody(name),
      headers: { 'idempotency-key': key },
    });

    for (const refused of [otherBody, otherRoute]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: M.keyReused,
        errors: [{ field: 'Idempotency-Key', message: M.keyReused }],
      });
    }
    expect(await lahanNamed(`${name} lain`)).toEqual([]);
    // The key still answers its own request.
    expect((await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key)).body).toBe(first.body);
  });

  it('runs a request again once its key has expired', async () => {
    const key = newKey();
    const name = `Sawah Kedaluwarsa ${key}`;
    const first = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key);
    expect(first.statusCode).toBe(201);
    await ctx.db
      .update(idempotencyKeys)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));

    const again = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key);

    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(again.json.data.id).not.toBe(first.json.data.id);
    expect(await lahanNamed(name)).toHaveLength(2);
    // The key now keeps the new answer.
    expect((await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key)).body).toBe(again.body);
  });

  it('purges expired keys when a new key is taken', async () => {
    const stale = newKey();
    expect(
      (await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(`Sawah ${stale}`), stale)).statusCode,
    ).toBe(201);
    await ctx.db
      .update(idempotencyKeys)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, stale));
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, stale))).toHaveLength(1);

    await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(`Sawah ${newKey()}`), newKey());

    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, stale))).toEqual([]);
  });

  it('answers a refused request the same way again, even once it would pass', async () => {
    const key = newKey();
    const name = `Sawah Ditolak ${key}`;
    const refused = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name, { luas_lahan: -5 }), key);
    expect(refused.statusCode).toBe(400);

    const again = await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name, { luas_lahan: -5 }), key);

    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(refused.body);
    expect(again.headers['idempotency-replayed']).toBe('true');

    // A contract step refused in the contract's state stays refused once the state allows it.
    const contract = await reach(ctx, cast, 'pending');
    const start = `${BASE}/${contract.id}/start`;
    const early = await post(cast.tokens.mitra, start, {}, `${key}-start`);
    expect(early.statusCode).toBe(409);
    await signBoth(ctx, cast, contract.id);
    const events = (await snapshot(ctx, cast, contract.id)).events.length;

    const repeat = await post(cast.tokens.mitra, start, {}, `${key}-start`);

    expect([repeat.statusCode, repeat.body]).toEqual([early.statusCode, early.body]);
    const after = await snapshot(ctx, cast, contract.id);
    expect(after.events).toHaveLength(events);
    expect(after.contract.status).toBe('approved');
  });

  it('keeps each person’s keys apart: two people may use the same key', async () => {
    const key = newKey();
    const name = `Sawah Bersama ${key}`;
    const [mine, theirs] = await Promise.all([
      post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key),
      post(cast.tokens.otherPetani, '/api/v1/lahan', lahanBody(name), key),
    ]);

    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(mine.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json.data.petani_id).not.toBe(cast.petaniId);
    const owners = (await lahanNamed(name)).map((row) => row.petani_id).sort();
    expect(owners).toEqual([cast.petaniId, theirs.json.data.petani_id].sort());
    // Each repeat gets its own person's answer.
    const [myRepeat, theirRepeat] = await Promise.all([
      post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), key),
      post(cast.tokens.otherPetani, '/api/v1/lahan', lahanBody(name), key),
    ]);
    expect([myRepeat.body, theirRepeat.body]).toEqual([mine.body, theirs.body]);
    expect(theirRepeat.headers['idempotency-replayed']).toBe('true');
  });

  it('refuses a key that is empty, too long or not visible ASCII (400 naming the header), changing nothing', async () => {
    const name = `Sawah Kunci Salah ${newKey()}`;
    for (const key of ['', 'a'.repeat(256), 'dua kata', 'kunci-\u00e9']) {
      const res = await call(ctx, {
        method: 'POST',
        url: '/api/v1/lahan',
        token: cast.tokens.petani,
        payload: lahanBody(name),
        headers: { 'idempotency-key': key },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: M.invalidKey,
        errors: [{ field: 'Idempotency-Key', message: M.invalidKey }],
      });
    }
    expect(await lahanNamed(name)).toEqual([]);
    expect(
      (await post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name), 'a'.repeat(255))).statusCode,
    ).toBe(201);
  });

  it('runs every request without a key, as before', async () => {
    const name = `Sawah Tanpa Kunci ${newKey()}`;
    const answers = await all(2, () => post(cast.tokens.petani, '/api/v1/lahan', lahanBody(name)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await lahanNamed(name)).toHaveLength(2);
  });

  it('keeps no answer that carries a session’s tokens (a password change): the header is ignored', async () => {
    const token = await tokenForUser(ctx, 'mitra', 2);
    const key = newKey();
    const change = { currentPassword: DEMO_MITRA.password, newPassword: 'KataSandiBaru123!' };
    const res = await call(ctx, {
      method: 'PUT',
      url: '/api/v1/user/me/password',
      token,
      payload: change,
      headers: { 'idempotency-key': key },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data.refreshToken).toEqual(expect.any(String));
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('ignores the header on anonymous writes (sign-in)', async () => {
    const key = newKey();
    const signIn = () =>
      post('', '/api/v1/auth/signin', { email: DEMO_PETANI.email, password: DEMO_PETANI.password }, key);
    const [first, second] = [await signIn(), await signIn()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(second.json.data.token).not.toBe(first.json.data.token);
  });
});

describe('what runs and what is kept', () => {
  it('runs the handler once for ten concurrent repeats: the others wait for its answer', async () => {
    const key = newKey();
    const before = runs;

    const answers = await all(10, () => post(cast.tokens.petani, PROBE, {}, key));

    expectOneAnswer(answers, 200);
    expect(runs).toBe(before + 1);
    expect(answers[0]!.json.data).toEqual({ run: before + 1 });
  });

  it('releases the key after a server error, a rate limit or a write rolled back for a concurrent one: the repeat runs', async () => {
    const failures: [number, () => never][] = [
      [
        500,
        () => {
          throw new Error('boom');
        },
      ],
      [
        429,
        () => {
          throw new AppError('RATE_LIMITED', MESSAGES.rateLimited);
        },
      ],
      [
        409,
        () => {
          throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        },
      ],
    ];
    for (const [status, fail] of failures) {
      const key = newKey();
      outcomes.push(fail);
      const failed = await post(cast.tokens.petani, PROBE, {}, key);
      expect(failed.statusCode).toBe(status);

      const retried = await post(cast.tokens.petani, PROBE, {}, key);

      expect(retried.statusCode).toBe(200);
      expect(retried.headers['idempotency-replayed']).toBeUndefined();
      expect(retried.json.data).toEqual({ run: runs });
    }
  });

  it('runs a repeat again when the request that took its key died before answering (its lease is over)', async () => {
    const key = newKey();
    expect((await post(cast.tokens.petani, PROBE, {}, key)).statusCode).toBe(200);
    // What a process killed while running the request leaves: the key taken, no answer, the lease over.
    await ctx.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, headers: null, locked_until: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const before = runs;

    const repeat = await post(cast.tokens.petani, PROBE, {}, key);

    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotency-replayed']).toBeUndefined();
    expect(runs).toBe(before + 1);
    expect((await post(cast.tokens.petani, PROBE, {}, key)).body).toBe(repeat.body);
  });

  it('keeps a refusal (4xx) of the handler: the repeat is refused without running', async () => {
    const key = newKey();
    outcomes.push(() => {
      throw new AppError('CONFLICT', MESSAGES.statusCannotBeChanged);
    });
    const refused = await post(cast.tokens.petani, PROBE, {}, key);
    expect(refused.statusCode).toBe(409);
    const before = runs;

    const again = await post(cast.tokens.petani, PROBE, {}, key);

    expect([again.statusCode, again.body]).toEqual([409, refused.body]);
    expect(runs).toBe(before);
  });
});

describe('the OpenAPI document', () => {
  it('offers the Idempotency-Key header and its 422 on signed-in writes only', async () => {
    const doc = (await call(ctx, { url: '/api/docs/json' })).json;
    const keyOf = (op: Json) =>
      (op.parameters as Json[] | undefined)?.find((p) => p.name === 'Idempotency-Key');
    const write = doc.paths['/api/v1/contract/{id}/deliveries/{deliveryId}/confirm'].post;
    expect(keyOf(write)).toMatchObject({ in: 'header', required: false, schema: { maxLength: 255 } });
    expect(Object.keys(write.responses)).toEqual(expect.arrayContaining(['400', '409', '422']));
    for (const op of [
      doc.paths['/api/v1/auth/signin'].post,
      doc.paths['/api/v1/lahan/{id}'].get,
      doc.paths['/api/v1/user/me/password'].put,
    ]) {
      expect(keyOf(op)).toBeUndefined();
      expect(Object.keys(op.responses)).not.toContain('422');
    }
  });
});
