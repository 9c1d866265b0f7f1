import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractTerms, users } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, setRateLimitHits, useTestApp, type Json } from './support/app.js';
import { activeContract, contractCast, SEASON, type Cast } from './support/contract-cast.js';
import { deliveryBody, GRADED_PRICES } from './support/contract-delivery.js';

/*
 * GET /trace/{lot}, public: what a lot's receipt QR code opens. It answers the lot's commodity, grade, accepted
 * quantity, date, region and the contract's verification code, and nothing that names or locates a person.
 */

const ctx = useTestApp();
let cast: Cast;
let contract: Json;
let lot: Json;

const trace = (code: string, token?: string) => call(ctx, { url: `/api/v1/trace/${code}`, token });

beforeAll(async () => {
  cast = await contractCast(ctx);
  contract = await activeContract(ctx, cast, {
    ...SEASON,
    terms: { ...SEASON.terms, price: undefined, prices: GRADED_PRICES },
    land: { ...SEASON.land, nama_lahan: 'Sawah Rahasia Pak Budi' },
  });
  const res = await call(ctx, {
    method: 'POST',
    url: `/api/v1/contract/${contract.id}/deliveries`,
    token: cast.tokens.mitra,
    payload: deliveryBody({ grade: 'B', accepted_quantity: 480.5, rejected_quantity: 20 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  lot = res.json.data;
});

describe('GET /trace/{lot}', () => {
  it('answers the lot, its region and its contract’s code without a token, and nothing more', async () => {
    const res = await trace(lot.lot_code);
    expect(res.statusCode, res.body).toBe(200);
    const [terms] = await ctx.db
      .select({ document: contractTerms.document })
      .from(contractTerms)
      .where(eq(contractTerms.contract_id, contract.id));
    const frozen = JSON.parse(terms!.document).lahan.location;
    expect(frozen.district).toEqual(expect.any(String));
    expect(res.json.data).toEqual({
      lot_code: lot.lot_code,
      commodity: 'Cabai merah',
      grade: 'B',
      accepted_quantity: 480.5,
      unit: 'kg',
      date: '2026-02-10',
      location: {
        sub_district: frozen.sub_district,
        district: frozen.district,
        province: frozen.province,
      },
      verification_code: contract.verification_code,
    });
    // Nobody's name, contact or id, nor the lahan's name: not anywhere in the answer.
    for (const id of [cast.petaniId, cast.mitraId]) {
      const [person] = await ctx.db
        .select({ name: users.full_name, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, id));
      for (const text of Object.values(person!)) if (text) expect(res.body).not.toContain(text);
    }
    expect(res.body).not.toContain('Sawah Rahasia');
    expect(res.body).not.toMatch(/"(id|contract_id|lahan_id|petani_id|mitra_id|boundary)"/);
  });

  it('reads the code in any case, with or without dashes', async () => {
    const compact = (lot.lot_code as string).replaceAll('-', '').toLowerCase();
    const res = await trace(compact);
    expect(res.statusCode).toBe(200);
    expect(res.json.data.lot_code).toBe(lot.lot_code);
  });

  it('answers 404 in the envelope for an unknown or malformed code', async () => {
    for (const code of ['0000-0000-0000', 'ILOU-ILOU-ILOU', 'abc', '%20']) {
      const res = await trace(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: MESSAGES.trace.lotUnknown,
      });
    }
  });

  it('answers 429 with Retry-After past 60 traces a minute from one address', async () => {
    await setRateLimitHits(ctx, 'trace:127.0.0.1', 59, 60);
    expect((await trace(lot.lot_code)).statusCode).toBe(200);
    const refused = await trace(lot.lot_code);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.trace.rateLimited,
    });
  });
});
