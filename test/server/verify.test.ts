import { gradeAOnly } from '../../src/shared/settlement.js';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractSignatures, contractTerms, contracts } from '../../src/server/db/schema.js';
import { currentDocument, documentText } from '../../src/server/modules/contracts/document.js';
import { normalizeCode } from '../../src/server/modules/verify/service.js';
import { call, useTestApp, type Json } from './support/app.js';

/*
 * GET /verify/{code} over real HTTP, on evidence written straight into the tables (a terms version with its
 * document and hash, signatures): what the public check answers (state, the signed terms, signature times),
 * what it never shows, and that a change made behind the application's back makes the state `invalid`. The
 * whole path through the sign route, and the uploaded PDF, are in contract-pdf-signature.test.ts.
 */

const ctx = useTestApp();
const verify = (code: string, query = '') => call(ctx, { url: `/api/v1/verify/${code}${query}` });

let contract: { id: number; code: string; price: number; status: string };
let sha256: string;
let terms: Record<string, unknown>;

beforeAll(async () => {
  // A contract of its own, with no terms version yet (the seeded ones have theirs).
  const [model] = await ctx.db.select().from(contracts).orderBy(asc(contracts.id)).limit(1);
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      title: 'Kontrak verifikasi',
      status: 'approved',
      petani_id: model!.petani_id,
      mitra_id: model!.mitra_id,
      lahan_id: model!.lahan_id,
      commodity: 'Padi',
      quantity: 1000,
      price: 5000,
      prices: gradeAOnly(5000),
      start_date: '2026-03-01',
      end_date: '2026-09-30',
      delivery_terms: 'Diambil di lahan',
    })
    .returning();
  contract = { id: row!.id, code: row!.verification_code, price: row!.price, status: row!.status };
  const frozen = await currentDocument(ctx.db, row!.id);
  const { document, sha256: hash } = documentText(frozen);
  sha256 = hash;
  terms = {
    commodity: 'Padi',
    quantity: 1000,
    unit: row!.unit,
    price: 5000,
    prices: [{ grade: 'A', price: 5000 }],
    payment_days: 7,
    total_value: 5_000_000,
    start_date: '2026-03-01',
    end_date: '2026-09-30',
    kabupaten: frozen.lahan?.location?.district ?? null,
    province: frozen.lahan?.location?.province ?? null,
  };
  await ctx.db.insert(contractTerms).values({
    contract_id: row!.id,
    version: row!.terms_version,
    price: row!.price,
    prices: row!.prices,
    quantity: row!.quantity,
    unit: row!.unit,
    start_date: row!.start_date,
    end_date: row!.end_date,
    delivery_terms: row!.delivery_terms,
    proposed_role: 'mitra',
    document,
    document_sha256: sha256,
  });
});

const sign = (role: 'petani' | 'mitra', signedAt: string) =>
  ctx.db.insert(contractSignatures).values({
    contract_id: contract.id,
    terms_version: 1,
    signer_role: role,
    signer_name: `Penanda tangan ${role}`,
    signed_at: new Date(signedAt),
    ip: '10.1.2.3',
    user_agent: 'test',
    document_sha256: sha256,
    consent_version: 1,
  });

describe('GET /verify/{code}', () => {
  it('normalizes a code: any case, dashes and spaces optional; anything else is no code', () => {
    expect(normalizeCode('a1b2c3d4e5f60718')).toBe('A1B2-C3D4-E5F6-0718');
    expect(normalizeCode('A1B2-c3d4-E5F6-0718')).toBe('A1B2-C3D4-E5F6-0718');
    expect(normalizeCode(' a1b2 c3d4-e5f6 0718 ')).toBe('A1B2-C3D4-E5F6-0718');
    expect(normalizeCode('A1B2-C3D4-E5F6-071')).toBeNull();
    expect(normalizeCode('G1B2-C3D4-E5F6-0718')).toBeNull();
  });

  it('answers 404 for an unknown or malformed code, with no token needed', async () => {
    for (const code of ['0000-0000-0000-0000', 'bukan-kode', contract.code.slice(0, -1)]) {
      const res = await verify(code);
      expect(res.statusCode).toBe(404);
      expect(res.json).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Kode verifikasi tidak ditemukan',
      });
    }
  });

  it('is "incomplete" while the version is unsigned, and while one party signed', async () => {
    const res = await verify(contract.code);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual({
      code: contract.code,
      state: 'incomplete',
      authentic: false,
      status: contract.status,
      terms_version: 1,
      sha256,
      terms,
      signatures: [],
    });
    await sign('petani', '2026-03-12T07:05:00Z');
    expect((await verify(contract.code)).json.data).toMatchObject({ state: 'incomplete', authentic: false });
  });

  it('is "signed" once both signed, whatever the code is written like, and shows no personal data', async () => {
    await sign('mitra', '2026-03-13T02:30:00Z');
    const compact = contract.code.replaceAll('-', '').toLowerCase();
    for (const code of [contract.code, compact, ` ${compact.slice(0, 8)} ${compact.slice(8)} `]) {
      const res = await verify(encodeURIComponent(code));
      expect(res.statusCode).toBe(200);
      const data = res.json.data as Json;
      expect(data).toEqual({
        code: contract.code,
        state: 'signed',
        authentic: true,
        status: contract.status,
        terms_version: 1,
        sha256,
        terms,
        signatures: [
          { role: 'petani', signed_at: '2026-03-12T07:05:00.000Z' },
          { role: 'mitra', signed_at: '2026-03-13T02:30:00.000Z' },
        ],
      });
      expect(res.body).not.toMatch(/Penanda tangan|10\.1\.2\.3|nik|name|email|phone|lahan/i);
    }
  });

  it('says whether a given hash matches, in any case; a malformed hash is a 400', async () => {
    expect((await verify(contract.code, `?sha256=${sha256.toUpperCase()}`)).json.data.matches).toBe(true);
    expect((await verify(contract.code, `?sha256=${'0'.repeat(64)}`)).json.data.matches).toBe(false);
    const bad = await verify(contract.code, '?sha256=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('is "invalid" after the contract row or the stored document is changed behind its back', async () => {
    const authentic = async () => {
      const { state, authentic } = (await verify(contract.code)).json.data as Json;
      expect(state).toBe(authentic ? 'signed' : 'invalid');
      return authentic as boolean;
    };
    await ctx.db.execute(sql`UPDATE contracts SET price = price + 1 WHERE id = ${contract.id}`);
    expect(await authentic()).toBe(false);
    await ctx.db.execute(sql`UPDATE contracts SET price = ${contract.price} WHERE id = ${contract.id}`);
    expect(await authentic()).toBe(true);
    // The price table is a term too: a grade added in SQL, or another payment time, is not what was signed.
    const added = JSON.stringify([...gradeAOnly(contract.price), { grade: 'B', price: 1 }]);
    await ctx.db.execute(sql`UPDATE contracts SET prices = ${added}::jsonb WHERE id = ${contract.id}`);
    expect(await authentic()).toBe(false);
    await ctx.db.execute(
      sql`UPDATE contracts SET prices = ${JSON.stringify(gradeAOnly(contract.price))}::jsonb, payment_days = 30 WHERE id = ${contract.id}`,
    );
    expect(await authentic()).toBe(false);
    await ctx.db.execute(sql`UPDATE contracts SET payment_days = 7 WHERE id = ${contract.id}`);
    expect(await authentic()).toBe(true);

    await ctx.db.execute(
      sql`UPDATE contract_terms SET document = replace(document, '"format":2', '"format":3') WHERE contract_id = ${contract.id}`,
    );
    expect(await authentic()).toBe(false);
    // Rehashing the changed document does not help: the signatures signed the old hash.
    await ctx.db.execute(
      sql`UPDATE contract_terms SET document_sha256 = encode(sha256(convert_to(document, 'UTF8')), 'hex') WHERE contract_id = ${contract.id}`,
    );
    expect(await authentic()).toBe(false);
  });

  it('counts only the signatures that were not voided', async () => {
    await ctx.db.delete(contractTerms).where(eq(contractTerms.contract_id, contract.id));
    const res = await verify(contract.code);
    expect(res.json.data).toMatchObject({ state: 'invalid', authentic: false, sha256: null });
    await ctx.db
      .update(contractSignatures)
      .set({ voided_at: new Date() })
      .where(eq(contractSignatures.contract_id, contract.id));
    expect((await verify(contract.code)).json.data.signatures).toEqual([]);
  });
});
