import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  auditLog,
  contractCategories,
  contractDeliveries,
  contractEvents,
  contracts,
  contractSignatures,
  contractTerms,
  lahan,
} from '../../src/server/db/schema.js';
import { startDueContracts } from '../../src/server/modules/contracts/actions.js';
import { canonicalJson, sha256Hex } from '../../src/server/modules/contracts/document.js';
import { refreshAwaiting } from '../../src/server/modules/contracts/events.js';
import {
  call,
  demoTokens,
  DEMO_MITRA,
  DEMO_PETANI,
  tokenForUser,
  userIdOf,
  useTestApp,
  type Json,
} from './support/app.js';

const ctx = useTestApp();
const M = MESSAGES.contract;
const BASE = '/api/v1/contract';
let admin: string;
let petani: string;
let mitra: string;
let petaniId: number;
let mitraId: number;
let categoryId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
  mitraId = await userIdOf(ctx, 'mitra');
  categoryId = (await ctx.db.select().from(contractCategories).limit(1))[0]!.id;
});

const post = (url: string, token: string, payload: Json = {}, headers?: Record<string, string>) =>
  call(ctx, { method: 'POST', url, token, payload, headers });
const lahanStatus = async (id: number) =>
  (await ctx.db.select({ status: lahan.status }).from(lahan).where(eq(lahan.id, id)))[0]!.status;
const eventsOf = (id: number) =>
  ctx.db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contract_id, id))
    .orderBy(asc(contractEvents.id));

/** A mitra's offer on a new active lahan of the demo petani. */
async function offer(overrides: Json = {}) {
  const [land] = await ctx.db
    .insert(lahan)
    .values({ petani_id: petaniId, nama_lahan: 'Sawah Langkah', luas_lahan: 2500, status: 'active' })
    .returning({ id: lahan.id });
  const res = await post(BASE, mitra, {
    title: 'Kontrak Padi Langkah',
    contract_category_id: categoryId,
    petani_id: petaniId,
    lahan_id: land!.id,
    commodity: 'Padi',
    quantity: 1000,
    unit: 'kg',
    price: 6000,
    start_date: '2026-01-01',
    end_date: '2026-04-30',
    delivery_terms: 'Diantar ke gudang mitra',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data as Json;
}

const sign = (id: number, token: string, password: string, consent: unknown = true) =>
  post(`${BASE}/${id}/sign`, token, { password, consent }, { 'user-agent': 'UjiBrowser/1.0' });

describe('the whole path: offer, counter, revise, sign, start, deliveries, complete', () => {
  it('moves the contract, its lahan, whose step it is and the timeline together', async () => {
    const c = await offer();
    const url = `${BASE}/${c.id}`;
    expect(c).toMatchObject({ status: 'pending', terms_version: 1, awaiting: 'petani' });
    expect(await lahanStatus(c.lahan_id)).toBe('negotiation');

    const wrongParty = await post(`${url}/revise`, petani, { price: 6500 });
    expect(wrongParty.statusCode).toBe(403);
    const unchanged = await post(`${url}/counter`, petani, { price: 6000 });
    expect(unchanged.json).toMatchObject({ code: 'VALIDATION_ERROR', message: M.termsUnchanged });
    const countered = await post(`${url}/counter`, petani, { price: 6500, note: 'Harga pupuk naik' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json.data).toMatchObject({
      status: 'negotiation',
      terms_version: 2,
      price: 6500,
      awaiting: 'mitra',
    });

    const again = await post(`${url}/counter`, petani, { price: 6600 });
    expect(again.json).toMatchObject({
      code: 'CONFLICT',
      message: M.stepNotAllowed('Negosiasi', M.stepVerbs.counter),
    });
    const revised = await post(`${url}/revise`, mitra, { price: 6300, delivery_terms: 'Diambil di lahan' });
    expect(revised.json.data).toMatchObject({
      status: 'pending',
      terms_version: 3,
      price: 6300,
      awaiting: 'petani',
    });

    const noConsent = await sign(c.id, petani, DEMO_PETANI.password, false);
    expect(noConsent.json.errors).toEqual([{ field: 'consent', message: M.consentRequired }]);
    const wrong = await sign(c.id, petani, 'salah-sekali1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'password', message: M.passwordWrong }]);
    const petaniSigned = await sign(c.id, petani, DEMO_PETANI.password);
    expect(petaniSigned.statusCode, petaniSigned.body).toBe(200);
    expect(petaniSigned.json.data).toMatchObject({ status: 'pending', awaiting: 'mitra' });
    expect((await sign(c.id, petani, DEMO_PETANI.password)).statusCode).toBe(409);
    const approved = await sign(c.id, mitra, DEMO_MITRA.password);
    expect(approved.json.data).toMatchObject({ status: 'approved', awaiting: 'mitra' });
    expect(approved.json.data.petani_signed_at).not.toBeNull();
    expect(approved.json.data.mitra_signed_at).not.toBeNull();

    const [terms] = await ctx.db
      .select()
      .from(contractTerms)
      .where(and(eq(contractTerms.contract_id, c.id), eq(contractTerms.version, 3)));
    expect(sha256Hex(terms!.document)).toBe(terms!.document_sha256);
    expect(canonicalJson(JSON.parse(terms!.document))).toBe(terms!.document);
    expect(JSON.parse(terms!.document)).toMatchObject({
      terms_version: 3,
      price: 6300,
      delivery_terms: 'Diambil di lahan',
    });
    const signatures = await ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contract_id, c.id));
    expect(signatures).toHaveLength(2);
    for (const s of signatures)
      expect(s).toMatchObject({
        terms_version: 3,
        document_sha256: terms!.document_sha256,
        user_agent: 'UjiBrowser/1.0',
        voided_at: null,
      });

    expect((await post(`${url}/counter`, petani, { price: 1 })).json).toMatchObject({
      code: 'CONFLICT',
      message: M.stepNotAllowed('Disetujui', M.stepVerbs.counter),
    });
    const started = await post(`${url}/start`, mitra);
    expect(started.json.data).toMatchObject({ status: 'active', awaiting: 'mitra' });
    expect(await lahanStatus(c.lahan_id)).toBe('on_going');

    expect((await post(`${url}/complete`, mitra)).json).toMatchObject({
      code: 'CONFLICT',
      message: M.deliveriesMissing,
    });
    await ctx.db
      .insert(contractDeliveries)
      .values({ contract_id: c.id, date: '2026-02-01', quantity: 500, grade: 'A', amount_paid: 3_150_000 });
    await ctx.db.transaction((tx) => refreshAwaiting(tx, c.id)); // as the delivery step does
    expect((await call(ctx, { url, token: petani })).json.data.awaiting).toBe('petani');
    expect((await post(`${url}/complete`, mitra)).json).toMatchObject({
      code: 'CONFLICT',
      message: M.deliveriesUnconfirmed,
    });
    await ctx.db
      .update(contractDeliveries)
      .set({ confirmed_at: new Date() })
      .where(eq(contractDeliveries.contract_id, c.id));
    const done = await post(`${url}/complete`, mitra, { note: 'Lunas' });
    expect(done.json.data).toMatchObject({ status: 'completed', awaiting: null });
    expect(await lahanStatus(c.lahan_id)).toBe('completed');

    const events = await eventsOf(c.id);
    expect(events.map((e) => [e.action, e.actor_role, e.from_status, e.to_status, e.terms_version])).toEqual([
      ['offer', 'mitra', null, 'pending', 1],
      ['counter', 'petani', 'pending', 'negotiation', 2],
      ['revise', 'mitra', 'negotiation', 'pending', 3],
      ['sign', 'petani', 'pending', 'pending', 3],
      ['sign', 'mitra', 'pending', 'approved', 3],
      ['start', 'mitra', 'approved', 'active', 3],
      ['complete', 'mitra', 'active', 'completed', 3],
    ]);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'contract'), eq(auditLog.resource_id, String(c.id))));
    // The offer and every successful step, by whoever took it; the refused ones left nothing.
    expect(audited.map((a) => a.actor_id).sort()).toEqual(
      [petaniId, petaniId, mitraId, mitraId, mitraId, mitraId, mitraId].sort(),
    );
    const signRow = audited.find((a) => (a.changes as Json | null)?.consent === true);
    expect(signRow!.changes).toEqual({ password: '[redacted]', consent: true });
  });

  it('voids the signatures of a version when new terms are proposed', async () => {
    const c = await offer();
    await sign(c.id, petani, DEMO_PETANI.password);
    const revised = await post(`${BASE}/${c.id}/revise`, mitra, { quantity: 900 });
    expect(revised.json.data).toMatchObject({ terms_version: 2, petani_signed_at: null, awaiting: 'petani' });
    const [signature] = await ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contract_id, c.id));
    expect(signature!.voided_at).not.toBeNull();
  });
});

describe('reject and cancel', () => {
  it('lets the petani reject, freeing the lahan; a final contract takes no step (409)', async () => {
    const c = await offer();
    const res = await post(`${BASE}/${c.id}/reject`, petani, { note: 'Harga terlalu rendah' });
    expect(res.json.data).toMatchObject({ status: 'rejected', awaiting: null });
    expect(await lahanStatus(c.lahan_id)).toBe('active');
    expect((await post(`${BASE}/${c.id}/cancel`, mitra)).statusCode).toBe(409);
  });

  it('lets a party cancel before approval; an admin until active, with a reason', async () => {
    const byMitra = await offer();
    expect((await post(`${BASE}/${byMitra.id}/cancel`, mitra)).json.data.status).toBe('cancelled');
    expect(await lahanStatus(byMitra.lahan_id)).toBe('active');

    const c = await offer();
    await sign(c.id, petani, DEMO_PETANI.password);
    await sign(c.id, mitra, DEMO_MITRA.password);
    const late = await post(`${BASE}/${c.id}/cancel`, petani, { reason: 'Berubah pikiran' });
    expect(late.statusCode).toBe(409);
    const noReason = await post(`${BASE}/${c.id}/cancel`, admin, {});
    expect(noReason.json.errors).toEqual([{ field: 'reason', message: M.reasonRequired }]);
    const cancelled = await post(`${BASE}/${c.id}/cancel`, admin, { reason: 'Sengketa lahan' });
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Sengketa lahan' });
    expect(await lahanStatus(c.lahan_id)).toBe('active');
    const last = (await eventsOf(c.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'cancel',
      actor_role: 'admin',
      from_status: 'approved',
      note: 'Sengketa lahan',
    });
    const del = await call(ctx, { method: 'DELETE', url: `${BASE}/${c.id}`, token: admin });
    expect(del.json).toMatchObject({ code: 'CONFLICT', message: M.signedNoDelete });
  });

  it('answers 404 to whoever is not a party, before anything else', async () => {
    const c = await offer();
    const other = await tokenForUser(ctx, 'petani', 1);
    for (const step of ['reject', 'cancel', 'start', 'complete'])
      expect((await post(`${BASE}/${c.id}/${step}`, other)).statusCode, step).toBe(404);
    expect((await sign(c.id, other, DEMO_PETANI.password)).statusCode).toBe(404);
  });
});

describe('the automatic start', () => {
  it('starts approved contracts whose start date has come, once, as the system', async () => {
    const due = await offer({ start_date: '2026-01-01' });
    const later = await offer({ start_date: '2099-01-01', end_date: '2099-02-01' });
    for (const c of [due, later]) {
      await sign(c.id, petani, DEMO_PETANI.password);
      await sign(c.id, mitra, DEMO_MITRA.password);
    }
    const [first, second] = await Promise.all([startDueContracts(ctx.db), startDueContracts(ctx.db)]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    const rows = await ctx.db
      .select({ id: contracts.id, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.petani_id, petaniId));
    expect(rows.find((r) => r.id === due.id)!.status).toBe('active');
    expect(rows.find((r) => r.id === later.id)!.status).toBe('approved');
    const starts = (await eventsOf(due.id)).filter((e) => e.action === 'start');
    expect(starts).toEqual([
      expect.objectContaining({ actor_role: 'system', actor_id: null, from_status: 'approved' }),
    ]);
    expect(await startDueContracts(ctx.db)).toBe(0);
    const unsigned = await ctx.db
      .select()
      .from(contractSignatures)
      .where(and(eq(contractSignatures.contract_id, due.id), isNull(contractSignatures.voided_at)));
    expect(unsigned).toHaveLength(2);
  });
});

describe('GET /contract/{id}/events, /terms, /signatures', () => {
  it('shows the parties and admins the timeline, the versions and the signatures; others 404', async () => {
    const c = await offer();
    await post(`${BASE}/${c.id}/counter`, petani, { quantity: 800, note: 'Lahan sebagian' });
    await sign(c.id, mitra, DEMO_MITRA.password);
    const get = (what: string, token: string) => call(ctx, { url: `${BASE}/${c.id}/${what}`, token });

    const events = (await get('events', petani)).json.data as Json[];
    expect(events.map((e) => [e.action, e.actor_role, e.from_status, e.to_status, e.terms_version])).toEqual([
      ['offer', 'mitra', null, 'pending', 1],
      ['counter', 'petani', 'pending', 'negotiation', 2],
      ['sign', 'mitra', 'negotiation', 'negotiation', 2],
    ]);
    expect(events[1]).toMatchObject({ note: 'Lahan sebagian', actor_name: c.fullname_petani });
    expect(events[0]!.actor_name).toBe(c.fullname_mitra);

    const terms = (await get('terms', mitra)).json.data as Json[];
    expect(terms.map((t) => [t.version, t.quantity, t.total_value, t.proposed_role])).toEqual([
      [1, 1000, 6_000_000, 'mitra'],
      [2, 800, 4_800_000, 'petani'],
    ]);
    expect(terms[1]!.document_sha256).toMatch(/^[0-9a-f]{64}$/);

    const forParty = (await get('signatures', petani)).json.data as Json[];
    expect(forParty).toEqual([
      expect.objectContaining({
        signer_role: 'mitra',
        terms_version: 2,
        ip: null,
        user_agent: null,
        voided_at: null,
      }),
    ]);
    expect(forParty[0]!.document_sha256).toBe(terms[1]!.document_sha256);
    const forAdmin = (await get('signatures', admin)).json.data as Json[];
    expect(forAdmin[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'UjiBrowser/1.0' });

    const stranger = await tokenForUser(ctx, 'mitra', 1);
    for (const what of ['events', 'terms', 'signatures'])
      expect((await get(what, stranger)).statusCode).toBe(404);
  });
});
