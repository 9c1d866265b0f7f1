/**
 * The property test's random steps: generated as plans, resolved against the model when taken (so that a
 * seed replays the same run). A plan is mostly the step the contract waits for or any step by the role the
 * table allows, sometimes any actor, another offer on the same lahan, a wrong password, a signature of an
 * older version than the current one, or unchanged terms.
 */
import fc from 'fast-check';
import type { Model, Rule, StepRole } from './contract-model.js';
import { ACTORS, STEP_ACTIONS, type Actor, type StepAction, type StepOptions } from './contract-steps.js';

export interface Planned {
  /** 'next': the step the contract waits for; 'offer': another offer on the same lahan. */
  action: StepAction | 'next' | 'offer';
  /** 'right': a role the table allows for the action. */
  who: Actor | 'right';
  wrongPassword: boolean;
  withReason: boolean;
  sameTerms: boolean;
  price: number;
  pick: number;
}

export const planned: fc.Arbitrary<Planned> = fc.record({
  action: fc.oneof(
    { weight: 3, arbitrary: fc.constant('next' as const) },
    { weight: 4, arbitrary: fc.constantFrom(...STEP_ACTIONS) },
    { weight: 1, arbitrary: fc.constant('offer' as const) },
  ),
  who: fc.oneof(
    { weight: 3, arbitrary: fc.constant('right' as const) },
    { weight: 1, arbitrary: fc.constantFrom(...ACTORS) },
  ),
  wrongPassword: fc.boolean(),
  withReason: fc.boolean(),
  sameTerms: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  price: fc.integer({ min: 1000, max: 9000 }),
  pick: fc.nat({ max: 1000 }),
});

/** The step the contract waits for, and who takes it. */
function nextStep(model: Model, pick: number): [StepAction, StepRole] | undefined {
  const { status, signed, deliveries } = model;
  if (status === 'pending' || status === 'negotiation') {
    const first = status === 'pending' ? 'petani' : 'mitra';
    const second = first === 'petani' ? 'mitra' : 'petani';
    return ['sign', signed[first] ? second : first];
  }
  if (status === 'approved') return ['start', 'mitra'];
  if (status !== 'active') return undefined;
  if (deliveries.some((d) => !d.confirmed)) return ['confirm', 'petani'];
  return deliveries.length === 0 || pick % 3 === 0 ? ['deliver', 'mitra'] : ['complete', 'mitra'];
}

export interface Resolved {
  action: StepAction;
  actor: Actor;
  options: StepOptions;
}

/** The step a plan (not an offer) means in the state `model`. */
export function resolve(rules: Record<StepAction, Rule>, model: Model, p: Planned): Resolved {
  const next = p.action === 'next' ? nextStep(model, p.pick) : undefined;
  const action =
    next?.[0] ?? (p.action === 'next' || p.action === 'offer' ? STEP_ACTIONS[p.pick % 9]! : p.action);
  const roles = Object.keys(rules[action].from) as StepRole[];
  const actor: Actor = next?.[1] ?? (p.who === 'right' ? roles[p.pick % roles.length]! : p.who);
  const undelivered = model.deliveries.find((d) => !d.confirmed);
  // Mostly the delivery waiting for its confirmation, sometimes the first (maybe confirmed already).
  const delivery = p.pick % 5 === 0 ? model.deliveries[0] : (undelivered ?? model.deliveries[0]);
  const options: StepOptions = {
    // One signature in eight with a wrong password.
    wrongPassword: action === 'sign' && p.wrongPassword && p.pick % 4 === 0,
    // Some signatures of a version read before the last revision (the signer did not see the new terms).
    termsVersion: action === 'sign' && model.version > 1 && p.pick % 7 === 3 ? model.version - 1 : undefined,
    reason: p.withReason ? 'Alasan uji' : undefined,
    price: p.sameTerms ? model.price : p.price === model.price ? p.price + 1 : p.price,
    deliveryId: delivery?.id,
  };
  return { action, actor, options };
}
