import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  auditLog,
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
import { call, DEMO_MITRA, DEMO_PETANI, tokenForUser, useTestApp, type Json } from './support/app.js';
import { BASE, offerContract, postAs, RICE_TERMS, signAs, useContractCast } from './support/contract-cast.js';

const ctx = useTestApp();
const M = MESSAGES.contract;
const cast = useContractCast(ctx);
const offer = (terms: Json = {}) => offerContract(ctx, cast, { terms: { ...RICE_TERMS, ...terms } });
const post = (url: string, token: string, payload?: Json) => postAs(ctx, url, token, payload);
const sign = (id: number, token: string, password: string, consent?: unknown) =>
  signAs(ctx, id, token, password, consent);
const lahanStatus = async (id: number) =>
  (await ctx.db.select({ status: lahan.status }).from(lahan).where(eq(lahan.id, id)))[0]!.status;
const eventsOf = (id: number) =>
  ctx.db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contract_id, id))
    .orderBy(asc(contractEvents.id));

describe('the whole path: offer, counter, revise, sign, start, deliveries, complete', () => {
  it('moves the contract, its lahan, whose step it is and the timeline together', async () => {
    const c = await offer();
    const url = `${BASE}/${c.id}`;
    expect(c).toMatchObject({ status: 'pending', terms_version: 1, awaiting: 'petani' });
    expect(await lahanStatus(c.lahan_id)).toBe('negotiation');

    const wrongParty = await post(`${url}/revise`, cast.tokens.petani, { price: 6500 });
    expect(wrongParty.statusCode).toBe(403);
    const unchanged = await post(`${url}/counter`, cast.tokens.petani, { price: 6000 });
    expect(unchanged.json).toMatchObject({ code: 'VALIDATION_ERROR', message: M.termsUnchanged });
    const countered = await post(`${url}/counter`, cast.tokens.petani, {
      price: 6500,
      note: 'Harga pupuk naik',
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json.data).toMatchObject({
      status: 'negotiation',
      terms_version: 2,
      price: 6500,
      awaiting: 'mitra',
    });

    const again = await post(`${url}/counter`, cast.tokens.petani, { price: 6600 });
    expect(again.json).toMatchObject({
      code: 'CONFLICT',
      message: M.stepNotAllowed('Negosiasi', M.stepVerbs.counter),
    });
    const revised = await post(`${url}/revise`, cast.tokens.mitra, {
      price: 6300,
      delivery_terms: 'Diambil di lahan',
    });
    expect(revised.json.data).toMatchObject({
      status: 'pending',
      terms_version: 3,
      price: 6300,
      awaiting: 'petani',
    });

    const noConsent = await sign(c.id, cast.tokens.petani, DEMO_PETANI.password, false);
    expect(noConsent.json.errors).toEqual([{ field: 'consent', message: M.consentRequired }]);
    const wrong = await sign(c.id, cast.tokens.petani, 'salah-sekali1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'password', message: M.passwordWrong }]);
    const petaniSigned = await sign(c.id, cast.tokens.petani, DEMO_PETANI.password);
    expect(petaniSigned.statusCode, petaniSigned.body).toBe(200);
    expect(petaniSigned.json.data).toMatchObject({ status: 'pending', awaiting: 'mitra' });
    expect((await sign(c.id, cast.tokens.petani, DEMO_PETANI.password)).statusCode).toBe(409);
    const approved = await sign(c.id, cast.tokens.mitra, DEMO_MITRA.password);
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

    expect((await post(`${url}/counter`, cast.tokens.petani, { price: 1 })).json).toMatchObject({
      code: 'CONFLICT',
      message: M.stepNotAllowed('Disetujui', M.stepVerbs.counter),
    });
    const started = await post(`${url}/start`, cast.tokens.mitra);
    expect(started.json.data).toMatchObject({ status: 'active', awaiting: 'mitra' });
    expect(await lahanStatus(c.lahan_id)).toBe('on_going');

    expect((await post(`${url}/complete`, cast.tokens.mitra)).json).toMatchObject({
      code: 'CONFLICT',
      message: M.deliveriesMissing,
    });
    await ctx.db.insert(contractDeliveries).values({
      contract_id: c.id,
      lot_code: 'TEST-0000-0001',
      date: '2026-02-01',
      gross_quantity: 500,
      accepted_quantity: 500,
      grade: 'A',
      value: 3_150_000,
    });
    await ctx.db.transaction((tx) => refreshAwaiting(tx, c.id)); // as the delivery step does
    expect((await call(ctx, { url, token: cast.tokens.petani })).json.data.awaiting).toBe('petani');
    expect((await post(`${url}/complete`, cast.tokens.mitra)).json).toMatchObject({
      code: 'CONFLICT',
      message: M.deliveriesUnconfirmed,
    });
    await ctx.db
      .update(contractDeliveries)
      .set({ status: 'confirmed', confirmed_at: new Date() })
      .where(eq(contractDeliveries.contract_id, c.id));
    const done = await post(`${url}/complete`, cast.tokens.mitra, { note: 'Lunas' });
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
      [
        cast.petaniId,
        cast.petaniId,
        cast.mitraId,
        cast.mitraId,
        cast.mitraId,
        cast.mitraId,
        cast.mitraId,
      ].sort(),
    );
    const signRow = audited.find((a) => (a.changes as Json | null)?.consent === true);
    expect(signRow!.changes).toEqual({ password: '[redacted]', consent: true, terms_version: 3 });
  });

  it('voids the signatures of a version when new terms are proposed', async () => {
    const c = await offer();
    await sign(c.id, cast.tokens.petani, DEMO_PETANI.password);
    const revised = await post(`${BASE}/${c.id}/revise`, cast.tokens.mitra, { quantity: 900 });
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
    const res = await post(`${BASE}/${c.id}/reject`, cast.tokens.petani, { note: 'Harga terlalu rendah' });
    expect(res.json.data).toMatchObject({ status: 'rejected', awaiting: null });
    expect(await lahanStatus(c.lahan_id)).toBe('active');
    expect((await post(`${BASE}/${c.id}/cancel`, cast.tokens.mitra)).statusCode).toBe(409);
  });

  it('lets a party cancel before approval; an admin until active, with a reason', async () => {
    const byMitra = await offer();
    expect((await post(`${BASE}/${byMitra.id}/cancel`, cast.tokens.mitra)).json.data.status).toBe(
      'cancelled',
    );
    expect(await lahanStatus(byMitra.lahan_id)).toBe('active');

    const c = await offer();
    await sign(c.id, cast.tokens.petani, DEMO_PETANI.password);
    await sign(c.id, cast.tokens.mitra, DEMO_MITRA.password);
    const late = await post(`${BASE}/${c.id}/cancel`, cast.tokens.petani, { reason: 'Berubah pikiran' });
    expect(late.statusCode).toBe(409);
    const noReason = await post(`${BASE}/${c.id}/cancel`, cast.tokens.admin, {});
    expect(noReason.json.errors).toEqual([{ field: 'reason', message: M.reasonRequired }]);
    const cancelled = await post(`${BASE}/${c.id}/cancel`, cast.tokens.admin, { reason: 'Sengketa lahan' });
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Sengketa lahan' });
    expect(await lahanStatus(c.lahan_id)).toBe('active');
    const last = (await eventsOf(c.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'cancel',
      actor_role: 'admin',
      from_status: 'approved',
      note: 'Sengketa lahan',
    });
    const del = await call(ctx, { method: 'DELETE', url: `${BASE}/${c.id}`, token: cast.tokens.admin });
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
    const due = [await offer({ start_date: '2026-01-01' }), await offer({ start_date: '2026-01-02' })];
    const later = await offer({ start_date: '2099-01-01', end_date: '2099-02-01' });
    for (const c of [...due, later]) {
      await sign(c.id, cast.tokens.petani, DEMO_PETANI.password);
      await sign(c.id, cast.tokens.mitra, DEMO_MITRA.password);
    }
    const [first, second] = await Promise.all([startDueContracts(ctx.db), startDueContracts(ctx.db)]);
    expect(first! + second!).toBeGreaterThanOrEqual(due.length);
    const rows = await ctx.db
      .select({ id: contracts.id, status: contracts.status, awaiting: contracts.awaiting })
      .from(contracts)
      .where(eq(contracts.petani_id, cast.petaniId));
    for (const c of due) {
      expect(rows.find((r) => r.id === c.id)).toMatchObject({ status: 'active', awaiting: 'mitra' });
      expect(await lahanStatus(c.lahan_id)).toBe('on_going');
      const starts = (await eventsOf(c.id)).filter((e) => e.action === 'start');
      expect(starts).toEqual([
        expect.objectContaining({
          actor_role: 'system',
          actor_id: null,
          from_status: 'approved',
          to_status: 'active',
          terms_version: c.terms_version,
          note: null,
        }),
      ]);
    }
    expect(rows.find((r) => r.id === later.id)!.status).toBe('approved');
    expect(await lahanStatus(later.lahan_id)).toBe('negotiation');
    expect(await startDueContracts(ctx.db)).toBe(0);
    const unsigned = await ctx.db
      .select()
      .from(contractSignatures)
      .where(and(eq(contractSignatures.contract_id, due[0]!.id), isNull(contractSignatures.voided_at)));
    expect(unsigned).toHaveLength(2);
  });
});
