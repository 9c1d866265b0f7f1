import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contractEvents, contracts, documents } from '../../src/server/db/schema.js';
import { formatLongDate } from '../../src/shared/format-id.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, useTestApp, type Json } from './support/app.js';
import {
  activeContract,
  contractCast,
  offerContract,
  SEASON,
  signBoth,
  type Cast,
} from './support/contract-cast.js';

/*
 * Deliveries of an active contract over real HTTP: the mitra records (with an optional photo stored as a
 * document), the petani confirms; who may do what in which status, the body's checks, the event and audit
 * row of each step, whose turn it is (awaiting), and who may see the photo.
 */

const M = MESSAGES.contract;
const ctx = useTestApp();
let parties: Cast;
let contract: Json;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('foto'),
]);
const photo = { file_name: 'panen.png', mime_type: 'image/png', content_base64: PNG.toString('base64') };
const delivery = (extra: Json = {}) => ({
  date: '2026-02-10',
  quantity: 500,
  grade: 'A',
  amount_paid: 2_500_000,
  ...extra,
});

const url = (id: number, rest = '') => `/api/v1/contract/${id}/deliveries${rest}`;
const deliver = (token: string | undefined, payload: Json, id = contract.id) =>
  call(ctx, { method: 'POST', url: url(id), token, payload });
const confirm = (token: string | undefined, deliveryId: number, id = contract.id) =>
  call(ctx, { method: 'POST', url: url(id, `/${deliveryId}/confirm`), token });
const awaiting = async (id = contract.id) =>
  (await ctx.db.select({ awaiting: contracts.awaiting }).from(contracts).where(eq(contracts.id, id)))[0]!
    .awaiting;
const events = (id = contract.id) =>
  ctx.db
    .select({
      action: contractEvents.action,
      actor_role: contractEvents.actor_role,
      from: contractEvents.from_status,
      to: contractEvents.to_status,
    })
    .from(contractEvents)
    .where(eq(contractEvents.contract_id, id))
    .orderBy(asc(contractEvents.id));
const auditRows = (actorId: number) =>
  ctx.db
    .select({ action: auditLog.action, resource: auditLog.resource, resource_id: auditLog.resource_id })
    .from(auditLog)
    .where(and(eq(auditLog.actor_id, actorId), eq(auditLog.resource, 'contract')));

beforeAll(async () => {
  parties = await contractCast(ctx);
  contract = await activeContract(ctx, parties, SEASON);
});

describe('POST /contract/{id}/deliveries', () => {
  it('is the mitra’s step: the petani and admins 403, strangers 404, no token 401', async () => {
    expect((await deliver(parties.tokens.petani, delivery())).statusCode).toBe(403);
    expect((await deliver(parties.tokens.admin, delivery())).statusCode).toBe(403);
    expect((await deliver(parties.tokens.otherMitra, delivery())).statusCode).toBe(404);
    expect((await deliver(parties.tokens.otherPetani, delivery())).statusCode).toBe(404);
    expect((await deliver(undefined, delivery())).statusCode).toBe(401);
  });

  it('refuses a contract that is not active with 409 naming its status', async () => {
    const offered = await offerContract(ctx, parties, SEASON);
    await signBoth(ctx, parties, offered.id);
    const res = await deliver(parties.tokens.mitra, delivery(), offered.id);
    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: expect.stringContaining('Disetujui'),
    });
  });

  it('checks the body field by field and changes nothing when it is wrong', async () => {
    const cases: [Json, string][] = [
      [{ ...delivery(), weight: 3 }, 'weight'],
      [delivery({ quantity: 0 }), 'quantity'],
      [delivery({ grade: 'D' }), 'grade'],
      [delivery({ amount_paid: -1 }), 'amount_paid'],
      [delivery({ date: '2026-02-30' }), 'date'],
      [delivery({ date: '2026-01-04' }), 'date'], // before start_date
      [delivery({ date: '2999-01-01' }), 'date'], // after today
      [delivery({ photo: { ...photo, mime_type: 'application/pdf' } }), 'photo'],
      [delivery({ photo: { ...photo, extra: 1 } }), 'photo'],
      [
        delivery({ photo: { ...photo, content_base64: Buffer.from('GIF89a').toString('base64') } }),
        'photo.content_base64',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await deliver(parties.tokens.mitra, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
      expect(res.json.errors.map((e: Json) => e.field)).toContain(field);
    }
    const missing = await deliver(parties.tokens.mitra, {});
    expect(missing.json.errors.map((e: Json) => e.field).sort()).toEqual([
      'amount_paid',
      'date',
      'grade',
      'quantity',
    ]);
    expect(await events()).toHaveLength(4); // offer, sign, sign, start
    expect(await awaiting()).toBe('mitra');
  });

  it('records a delivery with its photo, its event and audit row; the petani is awaited', async () => {
    const before = (await auditRows(parties.mitraId)).length;
    const res = await deliver(parties.tokens.mitra, delivery({ photo }));
    expect(res.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({
      date: '2026-02-10',
      quantity: 500,
      grade: 'A',
      amount_paid: 2_500_000,
      confirmed_at: null,
    });
    expect(res.json.data.photo_document_id).toEqual(expect.any(Number));
    expect(await awaiting()).toBe('petani');
    expect((await events()).at(-1)).toEqual({
      action: 'deliver',
      actor_role: 'mitra',
      from: 'active',
      to: 'active',
    });
    const audits = await auditRows(parties.mitraId);
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ action: 'POST', resource_id: String(contract.id) });
    const [stored] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, res.json.data.photo_document_id));
    expect(stored).toMatchObject({
      kind: 'delivery_photo',
      user_id: parties.mitraId,
      mime_type: 'image/png',
    });
  });
});

describe('a contract the mitra started before its start date', () => {
  const jakartaDay = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
      new Date(Date.now() + offsetDays * 86_400_000),
    );

  it('takes deliveries dated from the day it started to today, not only from its start date', async () => {
    const early = await activeContract(ctx, parties, {
      terms: { start_date: jakartaDay(10), end_date: jakartaDay(100) },
    });
    const today = jakartaDay(0);
    const before = await deliver(parties.tokens.mitra, delivery({ date: jakartaDay(-1) }), early.id);
    expect(before.statusCode).toBe(400);
    const message = M.deliveryBeforeStart(formatLongDate(today));
    expect(before.json).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'date', message }] });
    const ahead = await deliver(parties.tokens.mitra, delivery({ date: jakartaDay(10) }), early.id);
    expect(ahead.json.errors).toEqual([{ field: 'date', message: M.deliveryInFuture }]);
    const res = await deliver(parties.tokens.mitra, delivery({ date: today }), early.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json.data).toMatchObject({ date: today, quantity: 500 });
  });
});

describe('GET /contract/{id}/deliveries and the photo', () => {
  it('lists the deliveries to the parties and admins only', async () => {
    for (const token of [parties.tokens.petani, parties.tokens.mitra, parties.tokens.admin]) {
      const res = await call(ctx, { url: url(contract.id), token });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toHaveLength(1);
      expect(Object.keys(res.json.data[0]).sort()).toEqual(
        [
          'amount_paid',
          'confirmed_at',
          'created_at',
          'date',
          'grade',
          'id',
          'photo_document_id',
          'quantity',
        ].sort(),
      );
    }
    for (const token of [parties.tokens.otherPetani, parties.tokens.otherMitra])
      expect((await call(ctx, { url: url(contract.id), token })).statusCode).toBe(404);
  });

  it('serves the photo to the parties and admins, nobody else', async () => {
    const [first] = (await call(ctx, { url: url(contract.id), token: parties.tokens.petani })).json.data;
    const photoUrl = url(contract.id, `/${first.id}/photo`);
    for (const token of [parties.tokens.petani, parties.tokens.mitra, parties.tokens.admin]) {
      const res = await call(ctx, { url: photoUrl, token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawBody.equals(PNG)).toBe(true);
    }
    for (const token of [parties.tokens.otherPetani, parties.tokens.otherMitra, undefined])
      expect((await call(ctx, { url: photoUrl, token })).statusCode).toBe(token ? 404 : 401);
    // Not through the personal documents either: only its owner (the mitra) or an admin reads /documents/{id}.
    const asDocument = `/api/v1/documents/${first.photo_document_id}`;
    expect((await call(ctx, { url: asDocument, token: parties.tokens.otherMitra })).statusCode).toBe(404);
  });
});

describe('POST /contract/{id}/deliveries/{deliveryId}/confirm', () => {
  it('is the petani’s step, once per delivery; the mitra is awaited when every delivery is confirmed', async () => {
    const second = (await deliver(parties.tokens.mitra, delivery({ grade: 'B', quantity: 250.5 }))).json.data;
    const [first] = (await call(ctx, { url: url(contract.id), token: parties.tokens.mitra })).json.data;
    expect((await confirm(parties.tokens.mitra, first.id)).statusCode).toBe(403);
    expect((await confirm(parties.tokens.admin, first.id)).statusCode).toBe(403);
    expect((await confirm(parties.tokens.otherPetani, first.id)).statusCode).toBe(404);

    const res = await confirm(parties.tokens.petani, first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json.data.confirmed_at).toEqual(expect.any(String));
    expect(await awaiting()).toBe('petani'); // the second delivery still waits
    expect((await confirm(parties.tokens.petani, first.id)).statusCode).toBe(409);

    expect((await confirm(parties.tokens.petani, second.id)).statusCode).toBe(200);
    expect(await awaiting()).toBe('mitra');
    expect((await events()).slice(-4)).toEqual([
      { action: 'deliver', actor_role: 'mitra', from: 'active', to: 'active' },
      { action: 'deliver', actor_role: 'mitra', from: 'active', to: 'active' },
      { action: 'confirm', actor_role: 'petani', from: 'active', to: 'active' },
      { action: 'confirm', actor_role: 'petani', from: 'active', to: 'active' },
    ]);
    expect((await auditRows(parties.petaniId)).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a delivery of another contract or none', async () => {
    const other = await activeContract(ctx, parties, SEASON);
    const [first] = (await call(ctx, { url: url(contract.id), token: parties.tokens.petani })).json.data;
    expect((await confirm(parties.tokens.petani, first.id, other.id)).statusCode).toBe(404);
    expect((await confirm(parties.tokens.petani, 999999)).statusCode).toBe(404);
  });
});
