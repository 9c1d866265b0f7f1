/**
 * Contracts brought to a given point of their lifecycle through the real steps (no rows written behind the
 * server's back), each on its own new lahan, with the model of where it stands.
 */
import { expect } from 'vitest';
import { applyStep, DESIGN_RULES, newModel, type Model } from './contract-model.js';
import { newLahan, offer, OFFER_PRICE, type Cast } from './contract-cast.js';
import { step, type Actor, type StepAction, type StepOptions } from './contract-steps.js';
import type { TestContext } from './app.js';

/** The points of the lifecycle the matrix starts from: the statuses, active split by its deliveries. */
export const SITUATIONS = [
  'pending',
  'negotiation',
  'approved',
  'active',
  'active, all delivered confirmed',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type Situation = (typeof SITUATIONS)[number];

const PATHS: Record<Situation, [StepAction, Actor][]> = {
  pending: [],
  negotiation: [['counter', 'petani']],
  approved: [
    ['sign', 'petani'],
    ['sign', 'mitra'],
  ],
  active: [
    ['sign', 'petani'],
    ['sign', 'mitra'],
    ['start', 'mitra'],
    ['deliver', 'mitra'],
  ],
  'active, all delivered confirmed': [
    ['sign', 'petani'],
    ['sign', 'mitra'],
    ['start', 'mitra'],
    ['deliver', 'mitra'],
    ['confirm', 'petani'],
  ],
  completed: [
    ['sign', 'petani'],
    ['sign', 'mitra'],
    ['start', 'mitra'],
    ['deliver', 'mitra'],
    ['confirm', 'petani'],
    ['complete', 'mitra'],
  ],
  rejected: [['reject', 'petani']],
  cancelled: [['cancel', 'mitra']],
};

export interface Fixture {
  id: number;
  lahanId: number;
  model: Model;
}

/** A new contract offered by the mitra on a new lahan, walked to `situation` by its parties. */
export async function reach(ctx: TestContext, cast: Cast, situation: Situation): Promise<Fixture> {
  const lahanId = await newLahan(ctx, cast);
  const offered = await offer(ctx, cast, lahanId);
  expect(offered.statusCode, offered.body).toBe(201);
  const id = offered.json.data.id as number;
  let model = newModel(OFFER_PRICE);
  for (const [action, actor] of PATHS[situation]) {
    const options: StepOptions = { deliveryId: model.deliveries.at(-1)?.id, price: model.price + 1 };
    const res = await step(ctx, cast, id, action, actor, options);
    expect(res.statusCode, `${situation}: ${action} by ${actor}: ${res.body}`).toBeLessThan(300);
    model = applyStep(DESIGN_RULES, model, action, actor, options, res.json.data?.id);
  }
  return { id, lahanId, model };
}
