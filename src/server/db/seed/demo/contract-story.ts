import type { GradePrice, PaymentMethod } from '../../../../shared/settlement.js';
import { afterSign, awaitingParty, canTake, statusAfter } from '../../../modules/contracts/lifecycle.js';
import type { Actor, Change, Confirmable, Party, Step, Story, Terms } from './story-types.js';

/**
 * A demo contract's history told as the steps of the lifecycle, played by the server's own state-machine
 * table (modules/contracts/lifecycle.ts: who may take which step from where, where it leads, `awaiting`),
 * with a new terms version on counter and revise (voiding the older version's signatures) and approval once
 * both parties signed the current version; and its money: deliveries weighed and graded (worth their accepted
 * quantity at their grade's price), disputed or confirmed, advances and payments, each confirmed or not, the
 * amounts drawn as shares of what is owed when the step is taken (a payment never above it, as the server
 * refuses). The result is rows to insert; the seed test checks them against the invariants the actions keep.
 */

export type { Actor, Party, Step, Story, Terms } from './story-types.js';

/** A price table of grades A, B and C, B and C 10 % and 20 % below A (rounded to hundreds). */
export const gradesABC = (price: number): GradePrice[] => [
  { grade: 'A', price },
  { grade: 'B', price: Math.round((price * 0.9) / 100) * 100 },
  { grade: 'C', price: Math.round((price * 0.8) / 100) * 100 },
];

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
    advances: [],
    payments: [],
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
    else if (step.a === 'confirm') openOf(story.deliveries, step.a).confirmed_at = at;
    else if (step.a === 'dispute') {
      const open = openOf(story.deliveries, step.a);
      open.disputed_at = at;
      open.dispute_reason = note = step.reason;
    } else if (step.a === 'advance') advance(story, step, at);
    else if (step.a === 'confirm_advance') openOf(story.advances, step.a).confirmed_at = at;
    else if (step.a === 'pay') pay(story, step, at);
    else if (step.a === 'confirm_payment') openOf(story.payments, step.a).confirmed_at = at;
    else if (step.a === 'complete') {
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
    cover(story, at);
    story.awaiting = awaitingParty({
      status: next,
      petaniSigned: Boolean(story.signed.petani),
      mitraSigned: Boolean(story.signed.mitra),
      unconfirmedDeliveries: story.deliveries.some((d) => !d.confirmed_at && !d.disputed_at),
      unconfirmedMoney: [...story.advances, ...story.payments].some((row) => !row.confirmed_at),
      owed: settlementOf(story).outstanding > 0,
    });
  });
  return story;
}

/** The oldest row not yet confirmed (a delivery also not disputed), which a confirmation or dispute takes. */
function openOf<T extends Confirmable & { disputed_at?: Date | null }>(rows: T[], step: string): T {
  const open = rows.find((r) => !r.confirmed_at && !r.disputed_at);
  if (!open) throw new Error(`demo story: nothing to ${step}`);
  return open;
}

const total = <T extends Confirmable>(rows: T[], amount: (row: T) => number, confirmed = true) =>
  rows.filter((r) => (r.confirmed_at !== null) === confirmed).reduce((sum, r) => sum + amount(r), 0);

/** The settlement of a story so far (issue 31's semantics): confirmed rows count; unconfirmed payments are pending. */
export function settlementOf(story: Pick<Story, 'deliveries' | 'advances' | 'payments'>) {
  const gross = total(story.deliveries, (d) => d.value);
  const advances = total(story.advances, (a) => a.amount);
  const paid = total(story.payments, (p) => p.amount);
  const pending = total(story.payments, (p) => p.amount, false);
  return { gross, advances, paid, pending, outstanding: Math.max(Math.max(gross - advances, 0) - paid, 0) };
}

/** Gives the confirmed deliveries that advances and payments now cover the day they became so (others none). */
function cover(story: Story, at: Date) {
  const { advances, paid } = settlementOf(story);
  const confirmed = story.deliveries
    .filter((d) => d.confirmed_at)
    .sort((a, b) => a.confirmed_at!.getTime() - b.confirmed_at!.getTime());
  let cumulative = 0;
  for (const d of confirmed) {
    cumulative += d.value;
    d.paid_on = cumulative <= advances + paid ? (d.paid_on ?? dayOf(at)) : null;
  }
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
  if (step.a === 'pay') return new Date(last + 2 * DAY + gapHours * HOUR);
  if (['confirm', 'dispute', 'complete', 'confirm_payment'].includes(step.a))
    return new Date(last + DAY + gapHours * HOUR);
  return new Date(last + gapHours * HOUR);
}

/** Who takes a step: the role the lifecycle gives it, or the one the step names. */
function actorOf(step: Step): Actor {
  if ('by' in step) return step.by;
  return ['counter', 'reject', 'confirm', 'dispute', 'confirm_advance', 'confirm_payment'].includes(step.a)
    ? 'petani'
    : 'mitra';
}

function newVersion(story: Story, change: Change, by: Party, note: string | null, at: Date) {
  const t = story.terms;
  if (change.price) {
    t.prices = t.prices.map(({ grade, price }) => ({ grade, price: round100(price * change.price!) }));
    t.price = t.prices[0]!.price;
  }
  if (change.quantity) t.quantity = round100(t.quantity * change.quantity);
  if (change.delivery_terms) t.delivery_terms = change.delivery_terms;
  story.version += 1;
  story.versions.push({ ...t, prices: [...t.prices], version: story.version, note, proposed_role: by, at });
  for (const s of story.signatures) s.voided_at ??= at;
  story.signed = {};
}

function deliver(story: Story, step: Extract<Step, { a: 'deliver' }>, at: Date) {
  const gross = round100(story.terms.quantity * step.share);
  const rejected = Math.round(gross * (step.rejected ?? 0));
  const price = story.terms.prices.find((p) => p.grade === step.grade)?.price;
  if (price === undefined) throw new Error(`demo story: grade ${step.grade} is not in the price table`);
  if (rejected > 0 && !step.reason) throw new Error('demo story: a rejected part needs its reason');
  story.deliveries.push({
    date: dayOf(at),
    gross,
    accepted: gross - rejected,
    rejected,
    rejection_reason: rejected > 0 ? step.reason! : null,
    grade: step.grade,
    value: (gross - rejected) * price,
    dispute_reason: null,
    disputed_at: null,
    paid_on: null,
    at,
    confirmed_at: null,
  });
}

/** Rupiah rounded down to thousands, as people pay. */
const thousands = (rupiah: number) => Math.floor(rupiah / 1000) * 1000;

function advance(story: Story, step: Extract<Step, { a: 'advance' }>, at: Date) {
  const amount = thousands(story.terms.quantity * story.terms.price * step.share);
  story.advances.push({
    kind: step.kind,
    amount,
    note: step.note ?? null,
    date: dayOf(at),
    at,
    confirmed_at: null,
  });
}

const REFERENCE: Record<PaymentMethod, string> = { transfer: 'TRF', e_wallet: 'EWL', tunai: 'KWT' };

function pay(story: Story, step: Extract<Step, { a: 'pay' }>, at: Date) {
  const { outstanding, pending } = settlementOf(story);
  const owed = outstanding - pending;
  const amount = step.share >= 1 ? owed : thousands(owed * step.share);
  if (amount <= 0 || amount > owed)
    throw new Error(`demo story: a payment of ${amount} where ${owed} is owed`);
  const date = dayOf(at);
  story.payments.push({
    amount,
    method: step.method,
    reference: `${REFERENCE[step.method]}-${date.replaceAll('-', '')}-${story.payments.length + 1}`,
    date,
    at,
    confirmed_at: null,
  });
}

/** The calendar day of a moment in WIB (UTC+7), as the parties write it. */
const dayOf = (at: Date) => isoDate(new Date(at.getTime() + 7 * HOUR));
