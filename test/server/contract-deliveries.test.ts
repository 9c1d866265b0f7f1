import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contractEvents,
  contracts,
  documents,
  notifications,
  users,
} from '../../src/server/db/schema.js';
import { LOT_CODE_PATTERN } from '../../src/server/modules/contracts/lot-code.js';
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
  type OfferChanges,
} from './support/contract-cast.js';
import { deliveryBody, GRADED_PRICES, PNG, PHOTO } from './support/contract-delivery.js';

/*
 * Deliveries of an active contract over real HTTP: the mitra records a weighed and graded lot (with an optional
 * photo stored as a document), the petani confirms or disputes it, an admin resolves a dispute; who may do what
 * in which status, the body's checks, the value computed from the grade's price, the event and audit row of
 * each step, whose turn it is (awaiting), what counts in the settlement, and who may see the photo.
 */

const M = MESSAGES.contract;
const D = MESSAGES.delivery;
const ctx = useTestApp();
let parties: Cast;
let contract: Json;

/** A season priced by grade: A Rp 5.000, B Rp 3.333 per kg. */
const GRADED: OfferChanges = {
  ...SEASON,
  terms: { ...SEASON.terms, price: undefined, prices: GRADED_PRICES },
};

const url = (id: number, rest = '') => `/api/v1/contract/${id}/deliveries${rest}`;
const deliver = (token: string | undefined, payload: Json, id = contract.id) =>
  call(ctx, { method: 'POST', url: url(id), token, payload });
const step = (
  token: string | undefined,
  action: 'confirm' | 'dispute' | 'resolve',
  deliveryId: number,
  payload?: Json,
  id = contract.id,
) => call(ctx, { method: 'POST', url: url(id, `/${deliveryId}/${action}`), token, payload });
const confirm = (token: string | undefined, deliveryId: number, id = contract.id) =>
  step(token, 'confirm', deliveryId, undefined, id);
const listed = async (id = contract.id) =>
  (await call(ctx, { url: url(id), token: parties.tokens.mitra })).json.data as Json[];
const contractRow = async (id = contract.id) =>
  (
    await ctx.db
      .select({ awaiting: contracts.awaiting, gross: contracts.settled_gross })
      .from(contracts)
      .where(eq(contracts.id, id))
  )[0]!;
const awaiting = async (id = contract.id) => (await contractRow(id)).awaiting;
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
const fieldsOf = (res: { json: Json }) => res.json.errors.map((e: Json) => e.field);
/** Who was told of `kind` about the contract: the roles of the people notified. */
const toldOf = async (kind: string) =>
  (
    await ctx.db
      .select({ role: users.role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.user_id))
      .where(
        and(
          eq(notifications.kind, kind),
          inArray(notifications.link, [`/akun/kontrak/${contract.id}`, '/admin/contract']),
        ),
      )
  )
    .map((row) => row.role)
    .sort();

beforeAll(async () => {
  parties = await contractCast(ctx);
  contract = await activeContract(ctx, parties, GRADED);
});

describe('POST /contract/{id}/deliveries', () => {
  it('is the mitra’s step: the petani and admins 403, strangers 404, no token 401', async () => {
    expect((await deliver(parties.tokens.petani, deliveryBody())).statusCode).toBe(403);
    expect((await deliver(parties.tokens.admin, deliveryBody())).statusCode).toBe(403);
    expect((await deliver(parties.tokens.otherMitra, deliveryBody())).statusCode).toBe(404);
    expect((await deliver(parties.tokens.otherPetani, deliveryBody())).statusCode).toBe(404);
    expect((await deliver(undefined, deliveryBody())).statusCode).toBe(401);
  });

  it('refuses a contract that is not active with 409 naming its status', async () => {
    const offered = await offerContract(ctx, parties, GRADED);
    await signBoth(ctx, parties, offered.id);
    const res = await deliver(parties.tokens.mitra, deliveryBody(), offered.id);
    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: expect.stringContaining('Disetujui'),
    });
  });

  it('checks the body field by field and changes nothing when it is wrong', async () => {
    const cases: [Json, string][] = [
      [{ ...deliveryBody(), weight: 3 }, 'weight'],
      [deliveryBody({ amount_paid: 2_500_000 }), 'amount_paid'],
      [deliveryBody({ quantity: 500 }), 'quantity'],
      [deliveryBody({ gross_quantity: 0 }), 'gross_quantity'],
      [deliveryBody({ gross_quantity: 500.123 }), 'gross_quantity'],
      [deliveryBody({ accepted_quantity: -1 }), 'accepted_quantity'],
      [deliveryBody({ rejected_quantity: 'sedikit' }), 'rejected_quantity'],
      [deliveryBody({ accepted_quantity: 500, rejected_quantity: 20.01 }), 'accepted_quantity'], // 520.01 > 520
      [deliveryBody({ rejection_reason: null }), 'rejection_reason'],
      [deliveryBody({ grade: 'b' }), 'grade'],
      [deliveryBody({ grade: 'C' }), 'grade'], // not one of the contract's grades
      [deliveryBody({ date: '2026-02-30' }), 'date'],
      [deliveryBody({ date: '2026-01-04' }), 'date'], // before start_date
      [deliveryBody({ date: '2999-01-01' }), 'date'], // after today
      [deliveryBody({ photo: { ...PHOTO, mime_type: 'application/pdf' } }), 'photo'],
      [deliveryBody({ photo: { ...PHOTO, extra: 1 } }), 'photo'],
      [
        deliveryBody({ photo: { ...PHOTO, content_base64: Buffer.from('GIF89a').toString('base64') } }),
        'photo.content_base64',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await deliver(parties.tokens.mitra, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
    const missing = await deliver(parties.tokens.mitra, {});
    expect(fieldsOf(missing).sort()).toEqual([
      'accepted_quantity',
      'date',
      'grade',
      'gross_quantity',
      'rejected_quantity',
    ]);
    expect(await events()).toHaveLength(4); // offer, sign, sign, start
    expect(await awaiting()).toBe('mitra');
  });

  it('names the contract’s grades when the grade is not one of them', async () => {
    const res = await deliver(parties.tokens.mitra, deliveryBody({ grade: 'C' }));
    const message = D.gradeNotInContract(['A', 'B']);
    expect(res.json).toMatchObject({ message, errors: [{ field: 'grade', message }] });
    const over = await deliver(
      parties.tokens.mitra,
      deliveryBody({ accepted_quantity: 500, rejected_quantity: 21 }),
    );
    expect(over.json.errors).toEqual([{ field: 'accepted_quantity', message: D.overGross }]);
    const unexplained = await deliver(parties.tokens.mitra, deliveryBody({ rejection_reason: ' ' }));
    expect(unexplained.json.errors).toEqual([{ field: 'rejection_reason', message: D.reasonRequired }]);
  });

  it('records a lot with its code, value and photo, its event and audit row; the petani is awaited', async () => {
    const before = (await auditRows(parties.mitraId)).length;
    const res = await deliver(parties.tokens.mitra, deliveryBody({ photo: PHOTO }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json.data).toMatchObject({
      date: '2026-02-10',
      gross_quantity: 520,
      accepted_quantity: 480,
      rejected_quantity: 20,
      rejection_reason: 'Busuk sebagian',
      grade: 'A',
      value: 2_400_000,
      status: 'recorded',
      dispute_reason: null,
      confirmed_at: null,
    });
    expect(res.json.data.lot_code).toMatch(LOT_CODE_PATTERN);
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

  it('computes the value in exact decimals, rounded half up to whole rupiah; a rejection needs no reason when nothing is rejected', async () => {
    // 250.5 × 3.333 = 834.916,5 → 834.917; the reason of nothing rejected is not kept.
    const res = await deliver(
      parties.tokens.mitra,
      deliveryBody({ gross_quantity: 250.5, accepted_quantity: 250.5, rejected_quantity: 0, grade: 'B' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json.data).toMatchObject({ value: 834_917, grade: 'B', rejection_reason: null });
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
    const before = await deliver(parties.tokens.mitra, deliveryBody({ date: jakartaDay(-1) }), early.id);
    expect(before.statusCode).toBe(400);
    const message = M.deliveryBeforeStart(formatLongDate(today));
    expect(before.json).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'date', message }] });
    const ahead = await deliver(parties.tokens.mitra, deliveryBody({ date: jakartaDay(10) }), early.id);
    expect(ahead.json.errors).toEqual([{ field: 'date', message: M.deliveryInFuture }]);
    const res = await deliver(parties.tokens.mitra, deliveryBody({ date: today }), early.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json.data).toMatchObject({ date: today, accepted_quantity: 480 });
  });
});

describe('GET /contract/{id}/deliveries and the photo', () => {
  it('lists the deliveries to the parties and admins only', async () => {
    for (const token of [parties.tokens.petani, parties.tokens.mitra, parties.tokens.admin]) {
      const res = await call(ctx, { url: url(contract.id), token });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toHaveLength(2);
      expect(Object.keys(res.json.data[0]).sort()).toEqual(
        [
          'accepted_quantity',
          'confirmed_at',
          'created_at',
          'date',
          'dispute_reason',
          'disputed_at',
          'grade',
          'gross_quantity',
          'id',
          'lot_code',
          'photo_document_id',
          'rejected_quantity',
          'rejection_reason',
          'resolution_note',
          'resolved_at',
          'status',
          'value',
        ].sort(),
      );
    }
    for (const token of [parties.tokens.otherPetani, parties.tokens.otherMitra])
      expect((await call(ctx, { url: url(contract.id), token })).statusCode).toBe(404);
  });

  it('serves the photo to the parties and admins, nobody else', async () => {
    const [first] = await listed();
    const photoUrl = url(contract.id, `/${first!.id}/photo`);
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
    const asDocument = `/api/v1/documents/${first!.photo_document_id}`;
    expect((await call(ctx, { url: asDocument, token: parties.tokens.otherMitra })).statusCode).toBe(404);
  });
});

describe('POST /contract/{id}/deliveries/{deliveryId}/confirm', () => {
  it('is the petani’s step, once per delivery; it counts in the settlement; the mitra is awaited after', async () => {
    const [first, second] = await listed();
    expect((await confirm(parties.tokens.mitra, first!.id)).statusCode).toBe(403);
    expect((await confirm(parties.tokens.admin, first!.id)).statusCode).toBe(403);
    expect((await confirm(parties.tokens.otherPetani, first!.id)).statusCode).toBe(404);
    expect((await contractRow()).gross).toBe(0);

    const res = await confirm(parties.tokens.petani, first!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    expect(await contractRow()).toEqual({ awaiting: 'petani', gross: 2_400_000 }); // the second still waits
    const again = await confirm(parties.tokens.petani, first!.id);
    expect(again.json).toMatchObject({ code: 'CONFLICT', message: M.deliveryConfirmedAlready });

    expect((await confirm(parties.tokens.petani, second!.id)).statusCode).toBe(200);
    expect(await contractRow()).toEqual({ awaiting: 'mitra', gross: 2_400_000 + 834_917 });
    expect((await events()).slice(-2)).toEqual([
      { action: 'confirm', actor_role: 'petani', from: 'active', to: 'active' },
      { action: 'confirm', actor_role: 'petani', from: 'active', to: 'active' },
    ]);
    expect((await auditRows(parties.petaniId)).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a delivery of another contract or none', async () => {
    const other = await activeContract(ctx, parties, GRADED);
    const [first] = await listed();
    expect((await confirm(parties.tokens.petani, first!.id, other.id)).statusCode).toBe(404);
    expect((await confirm(parties.tokens.petani, 999999)).statusCode).toBe(404);
  });
});

describe('a dispute and its resolution', () => {
  let disputed: Json;

  it('dispute: the petani’s step on a recorded delivery, with a reason; it waits on an admin and does not count', async () => {
    const grossBefore = (await contractRow()).gross;
    disputed = (await deliver(parties.tokens.mitra, deliveryBody({ grade: 'B' }))).json.data;
    const reason = { reason: 'Timbangan gudang berbeda 30 kg' };
    expect((await step(parties.tokens.mitra, 'dispute', disputed.id, reason)).statusCode).toBe(403);
    expect((await step(parties.tokens.admin, 'dispute', disputed.id, reason)).statusCode).toBe(403);
    expect((await step(parties.tokens.otherPetani, 'dispute', disputed.id, reason)).statusCode).toBe(404);
    const blank = await step(parties.tokens.petani, 'dispute', disputed.id, { reason: '  ' });
    expect(blank.json).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'reason' }] });
    const extra = await step(parties.tokens.petani, 'dispute', disputed.id, { ...reason, grade: 'A' });
    expect(fieldsOf(extra)).toEqual(['grade']);

    const res = await step(parties.tokens.petani, 'dispute', disputed.id, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({
      message: D.disputed,
      data: {
        status: 'disputed',
        dispute_reason: reason.reason,
        disputed_at: expect.any(String),
        confirmed_at: null,
      },
    });
    // The mitra and every admin are told; nothing waits on the petani: the dispute is an admin's to settle.
    const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(await toldOf('contract.dispute')).toEqual([...admins.map(() => 'admin'), 'mitra']);
    expect(await contractRow()).toEqual({ awaiting: 'mitra', gross: grossBefore });
    expect((await events()).at(-1)).toEqual({
      action: 'dispute',
      actor_role: 'petani',
      from: 'active',
      to: 'active',
    });
    // Neither confirmed nor disputed again.
    const confirmed = await confirm(parties.tokens.petani, disputed.id);
    expect(confirmed.json).toMatchObject({ code: 'CONFLICT', message: D.notRecorded('Disanggah') });
    expect((await step(parties.tokens.petani, 'dispute', disputed.id, reason)).statusCode).toBe(409);
    const [first] = await listed();
    expect((await step(parties.tokens.petani, 'dispute', first!.id, reason)).statusCode).toBe(409);
    // The contract cannot be completed while a dispute is open.
    const complete = await call(ctx, {
      method: 'POST',
      url: `/api/v1/contract/${contract.id}/complete`,
      token: parties.tokens.mitra,
    });
    expect(complete.statusCode).toBe(409);
  });

  it('resolve: an admin’s step on a disputed delivery, with a note; corrections are checked, the value computed again', async () => {
    const grossBefore = (await contractRow()).gross;
    const note = { note: 'Ditimbang ulang bersama' };
    expect((await step(parties.tokens.petani, 'resolve', disputed.id, note)).statusCode).toBe(403);
    expect((await step(parties.tokens.mitra, 'resolve', disputed.id, note)).statusCode).toBe(403);
    const [first] = await listed();
    const recorded = await step(parties.tokens.admin, 'resolve', first!.id, note);
    expect(recorded.json).toMatchObject({ code: 'CONFLICT', message: D.notDisputed });

    const bad: [Json, string][] = [
      [{}, 'note'],
      [{ ...note, grade: 'C' }, 'grade'],
      [{ ...note, accepted_quantity: 510 }, 'accepted_quantity'], // 510 + 20 > 520
      [{ ...note, rejected_quantity: 40, rejection_reason: null }, 'rejection_reason'],
      [{ ...note, value: 1 }, 'value'],
    ];
    for (const [payload, field] of bad) {
      const res = await step(parties.tokens.admin, 'resolve', disputed.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
    expect((await listed()).find((d) => d.id === disputed.id)).toMatchObject({ status: 'disputed' });

    const res = await step(parties.tokens.admin, 'resolve', disputed.id, {
      ...note,
      accepted_quantity: 450,
      rejected_quantity: 50,
      grade: 'A',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({
      message: D.resolved,
      data: {
        status: 'confirmed',
        accepted_quantity: 450,
        rejected_quantity: 50,
        rejection_reason: 'Busuk sebagian',
        grade: 'A',
        value: 2_250_000,
        dispute_reason: 'Timbangan gudang berbeda 30 kg',
        resolution_note: note.note,
        resolved_at: expect.any(String),
        confirmed_at: expect.any(String),
      },
    });
    expect(await contractRow()).toEqual({ awaiting: 'mitra', gross: grossBefore + 2_250_000 });
    expect((await events()).at(-1)).toEqual({
      action: 'resolve',
      actor_role: 'admin',
      from: 'active',
      to: 'active',
    });
    expect(await toldOf('contract.resolve')).toEqual(['mitra', 'petani']);
    expect((await step(parties.tokens.admin, 'resolve', disputed.id, note)).statusCode).toBe(409);
  });

  it('resolve: a dispute outlives an admin’s cancel, so that what was delivered is still settled', async () => {
    const other = await activeContract(ctx, parties, GRADED);
    const lot = (await deliver(parties.tokens.mitra, deliveryBody({ grade: 'B' }), other.id)).json.data;
    const reason = { reason: 'Timbangan gudang berbeda 30 kg' };
    expect((await step(parties.tokens.petani, 'dispute', lot.id, reason, other.id)).statusCode).toBe(200);
    const cancel = await call(ctx, {
      method: 'POST',
      url: `/api/v1/contract/${other.id}/cancel`,
      token: parties.tokens.admin,
      payload: { reason: 'Mitra berhenti beroperasi' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = { note: 'Ditimbang ulang bersama' };
    const res = await step(parties.tokens.admin, 'resolve', lot.id, note, other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'confirmed', value: lot.value });
    expect((await contractRow(other.id)).gross).toBe(lot.value);
  });
});
