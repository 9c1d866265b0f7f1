import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractDeliveries, contracts, mitraProfiles, users } from '../../src/server/db/schema.js';
import { FINANCE_CSV } from '../../src/shared/messages/finance.js';
import { call, demoTokens, useTestApp, userIdOf, type Json } from './support/app.js';

/*
 * The finance view's figures against sums computed here from every contract and delivery read back: the rows
 * this file inserts (every case of owing, overdue and paid) and whatever the seed holds.
 */

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;

const DAY_MS = 86_400_000;
const todayWib = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const dayPlus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

let mitraIds: number[];
let petaniId: number;
let lots = 0;

/** A contract with the given settlement totals (the settlement module keeps them; here they are given). */
async function contractWith(
  mitraId: number | null,
  money: { gross: number; advances?: number; paid?: number; due?: string | null },
  title = 'Kontrak keuangan',
) {
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      title,
      status: 'active',
      petani_id: petaniId,
      mitra_id: mitraId,
      commodity: 'Padi',
      quantity: 1000,
      price: 5000,
      prices: [{ grade: 'A', price: 5000 }],
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      settled_gross: money.gross,
      settled_advances: money.advances ?? 0,
      settled_paid: money.paid ?? 0,
      payment_due_date: money.due ?? null,
    })
    .returning({ id: contracts.id });
  return row!.id;
}

/** A confirmed delivery confirmed on `confirmed` (a WIB day) and covered by payments on `paidOn`. */
async function deliveryPaid(contractId: number, confirmed: string, paidOn: string | null) {
  lots += 1;
  await ctx.db.insert(contractDeliveries).values({
    contract_id: contractId,
    lot_code: `FNCE-TEST-${String(lots).padStart(4, '0')}`,
    date: confirmed,
    gross_quantity: 10,
    accepted_quantity: 10,
    rejected_quantity: 0,
    grade: 'A',
    value: 50_000,
    status: 'confirmed',
    confirmed_at: new Date(`${confirmed}T10:00:00+07:00`),
    paid_on: paidOn,
  });
}

const get = async (url: string, token = admin) => {
  const res = await call(ctx, { url: `/api/v1/admin/finance${url}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** The figures computed from every row read back. */
async function expected() {
  const today = todayWib();
  const rows = await ctx.db
    .select({
      id: contracts.id,
      title: contracts.title,
      mitra_id: contracts.mitra_id,
      petani_id: contracts.petani_id,
      gross: contracts.settled_gross,
      paid: contracts.settled_paid,
      outstanding: contracts.settled_outstanding,
      due: contracts.payment_due_date,
    })
    .from(contracts);
  const owing = rows.filter((r) => r.outstanding! > 0);
  const overdue = owing.filter((r) => r.due !== null && r.due < today);
  const sum = (list: { outstanding: number | null }[]) => list.reduce((a, r) => a + r.outstanding!, 0);
  const delays = (
    await ctx.db
      .select({ confirmed_at: contractDeliveries.confirmed_at, paid_on: contractDeliveries.paid_on })
      .from(contractDeliveries)
  )
    .filter((d) => d.paid_on !== null && d.confirmed_at !== null && d.paid_on > dayPlus(today, -90))
    .map((d) => {
      const confirmed = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
        d.confirmed_at!,
      );
      return Math.max(daysBetween(confirmed, d.paid_on!), 0);
    })
    .sort((a, b) => a - b);
  const mid = delays.length / 2;
  const median =
    delays.length === 0
      ? null
      : delays.length % 2
        ? delays[Math.floor(mid)]!
        : (delays[mid - 1]! + delays[mid]!) / 2;
  return {
    today,
    rows,
    owing,
    overdue,
    summary: {
      value_delivered: rows.reduce((a, r) => a + r.gross, 0),
      paid: rows.reduce((a, r) => a + r.paid, 0),
      outstanding: sum(owing),
      owing_contracts: owing.length,
      overdue_amount: sum(overdue),
      overdue_count: overdue.length,
      median_days_to_payment: median,
      paid_deliveries_90d: delays.length,
      today,
    },
  };
}

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
  mitraIds = [
    await userIdOf(ctx, 'mitra', 0),
    await userIdOf(ctx, 'mitra', 1),
    await userIdOf(ctx, 'mitra', 2),
  ];
  const today = todayWib();
  const [m0, m1, m2] = mitraIds as [number, number, number];
  // m0: one overdue, one due later, one paid in full; m1: overdue long ago, advances deducted; m2: not yet due.
  const late = await contractWith(
    m0,
    { gross: 12_500_000, paid: 2_500_000, due: dayPlus(today, -3) },
    '=HYPERLINK("x")',
  );
  await contractWith(m0, { gross: 4_000_000, due: dayPlus(today, 5) });
  const paid = await contractWith(m0, { gross: 3_000_000, paid: 3_000_000 });
  await contractWith(m1, { gross: 9_000_000, advances: 1_500_000, paid: 500_000, due: dayPlus(today, -40) });
  await contractWith(m2, { gross: 2_000_000, due: today });
  // Advances above what was delivered: nothing owed.
  await contractWith(m2, { gross: 1_000_000, advances: 1_200_000 });
  // A mitra whose account was deleted still owes.
  await contractWith(null, { gross: 700_000, due: dayPlus(today, -1) });
  await deliveryPaid(paid, dayPlus(today, -20), dayPlus(today, -12));
  await deliveryPaid(paid, dayPlus(today, -10), dayPlus(today, -7));
  await deliveryPaid(late, dayPlus(today, -30), dayPlus(today, -28));
  await deliveryPaid(late, dayPlus(today, -200), dayPlus(today, -150)); // paid before the 90 days
  await deliveryPaid(late, dayPlus(today, -3), null); // not paid
});

describe('GET /admin/finance/summary', () => {
  it('answers the totals, the overdue and the median delay computed from the rows', async () => {
    const want = await expected();
    expect(want.overdue.length).toBeGreaterThanOrEqual(3);
    expect(want.summary.median_days_to_payment).not.toBeNull();
    expect((await get('/summary')).json.data).toEqual(want.summary);
  });

  it('follows a payment recorded on a contract (the counters move with the row)', async () => {
    const [m1] = [mitraIds[1]!];
    const [row] = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.mitra_id, m1))
      .orderBy(sql`${contracts.settled_outstanding} desc`)
      .limit(1);
    const before = (await get('/summary')).json.data as Json;
    await ctx.db
      .update(contracts)
      .set({ settled_paid: sql`${contracts.settled_paid} + 1000000` })
      .where(eq(contracts.id, row!.id));
    const after = (await get('/summary')).json.data as Json;
    expect(after.paid).toBe(before.paid + 1_000_000);
    expect(after).toEqual((await expected()).summary);
  });
});

describe('GET /admin/finance/outstanding', () => {
  it('gives each owing mitra its sums, largest first, paged with an exact total', async () => {
    const want = await expected();
    const byMitra = new Map<number | null, typeof want.owing>();
    for (const r of want.owing) byMitra.set(r.mitra_id, [...(byMitra.get(r.mitra_id) ?? []), r]);
    const names = new Map(
      (
        await ctx.db
          .select({ id: users.id, name: users.full_name, company: mitraProfiles.company_name })
          .from(users)
          .leftJoin(mitraProfiles, eq(mitraProfiles.user_id, users.id))
      ).map((u) => [u.id, u]),
    );
    const rows = [...byMitra].map(([mitraId, list]) => ({
      mitra_id: mitraId,
      mitra_name: mitraId === null ? null : names.get(mitraId)!.name,
      company_name: mitraId === null ? null : names.get(mitraId)!.company,
      contracts_owing: list.length,
      outstanding: list.reduce((a, r) => a + r.outstanding!, 0),
      overdue_amount: list
        .filter((r) => r.due !== null && r.due < want.today)
        .reduce((a, r) => a + r.outstanding!, 0),
      oldest_due_date:
        list
          .map((r) => r.due)
          .filter((d) => d !== null)
          .sort()[0] ?? null,
    }));
    rows.sort((a, b) => b.outstanding - a.outstanding || (a.mitra_id ?? Infinity) - (b.mitra_id ?? Infinity));

    const all = (await get('/outstanding?limit=100')).json;
    expect(all.data).toEqual(rows);
    expect(all.pagination).toMatchObject({ total: rows.length, totalExact: true, page: 1 });
    expect(rows.map((r) => r.mitra_id)).toEqual(expect.arrayContaining([...mitraIds, null]));

    const second = (await get('/outstanding?limit=2&page=2')).json;
    expect(second.data).toEqual(rows.slice(2, 4));
    expect(second.pagination).toMatchObject({ total: rows.length, totalPages: Math.ceil(rows.length / 2) });
  });
});

describe('GET /admin/finance/overdue', () => {
  it('lists the contracts owing past their due date, longest late first, with the days late', async () => {
    const want = await expected();
    const names = new Map(
      (await ctx.db.select({ id: users.id, name: users.full_name }).from(users)).map((u) => [u.id, u.name]),
    );
    const rows = [...want.overdue]
      .sort((a, b) => a.due!.localeCompare(b.due!) || a.id - b.id)
      .map((r) => ({
        id: r.id,
        title: r.title,
        mitra_id: r.mitra_id,
        mitra_name: r.mitra_id === null ? null : names.get(r.mitra_id)!,
        petani_id: r.petani_id,
        petani_name: r.petani_id === null ? null : names.get(r.petani_id)!,
        outstanding: r.outstanding,
        due_date: r.due,
        days_late: daysBetween(r.due!, want.today),
      }));
    const all = (await get('/overdue?limit=100')).json;
    expect(all.data).toEqual(rows);
    expect(all.pagination).toMatchObject({ total: rows.length, totalExact: true });
    // Due today is not late yet.
    expect(all.data.every((r: Json) => r.days_late >= 1)).toBe(true);
    expect((await get('/overdue?limit=1&page=2')).json.data).toEqual(rows.slice(1, 2));
  });

  it('refuses a parameter it does not take, by name', async () => {
    const res = await call(ctx, { url: '/api/v1/admin/finance/overdue?sort=title', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sort');
  });
});

/** A whole CSV text (RFC 4180: quoted cells with doubled quotes, CRLF lines) as rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell).toBe('');
  return rows;
}

describe('CSV exports', () => {
  it('outstanding.csv holds every row of the list, Indonesian headers, as an attachment', async () => {
    const res = await get('/outstanding.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tanimitra-sisa-tagihan-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body.slice(1));
    expect(header).toEqual(Object.values(FINANCE_CSV.outstanding));
    const list = (await get('/outstanding?limit=100')).json.data as Json[];
    expect(lines).toEqual(
      list.map((r) =>
        [
          r.mitra_id,
          r.mitra_name,
          r.company_name,
          r.contracts_owing,
          r.outstanding,
          r.overdue_amount,
          r.oldest_due_date,
        ].map((v) => (v === null ? '' : String(v))),
      ),
    );
  });

  it('overdue.csv holds every overdue contract, a formula-like title made text', async () => {
    const res = await get('/overdue.csv');
    expect(res.headers['content-disposition']).toMatch(
      /filename="tanimitra-pembayaran-terlambat-[\d-]+\.csv"/,
    );
    const [header, ...lines] = parseCsv(res.body.slice(1));
    expect(header).toEqual(Object.values(FINANCE_CSV.overdue));
    const list = (await get('/overdue?limit=100')).json.data as Json[];
    expect(lines.map((l) => Number(l[0]))).toEqual(list.map((r) => r.id));
    expect(lines.map((l) => Number(l[6]))).toEqual(list.map((r) => r.outstanding));
    expect(lines.map((l) => Number(l[8]))).toEqual(list.map((r) => r.days_late));
    expect(lines.map((l) => l[1])).toContain(`'=HYPERLINK("x")`);
  });
});

describe('who may read the finance view', () => {
  it.each(['/summary', '/outstanding', '/overdue', '/outstanding.csv', '/overdue.csv'])(
    '%s: admins only (401 without a token, 403 for a petani or mitra)',
    async (path) => {
      const url = `/api/v1/admin/finance${path}`;
      expect((await call(ctx, { url })).statusCode).toBe(401);
      expect((await call(ctx, { url, token: petani })).statusCode).toBe(403);
      const res = await call(ctx, { url, token: mitra });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('outstanding');
    },
  );
});
