/**
 * refreshSettlement over rows written directly: the totals, each delivery's paid_on and the due date follow
 * the confirmed deliveries in confirmation order against the confirmed advances and payments.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contractAdvances,
  contractDeliveries,
  contractPayments,
  contracts,
} from '../../src/server/db/schema.js';
import { refreshSettlement } from '../../src/server/modules/contracts/settlement-totals.js';
import { useTestApp } from './support/app.js';

const ctx = useTestApp();

const todayWib = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

async function freshContract(): Promise<number> {
  const [contract] = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.status, 'active'))
    .orderBy(contracts.id)
    .limit(1);
  const id = contract!.id;
  await ctx.db.delete(contractDeliveries).where(eq(contractDeliveries.contract_id, id));
  await ctx.db.delete(contractPayments).where(eq(contractPayments.contract_id, id));
  await ctx.db.delete(contractAdvances).where(eq(contractAdvances.contract_id, id));
  await ctx.db.update(contracts).set({ payment_days: 7 }).where(eq(contracts.id, id));
  return id;
}

let lot = 0;
const delivery = (contractId: number, value: number, status: string, confirmedAt: string | null) =>
  ctx.db
    .insert(contractDeliveries)
    .values({
      contract_id: contractId,
      lot_code: `TEST-REFR-${String(lot++).padStart(4, '0')}`,
      date: '2026-01-10',
      gross_quantity: 10,
      accepted_quantity: 10,
      grade: 'A',
      value,
      status: status as 'confirmed',
      confirmed_at: confirmedAt === null ? null : new Date(confirmedAt),
    })
    .returning({ id: contractDeliveries.id })
    .then((rows) => rows[0]!.id);

const refresh = (id: number) => ctx.db.transaction((tx) => refreshSettlement(tx, id));

async function state(id: number) {
  const [c] = await ctx.db
    .select({
      gross: contracts.settled_gross,
      advances: contracts.settled_advances,
      paid: contracts.settled_paid,
      pending: contracts.settled_pending,
      outstanding: contracts.settled_outstanding,
      due: contracts.payment_due_date,
    })
    .from(contracts)
    .where(eq(contracts.id, id));
  const paidOn = await ctx.db
    .select({ id: contractDeliveries.id, paid_on: contractDeliveries.paid_on })
    .from(contractDeliveries)
    .where(eq(contractDeliveries.contract_id, id))
    .orderBy(contractDeliveries.id);
  return { ...c!, paidOn: Object.fromEntries(paidOn.map((d) => [d.id, d.paid_on])) };
}

describe('refreshSettlement', () => {
  it('sums what counts and dates what is owed by confirmation order', async () => {
    const id = await freshContract();
    // Confirmed at 20:00 UTC = the next day in WIB; the second confirmed earlier though recorded later.
    const late = await delivery(id, 300_000, 'confirmed', '2026-02-01T20:00:00Z');
    const early = await delivery(id, 200_000, 'confirmed', '2026-01-20T03:00:00Z');
    const disputed = await delivery(id, 900_000, 'disputed', null);
    const recorded = await delivery(id, 800_000, 'recorded', null);
    await ctx.db.insert(contractAdvances).values([
      { contract_id: id, kind: 'pupuk', amount: 50_000, date: '2026-01-05', confirmed_at: new Date() },
      { contract_id: id, kind: 'benih', amount: 70_000, date: '2026-01-05' },
    ]);
    await ctx.db.insert(contractPayments).values([
      {
        contract_id: id,
        amount: 100_000,
        method: 'transfer',
        reference: 'T1',
        date: '2026-01-21',
        confirmed_at: new Date(),
      },
      { contract_id: id, amount: 40_000, method: 'tunai', reference: 'T2', date: '2026-01-22' },
    ]);
    await refresh(id);
    let s = await state(id);
    expect(s).toMatchObject({
      gross: 500_000,
      advances: 50_000,
      paid: 100_000,
      pending: 40_000,
      outstanding: 350_000,
    });
    // 150,000 covers nothing of the first delivery by confirmation (200,000): due 2026-01-20 + 7.
    expect(s.due).toBe('2026-01-27');
    expect(s.paidOn).toEqual({ [late]: null, [early]: null, [disputed]: null, [recorded]: null });

    // The pending payment confirmed: 50,000 + 140,000 still short of 200,000; another 10,000 covers it exactly.
    await ctx.db
      .update(contractPayments)
      .set({ confirmed_at: new Date() })
      .where(eq(contractPayments.contract_id, id));
    await ctx.db.insert(contractPayments).values({
      contract_id: id,
      amount: 10_000,
      method: 'e_wallet',
      reference: 'T3',
      date: '2026-02-02',
      confirmed_at: new Date(),
    });
    await refresh(id);
    s = await state(id);
    expect(s).toMatchObject({ paid: 150_000, pending: 0, outstanding: 300_000 });
    expect(s.due).toBe('2026-02-09');
    expect(s.paidOn).toEqual({ [late]: null, [early]: todayWib(), [disputed]: null, [recorded]: null });

    // A paid_on once set stays; covering all clears the due date.
    await ctx.db
      .update(contractDeliveries)
      .set({ paid_on: '2026-01-30' })
      .where(eq(contractDeliveries.id, early));
    await ctx.db.insert(contractPayments).values({
      contract_id: id,
      amount: 300_000,
      method: 'transfer',
      reference: 'T4',
      date: '2026-02-03',
      confirmed_at: new Date(),
    });
    await refresh(id);
    s = await state(id);
    expect(s).toMatchObject({ outstanding: 0, due: null });
    expect(s.paidOn).toEqual({
      [late]: todayWib(),
      [early]: '2026-01-30',
      [disputed]: null,
      [recorded]: null,
    });

    // The disputed delivery resolved as confirmed now: owed again, due from today; earlier ones stay paid.
    await ctx.db
      .update(contractDeliveries)
      .set({ status: 'confirmed', confirmed_at: sql`now()` })
      .where(eq(contractDeliveries.id, disputed));
    await refresh(id);
    s = await state(id);
    expect(s).toMatchObject({ gross: 1_400_000, outstanding: 900_000 });
    expect(s.paidOn[disputed]).toBeNull();
    expect(s.paidOn[late]).toBe(todayWib());
    const due = new Date(`${todayWib()}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 7);
    expect(s.due).toBe(due.toISOString().slice(0, 10));

    // A confirmed advance larger than everything: nothing owed, every confirmed delivery covered; a delivery
    // no longer confirmed loses its paid_on.
    await ctx.db.insert(contractAdvances).values({
      contract_id: id,
      kind: 'uang_tunai',
      amount: 5_000_000,
      date: '2026-01-05',
      confirmed_at: new Date(),
    });
    await ctx.db
      .update(contractDeliveries)
      .set({ status: 'disputed', confirmed_at: null })
      .where(eq(contractDeliveries.id, late));
    await refresh(id);
    s = await state(id);
    expect(s).toMatchObject({ gross: 1_100_000, outstanding: 0, due: null });
    expect(s.paidOn[late]).toBeNull();
    expect(s.paidOn[disputed]).toBe(todayWib());
  });
});
