/**
 * The contract lifecycle over real HTTP, for the lifecycle matrix and the property test: the actors (the
 * contract's two parties, another petani, another mitra, an admin, no token), one request per step, and a
 * snapshot of everything a step may change (record, events, terms, signatures, deliveries, lahan, audit rows).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll } from 'vitest';
import { CONTRACT_ACTIONS } from '../../../src/shared/contracts.js';
import { contractParties } from './contract-flow.js';
import type { ContractStep } from '../../../src/server/modules/contracts/lifecycle.js';
import {
  auditLog,
  contractCategories,
  contractDeliveries,
  contractEvents,
  contractSignatures,
  contractTerms,
  lahan,
  rateLimits,
  users,
} from '../../../src/server/db/schema.js';
import {
  call,
  DEMO_ADMIN,
  DEMO_MITRA,
  DEMO_PETANI,
  useTestApp,
  type CallResult,
  type Json,
  type TestContext,
} from './app.js';

export const BASE = '/api/v1/contract';

export const ACTORS = ['admin', 'petani', 'mitra', 'otherPetani', 'otherMitra', 'anonymous'] as const;
export type Actor = (typeof ACTORS)[number];
export type PartyRole = 'petani' | 'mitra';

/** The steps taken on an existing contract (offer makes one, edit is an admin's PUT). */
export const STEP_ACTIONS = CONTRACT_ACTIONS.filter(
  (action): action is ContractStep => action !== 'offer' && action !== 'edit',
);
export type StepAction = ContractStep;

/** How a step is taken: the password and consent of a signature, the reason of a cancel, same or new terms. */
export interface StepOptions {
  wrongPassword?: boolean;
  consent?: unknown;
  reason?: string;
  /** counter/revise: the price proposed (none or the current one: no change, refused). */
  price?: number;
  /** confirm: the delivery confirmed. */
  deliveryId?: number;
  /** Sent as it is instead of the body the step builds. */
  body?: Json;
}

export interface Cast {
  tokens: Record<Exclude<Actor, 'anonymous'>, string>;
  petaniId: number;
  mitraId: number;
  categoryId: number;
}

const PASSWORDS: Record<Exclude<Actor, 'anonymous'>, string> = {
  admin: DEMO_ADMIN.password,
  petani: DEMO_PETANI.password,
  mitra: DEMO_MITRA.password,
  // The demo seed gives every petani and every mitra the demo account's password.
  otherPetani: DEMO_PETANI.password,
  otherMitra: DEMO_MITRA.password,
};

/** `scrypt$N$r$p$salt$hash` as auth/passwords.ts writes it, with N = 2^10 instead of 2^15. */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The test app and, once it started, its cast: call at the top of a test file. */
export function useLifecycleApp(): { ctx: TestContext; cast: Cast } {
  const world = { ctx: useTestApp() } as { ctx: TestContext; cast: Cast };
  beforeAll(async () => {
    world.cast = await castOf(world.ctx);
  });
  return world;
}

/** The demo petani and mitra (verified) are the parties; #1 of each role is the other petani / mitra. */
async function castOf(ctx: TestContext): Promise<Cast> {
  const { tokens, petaniId, mitraId } = await contractParties(ctx);
  const [category] = await ctx.db.select().from(contractCategories).orderBy(contractCategories.id).limit(1);
  // The parties' passwords hashed with a lower scrypt cost: a hash carries its parameters, so signing checks
  // it with the same code, and the many signatures of the matrix and the property test stay fast.
  for (const [id, password] of [
    [petaniId, DEMO_PETANI.password],
    [mitraId, DEMO_MITRA.password],
  ] as const)
    await ctx.db
      .update(users)
      .set({ password_hash: cheapHash(password) })
      .where(eq(users.id, id));
  return { tokens, petaniId, mitraId, categoryId: category!.id };
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Started a month ago (deliveries may be dated from then to today), ends in three months. */
export const START_DATE = isoDay(-30);
export const END_DATE = isoDay(90);
export const DELIVERY_DATE = isoDay(-3);
export const OFFER_PRICE = 5000;

/** A new active lahan of the party petani, for one contract. */
export async function newLahan(ctx: TestContext, cast: Cast): Promise<number> {
  const [row] = await ctx.db
    .insert(lahan)
    .values({ petani_id: cast.petaniId, nama_lahan: 'Sawah Uji Siklus', luas_lahan: 2500, status: 'active' })
    .returning({ id: lahan.id });
  return row!.id;
}

export const offerBody = (cast: Cast, lahanId: number): Json => ({
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
});

/** POST /contract by the mitra (or an admin in the mitra's name) on `lahanId`. */
export function offer(ctx: TestContext, cast: Cast, lahanId: number, by: 'mitra' | 'admin' = 'mitra') {
  const body = offerBody(cast, lahanId);
  if (by === 'admin') body.mitra_id = cast.mitraId;
  return call(ctx, { method: 'POST', url: BASE, token: cast.tokens[by], payload: body });
}

const tokenOf = (cast: Cast, actor: Actor) => (actor === 'anonymous' ? undefined : cast.tokens[actor]);

function bodyOf(action: StepAction, actor: Actor, options: StepOptions): Json | undefined {
  if (options.body) return options.body;
  switch (action) {
    case 'counter':
    case 'revise':
      return { price: options.price, note: `${action} uji` };
    case 'sign': {
      const password = actor === 'anonymous' ? 'Salah123!' : PASSWORDS[actor];
      return {
        password: options.wrongPassword ? `${password}x` : password,
        consent: 'consent' in options ? options.consent : true,
      };
    }
    case 'cancel':
      return options.reason === undefined ? {} : { reason: options.reason };
    case 'deliver':
      return { date: DELIVERY_DATE, quantity: 250, grade: 'A', amount_paid: 1_250_000 };
    default:
      return {};
  }
}

/** One step of the lifecycle by `actor` on contract `id`. */
export function step(
  ctx: TestContext,
  cast: Cast,
  id: number,
  action: StepAction,
  actor: Actor,
  options: StepOptions = {},
): Promise<CallResult> {
  const path =
    action === 'deliver'
      ? 'deliveries'
      : action === 'confirm'
        ? `deliveries/${options.deliveryId ?? 999999}/confirm`
        : action;
  return call(ctx, {
    method: 'POST',
    url: `${BASE}/${id}/${path}`,
    token: tokenOf(cast, actor),
    payload: bodyOf(action, actor, options),
  });
}

export interface Snapshot {
  contract: Json;
  events: Json[];
  terms: Json[];
  signatures: Json[];
  deliveries: Json[];
  lahanStatus: string | undefined;
  auditRows: number;
}

/**
 * Everything a step on contract `id` may change: the record as an admin reads it over HTTP, and its
 * timeline, terms, signatures, deliveries, lahan and audit rows from the database (their read routes have
 * their own tests; a snapshot after every step stays cheap).
 */
export async function snapshot(ctx: TestContext, cast: Cast, id: number): Promise<Snapshot> {
  const res = await call(ctx, { url: `${BASE}/${id}`, token: cast.tokens.admin });
  if (res.statusCode !== 200) throw new Error(`GET ${BASE}/${id}: ${res.statusCode} ${res.body}`);
  const contract = res.json.data as Json;
  const rowsOf = (table: PgTable & Record<'id' | 'contract_id', PgColumn>) =>
    ctx.db.select().from(table).where(eq(table.contract_id, id)).orderBy(table.id) as Promise<Json[]>;
  const [events, terms, signatures, deliveries] = await Promise.all([
    rowsOf(contractEvents),
    rowsOf(contractTerms),
    rowsOf(contractSignatures),
    rowsOf(contractDeliveries),
  ]);
  const [land] = contract.lahan_id
    ? await ctx.db.select({ status: lahan.status }).from(lahan).where(eq(lahan.id, contract.lahan_id))
    : [];
  const [audit] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'contract'), eq(auditLog.resource_id, String(id))));
  return { contract, events, terms, signatures, deliveries, lahanStatus: land?.status, auditRows: audit!.n };
}

/** Forgets the sign-in failures counted so far (wrong signing passwords count as failed sign-ins). */
export async function clearRateLimits(ctx: TestContext): Promise<void> {
  await ctx.db.delete(rateLimits);
}

/** The email of a party, for the sign-in limiter's keys. */
export async function emailOf(ctx: TestContext, id: number): Promise<string> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}
