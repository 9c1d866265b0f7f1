/**
 * The contract lifecycle over real HTTP, for the lifecycle matrix and the property test: the actors (the
 * contract's two parties, another petani, another mitra, an admin, no token), one request per step, and a
 * snapshot of everything a step may change (record, events, terms, signatures, deliveries, lahan, audit rows).
 */
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll } from 'vitest';
import { SETTLEMENT_STEPS } from '../../../src/shared/contract-lifecycle.js';
import { CONTRACT_ACTIONS } from '../../../src/shared/contracts.js';
import type { ContractStep } from '../../../src/server/modules/contracts/lifecycle.js';
import {
  auditLog,
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
import { BASE, contractCast, currentVersion, DELIVERY_DATE, postAs, type Cast } from './contract-cast.js';

export const ACTORS = ['admin', 'petani', 'mitra', 'otherPetani', 'otherMitra', 'anonymous'] as const;
export type Actor = (typeof ACTORS)[number];
export type PartyRole = 'petani' | 'mitra';

/** The steps taken on an existing contract (offer makes one, edit is an admin's PUT). */
export const STEP_ACTIONS = CONTRACT_ACTIONS.filter(
  (action): action is ContractStep =>
    action !== 'offer' && action !== 'edit' && !Object.hasOwn(SETTLEMENT_STEPS, action),
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
  /** sign: the terms version the signer read (default: the current one). */
  termsVersion?: number;
  /** Sent as it is instead of the body the step builds. */
  body?: Json;
}

const PASSWORDS: Record<Exclude<Actor, 'anonymous'>, string> = {
  admin: DEMO_ADMIN.password,
  petani: DEMO_PETANI.password,
  mitra: DEMO_MITRA.password,
  // The demo seed gives every petani and every mitra the demo account's password.
  otherPetani: DEMO_PETANI.password,
  otherMitra: DEMO_MITRA.password,
};

/** The test app and, once it started, its cast: call at the top of a test file. */
export function useLifecycleApp(): { ctx: TestContext; cast: Cast } {
  const world = { ctx: useTestApp() } as { ctx: TestContext; cast: Cast };
  beforeAll(async () => {
    world.cast = await contractCast(world.ctx);
  });
  return world;
}

const tokenOf = (cast: Cast, actor: Actor) => (actor === 'anonymous' ? undefined : cast.tokens[actor]);

function bodyOf(action: StepAction, actor: Actor, options: StepOptions, version: number): Json | undefined {
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
        terms_version: options.termsVersion ?? version,
      };
    }
    case 'cancel':
      return options.reason === undefined ? {} : { reason: options.reason };
    case 'deliver':
      return {
        date: DELIVERY_DATE,
        gross_quantity: 250,
        accepted_quantity: 250,
        rejected_quantity: 0,
        grade: 'A',
      };
    default:
      return {};
  }
}

/** One step of the lifecycle by `actor` on contract `id`. */
export async function step(
  ctx: TestContext,
  cast: Cast,
  id: number,
  action: StepAction,
  actor: Actor,
  options: StepOptions = {},
): Promise<CallResult> {
  const version = action === 'sign' && options.termsVersion === undefined ? await currentVersion(ctx, id) : 1;
  const path =
    action === 'deliver'
      ? 'deliveries'
      : action === 'confirm'
        ? `deliveries/${options.deliveryId ?? 999999}/confirm`
        : action;
  return postAs(ctx, `${BASE}/${id}/${path}`, tokenOf(cast, actor), bodyOf(action, actor, options, version));
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

/** Forgets the rate-limit counts so far (sign-in failures, and wrong signing passwords per session). */
export async function clearRateLimits(ctx: TestContext): Promise<void> {
  await ctx.db.delete(rateLimits);
}

/** The email of a party, for the sign-in limiter's keys. */
export async function emailOf(ctx: TestContext, id: number): Promise<string> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}
