import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { contractCategories, lahan } from '../../../src/server/db/schema.js';
import { call, demoTokens, userIdOf, type Json, type TestContext } from './app.js';

export const CONTRACT_BASE = '/api/v1/contract';

/**
 * What the contract step tests share: the demo tokens, a mitra's offer on a new active lahan of the demo
 * petani (over HTTP), signing with a user agent, and the lahan's status. Call at the top of a test file.
 */
export function useContractOffers(ctx: TestContext) {
  const h = {
    admin: '',
    petani: '',
    mitra: '',
    petaniId: 0,
    mitraId: 0,
    categoryId: 0,
    post: (url: string, token: string, payload: Json = {}, headers?: Record<string, string>) =>
      call(ctx, { method: 'POST', url, token, payload, headers }),
    lahanStatus: async (id: number) =>
      (await ctx.db.select({ status: lahan.status }).from(lahan).where(eq(lahan.id, id)))[0]!.status,
    sign: (id: number, token: string, password: string, consent: unknown = true) =>
      h.post(`${CONTRACT_BASE}/${id}/sign`, token, { password, consent }, { 'user-agent': 'UjiBrowser/1.0' }),
    /** A mitra's offer on a new active lahan of the demo petani. */
    offer: async (overrides: Json = {}) => {
      const [land] = await ctx.db
        .insert(lahan)
        .values({ petani_id: h.petaniId, nama_lahan: 'Sawah Langkah', luas_lahan: 2500, status: 'active' })
        .returning({ id: lahan.id });
      const res = await h.post(CONTRACT_BASE, h.mitra, {
        title: 'Kontrak Padi Langkah',
        contract_category_id: h.categoryId,
        petani_id: h.petaniId,
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
    },
  };
  beforeAll(async () => {
    Object.assign(h, await demoTokens(ctx));
    h.petaniId = await userIdOf(ctx, 'petani');
    h.mitraId = await userIdOf(ctx, 'mitra');
    h.categoryId = (await ctx.db.select().from(contractCategories).limit(1))[0]!.id;
  });
  return h;
}
