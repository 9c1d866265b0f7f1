/**
 * The settlement's property test (issue 31), over real HTTP: random sequences of deliveries, confirmations,
 * disputes and their resolution, advances, payments (within and above what is owed) and their confirmations,
 * and the contract's completion, each by a random actor (the petani, the mitra, an admin, a stranger). After
 * every step the answer is the one the model expects (taken; refused 404 to a stranger, 403 to the wrong
 * party, 409 from a wrong status or row, 400 above what may be paid) and GET …/settlement, whose turn it is
 * and the rows listed equal a model computed here from the steps taken alone: a refused step changes
 * nothing, money is never negative and never paid beyond what is owed. Then concurrent payments: of several
 * sent at once whose sum exceeds what is owed, exactly those that fit are taken.
 *
 * SETTLEMENT_RUNS=n  sequences (default 12, 10 to 24 steps each); SETTLEMENT_SEED=s replays a run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, useTestApp, type CallResult, type Json } from './support/app.js';
import { BASE, postAs, useContractCast } from './support/contract-cast.js';
import {
  advance,
  confirmAdvance,
  confirmDelivery,
  confirmedDelivery,
  confirmPayment,
  deliver,
  disputeDelivery,
  gradedContract,
  pay,
  settlement,
} from './support/settlement.js';

const RUNS = Number(process.env.SETTLEMENT_RUNS ?? 12);
const SEED = Number(process.env.SETTLEMENT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PRICES: Record<string, number> = { A: 5000, B: 3500 };
const PAYMENT_DAYS = 7;

const ctx = useTestApp();
const cast = useContractCast(ctx);

const KINDS = [
  'deliver',
  'confirm',
  'dispute',
  'resolve',
  'advance',
  'confirm_advance',
  'pay',
  'pay_over',
  'confirm_payment',
  'complete',
] as const;
type Kind = (typeof KINDS)[number];
type Who = 'petani' | 'mitra' | 'admin' | 'stranger';

/** Who takes each step, and from which contract statuses (docs/API.md). */
const RULES: Record<Kind, { by: Who; from: string[] }> = {
  deliver: { by: 'mitra', from: ['active'] },
  confirm: { by: 'petani', from: ['active'] },
  dispute: { by: 'petani', from: ['active'] },
  resolve: { by: 'admin', from: ['active'] },
  advance: { by: 'mitra', from: ['approved', 'active'] },
  confirm_advance: { by: 'petani', from: ['approved', 'active', 'completed', 'cancelled'] },
  pay: { by: 'mitra', from: ['active', 'completed', 'cancelled'] },
  pay_over: { by: 'mitra', from: ['active', 'completed', 'cancelled'] },
  confirm_payment: { by: 'petani', from: ['active', 'completed', 'cancelled'] },
  complete: { by: 'mitra', from: ['active'] },
};

interface Planned {
  kind: Kind;
  who: Who | 'right';
  /** A step on a row takes one it can be taken on, when there is one; otherwise any row. */
  aim: boolean;
  /** Which row a step on a row takes, which stranger, which grade (0 … 1). */
  pick: number;
  /** An amount's or quantity's share of its range (0 … 1). */
  size: number;
}

/** How often each step is planned: the ones that move money more often than the rare ones. */
const WEIGHTS: Record<Kind, number> = {
  deliver: 3,
  confirm: 3,
  dispute: 1,
  resolve: 1,
  advance: 2,
  confirm_advance: 2,
  pay: 4,
  pay_over: 1,
  confirm_payment: 3,
  complete: 1,
};

const planned: fc.Arbitrary<Planned> = fc.record({
  kind: fc.oneof(...KINDS.map((kind) => ({ weight: WEIGHTS[kind], arbitrary: fc.constant(kind) }))),
  aim: fc.nat({ max: 3 }).map((n) => n > 0),
  who: fc.oneof(
    { weight: 4, arbitrary: fc.constant('right' as const) },
    { weight: 1, arbitrary: fc.constantFrom<Who>('petani', 'mitra', 'admin', 'stranger') },
  ),
  pick: fc.nat({ max: 999 }).map((n) => n / 1000),
  size: fc.nat({ max: 1000 }).map((n) => n / 1000),
});

/**
 * Every run opens with a confirmed delivery (Rp 500.000), a confirmed advance and a confirmed payment within what
 * is owed: something is owed and may be paid in the rest of it, and every run takes each kind of money step at
 * least once whatever the random plan that follows.
 */
const OPENING: Planned[] = [
  { kind: 'deliver', who: 'right', aim: true, pick: 0, size: 0.5 },
  { kind: 'confirm', who: 'right', aim: true, pick: 0, size: 0 },
  { kind: 'advance', who: 'right', aim: true, pick: 0, size: 0.1 },
  { kind: 'confirm_advance', who: 'right', aim: true, pick: 0, size: 0 },
  { kind: 'pay', who: 'right', aim: true, pick: 0, size: 0.3 },
  { kind: 'confirm_payment', who: 'right', aim: true, pick: 0, size: 0 },
];

interface Row {
  id: number;
  amount: number;
  confirmed: boolean;
}
interface ModelDelivery {
  id: number;
  value: number;
  status: 'recorded' | 'confirmed' | 'disputed';
  confirmedAt: string | null;
}
interface Model {
  status: string;
  deliveries: ModelDelivery[];
  advances: Row[];
  payments: Row[];
}

const sum = (rows: { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);
const wibDay = (at: string | Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(at));
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The settlement as docs/API.md defines it, from the model's rows alone. */
function expectedSettlement(m: Model) {
  const confirmed = m.deliveries
    .filter((d) => d.status === 'confirmed')
    .sort((a, b) => a.confirmedAt!.localeCompare(b.confirmedAt!) || a.id - b.id);
  const gross = confirmed.reduce((total, d) => total + d.value, 0);
  const advances = sum(m.advances.filter((a) => a.confirmed));
  const paid = sum(m.payments.filter((p) => p.confirmed));
  const pending = sum(m.payments.filter((p) => !p.confirmed));
  const net = Math.max(gross - advances, 0);
  const outstanding = Math.max(net - paid, 0);
  let cumulative = 0;
  const due = confirmed.find((d) => (cumulative += d.value) > advances + paid);
  const dueDate = due ? addDays(wibDay(due.confirmedAt!), PAYMENT_DAYS) : null;
  const today = wibDay(new Date());
  const status =
    outstanding > 0 && dueDate !== null && dueDate < today
      ? 'overdue'
      : outstanding === 0 && gross > 0
        ? 'paid'
        : paid > 0
          ? 'partial'
          : 'unpaid';
  return {
    gross,
    advances,
    net,
    paid,
    pending,
    outstanding,
    payment_status: status,
    due_date: dueDate,
    payment_days: PAYMENT_DAYS,
    advance_balance: Math.max(advances - gross, 0),
  };
}

/** Whose turn it is: the petani while something waits for their confirmation, else the mitra's (while owed). */
function expectedAwaiting(m: Model): string | null {
  const money = m.advances.some((a) => !a.confirmed) || m.payments.some((p) => !p.confirmed);
  if (m.status === 'active')
    return m.deliveries.some((d) => d.status === 'recorded') || money ? 'petani' : 'mitra';
  return money ? 'petani' : expectedSettlement(m).outstanding > 0 ? 'mitra' : null;
}

/** What may still be paid: what is owed less what awaits confirmation. */
const room = (m: Model) =>
  Math.max(expectedSettlement(m).outstanding - sum(m.payments.filter((p) => !p.confirmed)), 0);

/** The row a step takes: `pick` of those `fits` when aimed and any does, else of all. */
function pickOf<T>(rows: T[], p: Planned, fits: (row: T) => boolean): T | undefined {
  const aimed = rows.filter(fits);
  const from = p.aim && aimed.length > 0 ? aimed : rows;
  return from[Math.floor(p.pick * from.length)];
}

interface Taken {
  res: CallResult;
  /** The status the model expects; `onTaken` updates the model when the step is taken. */
  expected: number;
  onTaken?: (data: Json) => void;
}

async function take(id: number, m: Model, p: Planned, trace: string[]): Promise<Taken> {
  const rule = RULES[p.kind];
  const who = p.who === 'right' ? rule.by : p.who;
  const token =
    who === 'stranger' ? (p.pick < 0.5 ? cast.tokens.otherPetani : cast.tokens.otherMitra) : cast.tokens[who];
  // Who and from which status, in takeStep's order; then the step's own checks.
  const refusal = who === 'stranger' ? 404 : who !== rule.by ? 403 : !rule.from.includes(m.status) ? 409 : 0;
  const done = (expected: number, res: Promise<CallResult>, onTaken?: (data: Json) => void) =>
    res.then((r) => ({ res: r, expected: refusal || expected, onTaken }));
  const url = `${BASE}/${id}`;
  trace.push(`${p.kind} by ${who} (${m.status})`);
  switch (p.kind) {
    case 'deliver': {
      const grade = p.pick < 0.5 ? 'A' : 'B';
      const accepted = (1 + Math.round(p.size * 19_999)) / 100;
      return done(201, deliver(ctx, token, id, accepted, grade), (d) => {
        expect(d.value).toBe(Math.round(accepted * PRICES[grade]!));
        m.deliveries.push({ id: d.id, value: d.value, status: 'recorded', confirmedAt: null });
      });
    }
    case 'confirm':
    case 'dispute':
    case 'resolve': {
      const from = p.kind === 'resolve' ? 'disputed' : 'recorded';
      const target = pickOf(m.deliveries, p, (d) => d.status === from);
      const expected = !target ? 404 : target.status !== from ? 409 : 200;
      const deliveryId = target?.id ?? 999_999;
      const res =
        p.kind === 'confirm'
          ? confirmDelivery(ctx, token, id, deliveryId)
          : p.kind === 'dispute'
            ? disputeDelivery(ctx, token, id, deliveryId)
            : postAs(ctx, `${url}/deliveries/${deliveryId}/resolve`, token, { note: 'Diperiksa ulang' });
      return done(expected, res, (d) => {
        target!.status = p.kind === 'dispute' ? 'disputed' : 'confirmed';
        target!.confirmedAt = d.confirmed_at ?? null;
        expect(d.status).toBe(target!.status);
      });
    }
    case 'advance': {
      const amount = 1000 + Math.floor(p.size * 300_000);
      return done(201, advance(ctx, token, id, amount), (a) => {
        m.advances.push({ id: a.id, amount, confirmed: false });
      });
    }
    case 'pay':
    case 'pay_over': {
      const fits = room(m);
      const amount =
        p.kind === 'pay' && fits > 0
          ? 1 + Math.floor(p.size * (fits - 1))
          : fits + 1 + Math.floor(p.size * 1000);
      return done(amount <= fits ? 201 : 400, pay(ctx, token, id, amount), (pd) => {
        m.payments.push({ id: pd.id, amount, confirmed: false });
      });
    }
    case 'confirm_advance':
    case 'confirm_payment': {
      const rows = p.kind === 'confirm_advance' ? m.advances : m.payments;
      const target = pickOf(rows, p, (row) => !row.confirmed);
      const rowId = target?.id ?? 999_999;
      const expected = !target ? 404 : target.confirmed ? 409 : 200;
      const res =
        p.kind === 'confirm_advance'
          ? confirmAdvance(ctx, token, id, rowId)
          : confirmPayment(ctx, token, id, rowId);
      return done(expected, res, () => {
        target!.confirmed = true;
      });
    }
    case 'complete': {
      const ready = m.deliveries.length > 0 && m.deliveries.every((d) => d.status === 'confirmed');
      return done(ready ? 200 : 409, postAs(ctx, `${url}/complete`, token), () => {
        m.status = 'completed';
      });
    }
  }
}

/** What the server shows of the contract's money: the settlement, whose turn, the rows listed. */
async function observed(id: number) {
  const [s, contract, advances, payments] = await Promise.all([
    settlement(ctx, cast.tokens.petani, id),
    call(ctx, { url: `${BASE}/${id}`, token: cast.tokens.mitra }),
    call(ctx, { url: `${BASE}/${id}/advances`, token: cast.tokens.admin }),
    call(ctx, { url: `${BASE}/${id}/payments`, token: cast.tokens.petani }),
  ]);
  return {
    settlement: s,
    status: contract.json.data.status as string,
    awaiting: contract.json.data.awaiting as string | null,
    paymentStatus: contract.json.data.payment_status as string,
    advances: (advances.json.data as Json[]).map((a) => ({
      id: a.id,
      amount: a.amount,
      confirmed: !!a.confirmed_at,
    })),
    payments: (payments.json.data as Json[]).map((p) => ({
      id: p.id,
      amount: p.amount,
      confirmed: !!p.confirmed_at,
    })),
  };
}

const tally = { steps: 0, taken: new Set<string>(), refused: new Set<number>(), statuses: new Set<string>() };

describe('random sequences of steps on a contract’s money', () => {
  async function run(plan: Planned[]) {
    const trace: string[] = [];
    try {
      const id = await gradedContract(ctx, cast);
      const m: Model = { status: 'active', deliveries: [], advances: [], payments: [] };
      for (const p of plan) {
        const { res, expected, onTaken } = await take(id, m, p, trace);
        expect(res.statusCode, `${trace.at(-1)}: ${res.body}`).toBe(expected);
        if (expected < 300) {
          onTaken?.(res.json.data as Json);
          tally.taken.add(p.kind);
        } else tally.refused.add(expected);
        if (p.kind === 'pay_over' && expected === 400)
          expect(res.json.errors.map((e: Json) => e.field)).toEqual(['amount']);
        tally.steps++;

        const seen = await observed(id);
        const want = expectedSettlement(m);
        expect(seen.settlement, trace.join(' → ')).toEqual(want);
        expect(seen.status).toBe(m.status);
        expect(seen.awaiting, trace.join(' → ')).toBe(expectedAwaiting(m));
        expect(seen.paymentStatus).toBe(want.payment_status);
        expect(seen.advances).toEqual(m.advances);
        expect(seen.payments).toEqual(m.payments);
        for (const value of Object.values(want))
          if (typeof value === 'number') expect(value).toBeGreaterThanOrEqual(0);
        tally.statuses.add(want.payment_status);
      }
    } catch (err) {
      throw new Error(`seed ${SEED}: ${trace.join(' → ')}\n${(err as Error).message}`, { cause: err });
    }
  }

  it('keep the settlement equal to the model, refusing the wrong party and anything above what is owed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(planned, { minLength: 10, maxLength: 24 }), (plan) =>
        run([...OPENING, ...plan]),
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
      },
    );
    // The runs could have failed: they took each kind of step and met each refusal.
    expect([...tally.taken].sort()).toEqual(
      expect.arrayContaining(['advance', 'confirm', 'confirm_advance', 'confirm_payment', 'deliver', 'pay']),
    );
    expect([...tally.refused].sort()).toEqual(expect.arrayContaining([400, 403, 404, 409]));
    expect(tally.statuses.has('partial') || tally.statuses.has('paid')).toBe(true);
  }, 300_000);
});

describe('concurrent payments', () => {
  async function owing(value: number): Promise<number> {
    const id = await gradedContract(ctx, cast);
    await confirmedDelivery(ctx, cast, id, value / PRICES.A!, 'A');
    return id;
  }

  it('take exactly as many equal payments as fit', async () => {
    const id = await owing(1_000_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pay(ctx, cast.tokens.mitra, id, 300_000, { reference: `PAR-${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 400, 400, 400]);
    expect(await settlement(ctx, cast.tokens.petani, id)).toMatchObject({
      pending: 900_000,
      outstanding: 1_000_000,
    });
  });

  it('never take more than is owed from payments of different amounts, refusing only what no longer fits', async () => {
    const id = await owing(1_000_000);
    const amounts = [450_000, 350_000, 250_000, 150_000, 120_000, 90_000, 60_000];
    const answers = await Promise.all(amounts.map((amount) => pay(ctx, cast.tokens.mitra, id, amount)));
    const taken = amounts.filter((_, i) => answers[i]!.statusCode === 201);
    const refused = amounts.filter((_, i) => answers[i]!.statusCode === 400);
    expect(taken.length + refused.length).toBe(amounts.length);
    const total = taken.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1_000_000);
    // Room only shrinks: what was refused does not fit what is left now either.
    for (const amount of refused) expect(amount).toBeGreaterThan(1_000_000 - total);
    const s = await settlement(ctx, cast.tokens.petani, id);
    expect(s).toMatchObject({ pending: total, paid: 0, outstanding: 1_000_000 });
    const listed = await call(ctx, { url: `${BASE}/${id}/payments`, token: cast.tokens.mitra });
    expect((listed.json.data as Json[]).map((p) => p.amount).sort()).toEqual([...taken].sort());
  });
});
