/**
 * Terms a contract cannot have (issue 26, finding 6): an offer, a counter-offer, a revision or an admin's
 * edit of 0 kg or at Rp 0 is refused with 400 naming the field ('Jumlah harus lebih dari 0', 'Harga harus
 * berupa rupiah bulat lebih dari 0'), and changes nothing. The price table by grade (issue 31): `prices`
 * [{grade, price}], or `price` alone as grade A, each refusal naming its row.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { MAX_GRADES, MAX_RUPIAH } from '../../src/shared/settlement.js';
import { call, type Json } from './support/app.js';
import { BASE, newLahan, offer } from './support/contract-cast.js';
import { reach } from './support/contract-fixtures.js';
import { snapshot, step, useLifecycleApp } from './support/contract-steps.js';

const M = MESSAGES.contract;
const world = useLifecycleApp();
const { ctx } = world;

const ZERO_TERMS = [
  [{ quantity: 0 }, 'quantity', 'Jumlah harus lebih dari 0'],
  [{ price: 0 }, 'price', 'Harga harus berupa rupiah bulat lebih dari 0'],
  [{ price: '0.00' }, 'price', M.priceInvalid],
  [{ quantity: 0.001 }, 'quantity', M.quantityInvalid],
] as const;

describe('quantity and price above 0', () => {
  it.each(ZERO_TERMS)('an offer of %j: 400 naming the field, no contract', async (terms, field, message) => {
    for (const by of ['mitra', 'admin'] as const) {
      const lahanId = await newLahan(ctx, world.cast);
      const res = await offer(ctx, world.cast, lahanId, by, terms);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json.errors).toEqual([{ field, message }]);
      const onLahan = await call(ctx, { url: `${BASE}/lahan/${lahanId}`, token: world.cast.tokens.admin });
      expect(onLahan.json.data).toEqual([]);
    }
  });

  it.each(ZERO_TERMS)(
    'a counter, a revision or an edit to %j: 400, nothing changed',
    async (terms, field) => {
      const { id } = await reach(ctx, world.cast, 'pending');
      const before = await snapshot(ctx, world.cast, id);
      const answers = [
        await step(ctx, world.cast, id, 'counter', 'petani', { body: terms }),
        await step(ctx, world.cast, id, 'revise', 'mitra', { body: terms }),
        await call(ctx, {
          method: 'PUT',
          url: `${BASE}/${id}`,
          token: world.cast.tokens.admin,
          payload: terms,
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
      }
      expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    },
  );
});

const grades = (...rows: [string, unknown][]) => rows.map(([grade, price]) => ({ grade, price }));
const TWO_GRADES = grades(['A', 6000], ['B', 4500]);
const TOO_MANY = Array.from({ length: MAX_GRADES + 1 }, (_, i) => ({ grade: `G${i}`, price: 1000 }));

/** Bodies refused on the price table, with the field named (the row's part) and its message. */
const BAD_PRICES: [Json, string, string][] = [
  [{ prices: [] }, 'prices', M.pricesInvalid(MAX_GRADES)],
  [{ prices: 'A' }, 'prices', M.pricesInvalid(MAX_GRADES)],
  [{ prices: TOO_MANY }, 'prices', M.pricesInvalid(MAX_GRADES)],
  [{ prices: [5000] }, 'prices[0]', M.gradePriceInvalid],
  [{ prices: grades(['A', 6000], ['A', 5000]) }, 'prices[1].grade', M.gradeDuplicate('A')],
  [{ prices: grades(['A', 6000], ['b', 5000], [' B ', 4000]) }, 'prices[2].grade', M.gradeDuplicate('B')],
  [{ prices: grades(['A-1', 6000]) }, 'prices[0].grade', M.gradeCodeInvalid],
  [{ prices: grades(['', 6000]) }, 'prices[0].grade', M.gradeCodeInvalid],
  [{ prices: grades(['SUPERIOR1', 6000]) }, 'prices[0].grade', M.gradeCodeInvalid],
  [{ prices: grades(['A', 6000], ['B', 4500.5]) }, 'prices[1].price', M.priceInvalid],
  [{ prices: grades(['A', 0]) }, 'prices[0].price', M.priceInvalid],
  [{ prices: grades(['A', MAX_RUPIAH + 1]) }, 'prices[0].price', M.priceInvalid],
  [{ prices: grades(['A', null]) }, 'prices[0].price', M.priceInvalid],
  [{ prices: [{ grade: 'A', price: 6000, note: 'x' }] }, 'prices[0].note', M.gradePriceFieldUnknown('note')],
  [{ price: 6000, prices: TWO_GRADES }, 'prices', M.pricesWithPrice],
  [{ price: 6000.5 }, 'price', M.priceInvalid],
  [{ payment_days: 366 }, 'payment_days', M.paymentDaysInvalid],
  [{ payment_days: -1 }, 'payment_days', M.paymentDaysInvalid],
  [{ payment_days: 2.5 }, 'payment_days', M.paymentDaysInvalid],
];

describe('the price table by grade', () => {
  it.each(BAD_PRICES)('an offer of %j: 400 naming %s, no contract', async (terms, field, message) => {
    const lahanId = await newLahan(ctx, world.cast);
    const body = 'prices' in terms && !('price' in terms) ? { price: undefined, ...terms } : terms;
    const res = await offer(ctx, world.cast, lahanId, 'mitra', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json.errors).toEqual([{ field, message }]);
    const onLahan = await call(ctx, { url: `${BASE}/lahan/${lahanId}`, token: world.cast.tokens.admin });
    expect(onLahan.json.data).toEqual([]);
  });

  it('an offer without a price: 400 naming prices', async () => {
    const res = await offer(ctx, world.cast, await newLahan(ctx, world.cast), 'admin', { price: undefined });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json.errors).toEqual([{ field: 'prices', message: M.priceRequired }]);
  });

  it('takes a price alone as grade A, and a table as offered (codes in upper case)', async () => {
    const single = await offer(ctx, world.cast, await newLahan(ctx, world.cast), 'mitra', { price: 5500 });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json.data).toMatchObject({
      price: 5500,
      prices: [{ grade: 'A', price: 5500 }],
      payment_days: 7,
    });
    const table = await offer(ctx, world.cast, await newLahan(ctx, world.cast), 'admin', {
      price: undefined,
      quantity: 1000,
      prices: grades([' b ', 4500], ['A', 6000], ['C1', 3000]),
      payment_days: 0,
    });
    expect(table.statusCode, table.body).toBe(201);
    expect(table.json.data).toMatchObject({
      price: 4500,
      total_value: 4_500_000,
      prices: grades(['B', 4500], ['A', 6000], ['C1', 3000]),
      payment_days: 0,
    });
    const versions = await call(ctx, {
      url: `${BASE}/${table.json.data.id}/terms`,
      token: world.cast.tokens.petani,
    });
    expect(versions.json.data).toMatchObject([
      { version: 1, price: 4500, prices: grades(['B', 4500], ['A', 6000], ['C1', 3000]), payment_days: 0 },
    ]);
  });

  it.each(BAD_PRICES)(
    'a counter, a revision or an edit to %j: 400 naming %s, nothing changed',
    async (terms, field) => {
      const { id } = await reach(ctx, world.cast, 'pending');
      const before = await snapshot(ctx, world.cast, id);
      const answers = [
        await step(ctx, world.cast, id, 'counter', 'petani', { body: terms }),
        await step(ctx, world.cast, id, 'revise', 'mitra', { body: terms }),
        await call(ctx, {
          method: 'PUT',
          url: `${BASE}/${id}`,
          token: world.cast.tokens.admin,
          payload: terms,
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
      }
      expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    },
  );

  it("a counter changing only one grade's price, or only the payment days, is a new version", async () => {
    const lahanId = await newLahan(ctx, world.cast);
    const offered = await offer(ctx, world.cast, lahanId, 'mitra', { price: undefined, prices: TWO_GRADES });
    const id = offered.json.data.id as number;
    const same = await step(ctx, world.cast, id, 'counter', 'petani', { body: { prices: TWO_GRADES } });
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json.message).toBe(M.termsUnchanged);

    const countered = await step(ctx, world.cast, id, 'counter', 'petani', {
      body: { prices: grades(['A', 6000], ['B', 5000]), note: 'Mutu B dinaikkan' },
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json.data).toMatchObject({
      terms_version: 2,
      price: 6000,
      prices: grades(['A', 6000], ['B', 5000]),
    });
    const revised = await step(ctx, world.cast, id, 'revise', 'mitra', { body: { payment_days: 14 } });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json.data).toMatchObject({ terms_version: 3, payment_days: 14 });
    const edited = await call(ctx, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      token: world.cast.tokens.admin,
      payload: { price: 6500 },
    });
    expect(edited.json.data).toMatchObject({ terms_version: 4, price: 6500, prices: grades(['A', 6500]) });

    const versions = await call(ctx, { url: `${BASE}/${id}/terms`, token: world.cast.tokens.mitra });
    expect(
      versions.json.data.map((v: Json) => ({
        version: v.version,
        prices: v.prices,
        payment_days: v.payment_days,
      })),
    ).toEqual([
      { version: 1, prices: TWO_GRADES, payment_days: 7 },
      { version: 2, prices: grades(['A', 6000], ['B', 5000]), payment_days: 7 },
      { version: 3, prices: grades(['A', 6000], ['B', 5000]), payment_days: 14 },
      { version: 4, prices: grades(['A', 6500]), payment_days: 14 },
    ]);
    const documents = (await snapshot(ctx, world.cast, id)).terms.map((t) =>
      JSON.parse(t.document as string),
    );
    expect(documents.map((d) => [d.format, d.prices, d.payment_days, d.price, d.total_value])).toEqual([
      [2, TWO_GRADES, 7, 6000, 6_000_000],
      [2, grades(['A', 6000], ['B', 5000]), 7, 6000, 6_000_000],
      [2, grades(['A', 6000], ['B', 5000]), 14, 6000, 6_000_000],
      [2, grades(['A', 6500]), 14, 6500, 6_500_000],
    ]);
  });
});
