import { contractCategories, lahan, locations } from '../../../src/server/db/schema.js';
import { call, DEMO_MITRA, DEMO_PETANI, tokenForUser, userIdOf, type Json, type TestContext } from './app.js';

/**
 * A contract taken through its real steps over HTTP for the tests of what comes after them (PDF, verification,
 * deliveries): the demo petani and mitra (verified, known passwords) are the parties; petani #1 and mitra #1
 * are strangers to it.
 */
export interface Parties {
  tokens: Record<'admin' | 'petani' | 'mitra' | 'otherPetani' | 'otherMitra', string>;
  petaniId: number;
  mitraId: number;
}

export async function contractParties(ctx: TestContext): Promise<Parties> {
  const [admin, petani, mitra, otherPetani, otherMitra] = await Promise.all([
    tokenForUser(ctx, 'admin'),
    tokenForUser(ctx, 'petani'),
    tokenForUser(ctx, 'mitra'),
    tokenForUser(ctx, 'petani', 1),
    tokenForUser(ctx, 'mitra', 1),
  ]);
  return {
    tokens: { admin, petani, mitra, otherPetani, otherMitra },
    petaniId: await userIdOf(ctx, 'petani'),
    mitraId: await userIdOf(ctx, 'mitra'),
  };
}

const CONTRACT = '/api/v1/contract';

/** A step of the contract that must succeed; answers the response's data. */
export async function step(ctx: TestContext, token: string, path: string, payload: Json = {}): Promise<Json> {
  const res = await call(ctx, { method: 'POST', url: `${CONTRACT}${path}`, token, payload });
  if (res.statusCode >= 300) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
  return res.json.data as Json;
}

/** The mitra offers a contract on a new active lahan of the petani; answers the Contract record. */
export async function offerContract(ctx: TestContext, parties: Parties, terms: Json = {}): Promise<Json> {
  const [location] = await ctx.db.select({ id: locations.id }).from(locations).limit(1);
  const [land] = await ctx.db
    .insert(lahan)
    .values({
      petani_id: parties.petaniId,
      nama_lahan: 'Sawah Kontrak Uji',
      luas_lahan: 15000,
      location_id: location!.id,
      status: 'active',
    })
    .returning({ id: lahan.id });
  const [category] = await ctx.db.select().from(contractCategories).orderBy(contractCategories.id).limit(1);
  return step(ctx, parties.tokens.mitra, '', {
    title: 'Cabai merah musim hujan',
    contract_category_id: category!.id,
    petani_id: parties.petaniId,
    lahan_id: land!.id,
    commodity: 'Cabai merah',
    quantity: 2500,
    unit: 'kg',
    price: 5000,
    start_date: '2026-01-05',
    end_date: '2026-12-20',
    delivery_terms: 'Diantar ke gudang mitra, dikemas karung 50 kg',
    ...terms,
  });
}

/** Both parties sign the current version (approved). */
export async function signBoth(ctx: TestContext, parties: Parties, id: number) {
  await step(ctx, parties.tokens.petani, `/${id}/sign`, { password: DEMO_PETANI.password, consent: true });
  return step(ctx, parties.tokens.mitra, `/${id}/sign`, { password: DEMO_MITRA.password, consent: true });
}

/** Offered, signed by both and started by the mitra: an active contract. */
export async function activeContract(ctx: TestContext, parties: Parties, terms: Json = {}): Promise<Json> {
  const offered = await offerContract(ctx, parties, terms);
  await signBoth(ctx, parties, offered.id);
  return step(ctx, parties.tokens.mitra, `/${offered.id}/start`);
}
