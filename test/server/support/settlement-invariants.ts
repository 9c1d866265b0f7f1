import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../src/server/db/engine/client.js';

/**
 * What every contract's money must satisfy whoever wrote it (the actions, the demo seed, seed:scale), recomputed
 * here from the rows by issue 31's semantics: each delivery worth round(accepted × its grade's price) with
 * accepted + rejected within gross and a reason for a rejected part; the contract's settled_gross, _advances,
 * _paid and _pending the sums of its confirmed deliveries, confirmed advances, confirmed and unconfirmed
 * payments; the confirmed deliveries in order of (confirmed_at, id) against advances + paid: each covered one
 * with a paid_on and the others none, and the due date the first uncovered one's confirmation day (WIB) +
 * payment_days. Answers the problems found (empty when none), each naming the contract.
 */
export async function settlementProblems(db: Db | Tx): Promise<string[]> {
  const contracts = await queryRows<Contract>(
    db,
    sql`
    select c.id, c.payment_days, c.prices, c.payment_due_date::text as due_date,
      c.settled_gross::float8 as gross, c.settled_advances::float8 as advances, c.settled_paid::float8 as paid,
      c.settled_pending::float8 as pending,
      (select coalesce(sum(amount), 0)::float8 from contract_advances where contract_id = c.id and confirmed_at is not null) as advanced,
      (select coalesce(sum(amount), 0)::float8 from contract_payments where contract_id = c.id and confirmed_at is not null) as confirmed,
      (select coalesce(sum(amount), 0)::float8 from contract_payments where contract_id = c.id and confirmed_at is null) as unconfirmed
    from contracts c order by c.id`,
  );
  const deliveries = await queryRows<Delivery>(
    db,
    sql`
    select contract_id, id, status, grade, value::float8 as value, gross_quantity::text as gross,
      accepted_quantity::text as accepted, rejected_quantity::text as rejected, rejection_reason,
      extract(epoch from confirmed_at)::float8 * 1000 as confirmed_ms, paid_on::text as paid_on
    from contract_deliveries order by contract_id, confirmed_at, id`,
  );
  const byContract = new Map<number, Delivery[]>();
  for (const d of deliveries) byContract.set(d.contract_id, [...(byContract.get(d.contract_id) ?? []), d]);
  const problems: string[] = [];
  for (const c of contracts) {
    const say = (text: string) => problems.push(`contract ${c.id}: ${text}`);
    const mine = byContract.get(c.id) ?? [];
    for (const d of mine) deliveryProblems(c, d, (text) => say(`delivery ${d.id}: ${text}`));
    const confirmed = mine.filter((d) => d.status === 'confirmed');
    const expected = {
      gross: confirmed.reduce((sum, d) => sum + d.value, 0),
      advances: c.advanced,
      paid: c.confirmed,
      pending: c.unconfirmed,
    };
    for (const [key, value] of Object.entries(expected))
      if (c[key as keyof typeof expected] !== value)
        say(`settled ${key} ${c[key as keyof typeof expected]}, the rows say ${value}`);
    let cumulative = 0;
    let due: string | null = null;
    for (const d of confirmed) {
      cumulative += d.value;
      const covered = cumulative <= c.advanced + c.confirmed;
      if (covered !== (d.paid_on !== null)) say(`delivery ${d.id}: paid_on ${d.paid_on}, covered ${covered}`);
      if (!covered && due === null) due = addDays(wibDay(d.confirmed_ms!), c.payment_days);
    }
    for (const d of mine)
      if (d.status !== 'confirmed' && d.paid_on !== null) say(`delivery ${d.id} (${d.status}) has a paid_on`);
    if (c.due_date !== due) say(`due ${c.due_date}, expected ${due}`);
  }
  return problems;
}

interface Contract {
  id: number;
  payment_days: number;
  prices: { grade: string; price: number }[];
  due_date: string | null;
  gross: number;
  advances: number;
  paid: number;
  pending: number;
  advanced: number;
  confirmed: number;
  unconfirmed: number;
}
interface Delivery {
  contract_id: number;
  id: number;
  status: string;
  grade: string;
  value: number;
  gross: string;
  accepted: string;
  rejected: string;
  rejection_reason: string | null;
  confirmed_ms: number | null;
  paid_on: string | null;
}

/** Hundredths of a quantity as an integer (quantities have at most 2 decimals). */
const hundredths = (quantity: string) => Math.round(Number(quantity) * 100);

function deliveryProblems(c: Contract, d: Delivery, say: (text: string) => void) {
  const price = c.prices.find((p) => p.grade === d.grade)?.price;
  if (price === undefined) return say(`grade ${d.grade} is not in the price table`);
  // round(accepted × price) exactly: hundredths × price is an integer, halves rounded away from zero.
  const cents = hundredths(d.accepted) * price;
  if (d.value !== Math.floor((cents + 50) / 100)) say(`value ${d.value} for ${d.accepted} × ${price}`);
  if (hundredths(d.accepted) + hundredths(d.rejected) > hundredths(d.gross))
    say(`accepted ${d.accepted} + rejected ${d.rejected} above gross ${d.gross}`);
  if (hundredths(d.rejected) > 0 && !d.rejection_reason) say('a rejected part without its reason');
}

const wibDay = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
