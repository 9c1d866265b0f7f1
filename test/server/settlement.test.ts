/**
 * A contract's money over HTTP (issue 31): advances and payments recorded by the mitra and confirmed by the
 * petani, the settlement they give, the limits of a payment, who may take each step, and the list rows'
 * payment_status.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../src/server/db/schema.js';
import { call, useTestApp, type Json } from './support/app.js';
import { BASE, must, postAs, useContractCast } from './support/contract-cast.js';
import {
  advance,
  confirmAdvance,
  confirmedDelivery,
  confirmPayment,
  gradedContract,
  pay,
  settlement,
  today,
} from './support/settlement.js';

const ctx = useTestApp();
const cast = useContractCast(ctx);

describe('the settlement', () => {
  it('follows confirmed deliveries, advances and payments; a payment above what is owed is refused', async () => {
    const id = await gradedContract(ctx, cast);
    expect(await settlement(ctx, cast.tokens.petani, id)).toEqual({
      gross: 0,
      advances: 0,
      net: 0,
      paid: 0,
      pending: 0,
      outstanding: 0,
      payment_status: 'unpaid',
      due_date: null,
      payment_days: 7,
      advance_balance: 0,
    });
    const given = await must(advance(ctx, cast.tokens.mitra, id, 150_000, { note: 'Pupuk NPK 3 karung' }));
    expect(given).toMatchObject({
      kind: 'pupuk',
      amount: 150_000,
      date: today(),
      note: 'Pupuk NPK 3 karung',
      confirmed_at: null,
    });
    // Not confirmed yet: not deducted.
    expect(await settlement(ctx, cast.tokens.mitra, id)).toMatchObject({ advances: 0, advance_balance: 0 });
    await must(confirmAdvance(ctx, cast.tokens.petani, id, given.id));
    expect(await settlement(ctx, cast.tokens.mitra, id)).toMatchObject({
      advances: 150_000,
      advance_balance: 150_000,
      net: 0,
    });

    await confirmedDelivery(ctx, cast, id, 100, 'A'); // 500,000
    await confirmedDelivery(ctx, cast, id, 10.5, 'B'); // 36,750
    const owed = 500_000 + 36_750 - 150_000;
    let s = await settlement(ctx, cast.tokens.admin, id);
    expect(s).toMatchObject({
      gross: 536_750,
      advances: 150_000,
      net: owed,
      paid: 0,
      outstanding: owed,
      payment_status: 'unpaid',
    });
    expect(s.due_date).not.toBeNull();

    const over = await pay(ctx, cast.tokens.mitra, id, owed + 1);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json.errors).toEqual([
      { field: 'amount', message: 'Jumlah pembayaran melebihi sisa tagihan Rp 386.750' },
    ]);

    const first = await must(
      pay(ctx, cast.tokens.mitra, id, 200_000, { method: 'e_wallet', reference: 'OVO-1' }),
    );
    expect(first).toMatchObject({
      amount: 200_000,
      method: 'e_wallet',
      reference: 'OVO-1',
      photo_document_id: null,
      confirmed_at: null,
    });
    s = await settlement(ctx, cast.tokens.petani, id);
    expect(s).toMatchObject({ paid: 0, pending: 200_000, outstanding: owed, payment_status: 'unpaid' });
    // What is pending counts against what may still be paid.
    const second = await pay(ctx, cast.tokens.mitra, id, owed - 200_000 + 1);
    expect(second.json.errors[0].message).toBe(
      'Jumlah pembayaran melebihi sisa tagihan Rp 186.750 (Rp 200.000 lainnya menunggu konfirmasi petani)',
    );

    await must(confirmPayment(ctx, cast.tokens.petani, id, first.id));
    s = await settlement(ctx, cast.tokens.petani, id);
    expect(s).toMatchObject({
      paid: 200_000,
      pending: 0,
      outstanding: owed - 200_000,
      payment_status: 'partial',
    });
    const again = await confirmPayment(ctx, cast.tokens.petani, id, first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe('Pembayaran ini sudah dikonfirmasi');

    const rest = await must(pay(ctx, cast.tokens.mitra, id, owed - 200_000));
    await must(confirmPayment(ctx, cast.tokens.petani, id, rest.id));
    expect(await settlement(ctx, cast.tokens.mitra, id)).toMatchObject({
      paid: owed,
      outstanding: 0,
      payment_status: 'paid',
      due_date: null,
    });
    const list = await call(ctx, {
      url: `${BASE}?petani_id=${cast.petaniId}&limit=100`,
      token: cast.tokens.petani,
    });
    expect(list.json.data.find((c: Json) => c.id === id)?.payment_status).toBe('paid');
    const nothingLeft = await pay(ctx, cast.tokens.mitra, id, 1);
    expect(nothingLeft.json.errors[0].message).toBe('Jumlah pembayaran melebihi sisa tagihan Rp 0');
  });

  it('is overdue once a confirmed delivery is owed past its due date, in the record and the list', async () => {
    const id = await gradedContract(ctx, cast);
    await confirmedDelivery(ctx, cast, id, 20, 'A');
    await ctx.db.update(contracts).set({ payment_due_date: '2026-01-01' }).where(eq(contracts.id, id));
    expect(await settlement(ctx, cast.tokens.petani, id)).toMatchObject({
      outstanding: 100_000,
      payment_status: 'overdue',
    });
    const record = await call(ctx, { url: `${BASE}/${id}`, token: cast.tokens.mitra });
    expect(record.json.data.payment_status).toBe('overdue');
  });

  it('refuses the wrong party, a stranger, a wrong status and bad fields, changing nothing', async () => {
    const id = await gradedContract(ctx, cast);
    await confirmedDelivery(ctx, cast, id, 10, 'A');
    const before = await settlement(ctx, cast.tokens.petani, id);
    expect((await pay(ctx, cast.tokens.petani, id, 1000)).statusCode).toBe(403);
    expect((await pay(ctx, cast.tokens.admin, id, 1000)).statusCode).toBe(403);
    expect((await pay(ctx, cast.tokens.otherMitra, id, 1000)).statusCode).toBe(404);
    expect((await advance(ctx, cast.tokens.petani, id, 1000)).statusCode).toBe(403);
    expect(
      (await call(ctx, { url: `${BASE}/${id}/settlement`, token: cast.tokens.otherPetani })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, { url: `${BASE}/${id}/payments`, token: cast.tokens.otherMitra })).statusCode,
    ).toBe(404);
    const recorded = await must(pay(ctx, cast.tokens.mitra, id, 1000));
    expect((await confirmPayment(ctx, cast.tokens.mitra, id, recorded.id)).statusCode).toBe(403);
    expect((await confirmPayment(ctx, cast.tokens.petani, id, 999_999)).statusCode).toBe(404);

    const bad = await postAs(ctx, `${BASE}/${id}/payments`, cast.tokens.mitra, {
      amount: 10.5,
      method: 'cek',
      reference: '',
      date: '2999-01-01',
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json.errors as Json[]).map((e) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['extra']));
    const good = await postAs(ctx, `${BASE}/${id}/payments`, cast.tokens.mitra, {
      amount: 10.5,
      method: 'cek',
      reference: 'x'.repeat(101),
      date: '2999-01-01',
    });
    expect((good.json.errors as Json[]).map((e) => e.field).sort()).toEqual([
      'amount',
      'date',
      'method',
      'reference',
    ]);
    expect(await settlement(ctx, cast.tokens.petani, id)).toEqual({ ...before, pending: 1000 });
    const listed = await call(ctx, { url: `${BASE}/${id}/payments`, token: cast.tokens.petani });
    expect(listed.json.data).toHaveLength(1);
  });
});
