/**
 * The people and the offer every contract test starts from: the demo petani and mitra (verified, known
 * passwords) are the parties, petani #1 and mitra #1 are strangers to the contract; a mitra's offer on a new
 * active lahan of the party petani, over HTTP. The lifecycle's steps by action and actor are contract-steps.ts.
 */
import { beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCategories, contracts, lahan, locations } from '../../../src/server/db/schema.js';
import {
  call,
  DEMO_MITRA,
  DEMO_PETANI,
  tokenForUser,
  userIdOf,
  type CallResult,
  type Json,
  type TestContext,
} from './app.js';

export const BASE = '/api/v1/contract';

export interface Cast {
  tokens: Record<'admin' | 'petani' | 'mitra' | 'otherPetani' | 'otherMitra', string>;
  petaniId: number;
  mitraId: number;
  /** The first contract category. */
  categoryId: number;
  /** The first location, where new lahan lie. */
  locationId: number;
}

export async function contractCast(ctx: TestContext): Promise<Cast> {
  const [admin, petani, mitra, otherPetani, otherMitra] = await Promise.all([
    tokenForUser(ctx, 'admin'),
    tokenForUser(ctx, 'petani'),
    tokenForUser(ctx, 'mitra'),
    tokenForUser(ctx, 'petani', 1),
    tokenForUser(ctx, 'mitra', 1),
  ]);
  const [category] = await ctx.db.select().from(contractCategories).orderBy(contractCategories.id).limit(1);
  const [location] = await ctx.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1);
  return {
    tokens: { admin, petani, mitra, otherPetani, otherMitra },
    petaniId: await userIdOf(ctx, 'petani'),
    mitraId: await userIdOf(ctx, 'mitra'),
    categoryId: category!.id,
    locationId: location!.id,
  };
}

/** The cast of a test file, filled in by `beforeAll`: call at the top of the file, after useTestApp. */
export function useContractCast(ctx: TestContext): Cast {
  const cast = {} as Cast;
  beforeAll(async () => {
    Object.assign(cast, await contractCast(ctx));
  });
  return cast;
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Started a month ago (deliveries may be dated from then to today), ends in three months. */
export const START_DATE = isoDay(-30);
export const END_DATE = isoDay(90);
export const DELIVERY_DATE = isoDay(-3);
export const OFFER_PRICE = 5000;

type NewLahan = Partial<typeof lahan.$inferInsert>;

/** What an offer changes of the defaults: its `terms` (offerBody) and its new lahan's fields. */
export interface OfferChanges {
  terms?: Json;
  land?: NewLahan;
}

/** A season's offer with fixed dates and amounts, for the tests that read them back (the PDF, deliveries). */
export const SEASON: OfferChanges = {
  terms: {
    title: 'Cabai merah musim hujan',
    commodity: 'Cabai merah',
    quantity: 2500,
    price: 5000,
    start_date: '2026-01-05',
    end_date: '2026-12-20',
  },
  land: { nama_lahan: 'Sawah Kontrak Uji', luas_lahan: 15000 },
};
/** Rice at Rp 6,000/kg in the first months of 2026, for the tests of the single steps and the history. */
export const RICE_TERMS: Json = {
  title: 'Kontrak Padi Langkah',
  commodity: 'Padi',
  price: 6000,
  start_date: '2026-01-01',
  end_date: '2026-04-30',
  delivery_terms: 'Diantar ke gudang mitra',
};

/** A new active lahan of the party petani, for one contract. */
export async function newLahan(ctx: TestContext, cast: Cast, values: NewLahan = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(lahan)
    .values({
      petani_id: cast.petaniId,
      nama_lahan: 'Sawah Uji Siklus',
      luas_lahan: 2500,
      location_id: cast.locationId,
      status: 'active',
      ...values,
    })
    .returning({ id: lahan.id });
  return row!.id;
}

/** The body of POST /contract on `lahanId`; `terms` replace any of its fields. */
export const offerBody = (cast: Cast, lahanId: number, terms: Json = {}): Json => ({
  title: 'Kontrak Uji Siklus',
  contract_category_id: cast.categoryId,
  petani_id: cast.petaniId,
  lahan_id: lahanId,
  commodity: 'Jagung',
  quantity: 1000,
  unit: 'kg',
  price: OFFER_PRICE,
  start_date: START_DATE,
  end_date: END_DATE,
  delivery_terms: 'Diantar ke gudang mitra, dikemas karung 50 kg',
  ...terms,
});

/** POST /contract by the mitra (or an admin in the mitra's name) on `lahanId`. */
export function offer(
  ctx: TestContext,
  cast: Cast,
  lahanId: number,
  by: 'mitra' | 'admin' = 'mitra',
  terms: Json = {},
): Promise<CallResult> {
  const body = offerBody(cast, lahanId, terms);
  if (by === 'admin') body.mitra_id = cast.mitraId;
  return call(ctx, { method: 'POST', url: BASE, token: cast.tokens[by], payload: body });
}

/** The mitra's offer on a new active lahan; answers the Contract record. */
export async function offerContract(
  ctx: TestContext,
  cast: Cast,
  { terms, land }: OfferChanges = {},
): Promise<Json> {
  const res = await offer(ctx, cast, await newLahan(ctx, cast, land), 'mitra', terms);
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data as Json;
}

/** A POST by `token`, from the browser the signature tests expect (UjiBrowser/1.0). */
export const postAs = (ctx: TestContext, url: string, token: string | undefined, payload: Json = {}) =>
  call(ctx, { method: 'POST', url, token, payload, headers: { 'user-agent': 'UjiBrowser/1.0' } });

/** The contract's current terms version, as the signer reads it before signing (1 for a missing contract). */
export async function currentVersion(ctx: TestContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ version: contracts.terms_version })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row?.version ?? 1;
}

/** POST /contract/{id}/sign by `token` with `password`, signing `termsVersion` (default: the current one). */
export const signAs = async (
  ctx: TestContext,
  id: number,
  token: string,
  password: string,
  consent: unknown = true,
  termsVersion?: number,
) =>
  postAs(ctx, `${BASE}/${id}/sign`, token, {
    password,
    consent,
    terms_version: termsVersion ?? (await currentVersion(ctx, id)),
  });

/** A step that must succeed; answers the response's data. */
export async function must(res: Promise<CallResult>): Promise<Json> {
  const { statusCode, body, json } = await res;
  expect(statusCode, body).toBeLessThan(300);
  return json.data as Json;
}

/** Both parties sign the current version (approved); answers the contract. */
export async function signBoth(ctx: TestContext, cast: Cast, id: number): Promise<Json> {
  await must(signAs(ctx, id, cast.tokens.petani, DEMO_PETANI.password));
  return must(signAs(ctx, id, cast.tokens.mitra, DEMO_MITRA.password));
}

/** Offered, signed by both and started by the mitra: an active contract. */
export async function activeContract(ctx: TestContext, cast: Cast, changes?: OfferChanges): Promise<Json> {
  const offered = await offerContract(ctx, cast, changes);
  await signBoth(ctx, cast, offered.id);
  return must(postAs(ctx, `${BASE}/${offered.id}/start`, cast.tokens.mitra));
}
