import type { ContractStatus } from '../../../../shared/constants.js';
import { afterSign, awaitingParty, canTake, statusAfter } from '../../../modules/contracts/lifecycle.js';

/**
 * A demo contract's history told as the steps of the lifecycle, played by the server's own state-machine
 * table (modules/contracts/lifecycle.ts: who may take which step from where, where it leads, `awaiting`),
 * with a new terms version on counter and revise (voiding the older version's signatures) and approval once
 * both parties signed the current version. The result is rows to insert; the seed test checks them
 * against the invariants the actions keep.
 */

export type Party = 'petani' | 'mitra';
export type Actor = Party | 'admin' | 'system';

export interface Terms {
  price: number;
  quantity: number;
  unit: string;
  start_date: string;
  end_date: string;
  delivery_terms: string | null;
}

/** A change of terms: numbers are factors of the current value (rounded), texts replace it. */
export type Change = Partial<Record<'price' | 'quantity', number> & Pick<Terms, 'delivery_terms'>>;

export type Step =
  | { a: 'offer' }
  | { a: 'counter' | 'revise'; change: Change; note?: string }
  | { a: 'sign'; by: Party }
  | { a: 'reject'; note?: string }
  | { a: 'cancel'; by: Actor; reason?: string }
  | { a: 'start'; by: 'mitra' | 'system' }
  | { a: 'deliver'; share: number; grade: 'A' | 'B' | 'C' }
  | { a: 'confirm' }
  | { a: 'complete'; note?: string };

export interface StoryEvent {
  action: Step['a'];
  actor_role: Actor;
  from_status: ContractStatus | null;
  to_status: ContractStatus;
  terms_version: number;
  note: string | null;
  at: Date;
}
export interface StoryVersion extends Terms {
  version: number;
  note: string | null;
  proposed_role: Party;
  at: Date;
}
export interface StorySignature {
  terms_version: number;
  signer_role: Party;
  at: Date;
  voided_at: Date | null;
}
export interface StoryDelivery {
  date: string;
  quantity: number;
  grade: 'A' | 'B' | 'C';
  amount_paid: number;
  at: Date;
  confirmed_at: Date | null;
}

export interface Story {
  status: ContractStatus;
  terms: Terms;
  version: number;
  awaiting: Party | null;
  signed: Partial<Record<Party, Date>>;
  cancel_reason: string | null;
  versions: StoryVersion[];
  events: StoryEvent[];
  signatures: StorySignature[];
  deliveries: StoryDelivery[];
  /** The time of the last step. */
  at: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round100 = (n: number) => Math.max(100, Math.round(n / 100) * 100);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Plays `steps` from an offer of `terms` at `offered`, one step every `gapHours` (varied by the step index). */
export function playStory(terms: Terms, steps: Step[], offered: Date, gapHours: number): Story {
  const story: Story = {
    status: 'pending',
    terms: { ...terms },
    version: 0,
    awaiting: null,
    signed: {},
    cancel_reason: null,
    versions: [],
    events: [],
    signatures: [],
    deliveries: [],
    at: offered,
  };
  steps.forEach((step, i) => {
    const at = i === 0 ? offered : nextTime(story, step, gapHours * (1 + (i % 3) * 0.5));
    const before = story.events.length === 0 ? null : story.status;
    if (step.a === 'offer' ? before !== null : before === null || !canTake(step.a, actorOf(step), before))
      throw new Error(`demo story: ${step.a} by ${actorOf(step)} from ${before}`);
    story.at = at;
    const actor = actorOf(step);
    let note: string | null = null;
    if (step.a === 'offer') newVersion(story, {}, 'mitra', null, at);
    else if (step.a === 'counter' || step.a === 'revise') {
      note = step.note ?? null;
      newVersion(story, step.change, step.a === 'counter' ? 'petani' : 'mitra', note, at);
    } else if (step.a === 'sign') {
      story.signed[step.by] = at;
      story.signatures.push({ terms_version: story.version, signer_role: step.by, at, voided_at: null });
    } else if (step.a === 'reject') note = step.note ?? null;
    else if (step.a === 'cancel') {
      note = step.reason ?? null;
      story.cancel_reason = note;
    } else if (step.a === 'deliver') deliver(story, step, at);
    else if (step.a === 'confirm') {
      const open = story.deliveries.find((d) => !d.confirmed_at);
      if (!open) throw new Error('demo story: nothing to confirm');
      open.confirmed_at = at;
    } else if (step.a === 'complete') {
      if (!story.deliveries.length || story.deliveries.some((d) => !d.confirmed_at))
        throw new Error('demo story: complete with open deliveries');
      note = step.note ?? null;
    }
    const next =
      step.a === 'offer'
        ? 'pending'
        : step.a === 'sign'
          ? afterSign(story.status, Boolean(story.signed.petani && story.signed.mitra))
          : statusAfter(step.a, story.status);
    story.events.push({
      action: step.a,
      actor_role: actor,
      from_status: before,
      to_status: next,
      terms_version: story.version,
      note,
      at,
    });
    story.status = next;
    story.awaiting = awaitingParty({
      status: next,
      petaniSigned: Boolean(story.signed.petani),
      mitraSigned: Boolean(story.signed.mitra),
      unconfirmedDeliveries: story.deliveries.some((d) => !d.confirmed_at),
    });
  });
  return story;
}

/**
 * When a step comes after the last: the negotiation within hours; the system's start at the first hour of the
 * start date (WIB); a delivery days later, never before the start date; its confirmation a day later.
 */
function nextTime(story: Story, step: Step, gapHours: number): Date {
  const last = story.at.getTime();
  const startDay = Date.parse(`${story.terms.start_date}T00:05:00+07:00`);
  if (step.a === 'start' && step.by === 'system') return new Date(Math.max(last + HOUR, startDay));
  if (step.a === 'deliver') return new Date(Math.max(last + 4 * DAY, startDay + 3 * DAY) + gapHours * HOUR);
  if (step.a === 'confirm' || step.a === 'complete') return new Date(last + DAY + gapHours * HOUR);
  return new Date(last + gapHours * HOUR);
}

/** Who takes a step: the role the lifecycle gives it, or the one the step names. */
function actorOf(step: Step): Actor {
  if ('by' in step) return step.by;
  return step.a === 'counter' || step.a === 'reject' || step.a === 'confirm' ? 'petani' : 'mitra';
}

function newVersion(story: Story, change: Change, by: Party, note: string | null, at: Date) {
  const t = story.terms;
  if (change.price) t.price = round100(t.price * change.price);
  if (change.quantity) t.quantity = round100(t.quantity * change.quantity);
  if (change.delivery_terms) t.delivery_terms = change.delivery_terms;
  story.version += 1;
  story.versions.push({ ...t, version: story.version, note, proposed_role: by, at });
  for (const s of story.signatures) s.voided_at ??= at;
  story.signed = {};
}

function deliver(story: Story, step: Extract<Step, { a: 'deliver' }>, at: Date) {
  const quantity = round100(story.terms.quantity * step.share);
  const discount = { A: 1, B: 0.9, C: 0.8 }[step.grade];
  story.deliveries.push({
    date: isoDate(new Date(at.getTime() - 6 * HOUR)),
    quantity,
    grade: step.grade,
    amount_paid: Math.round(quantity * story.terms.price * discount),
    at,
    confirmed_at: null,
  });
}
