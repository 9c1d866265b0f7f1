/**
 * A contract's money over HTTP, for the settlement tests: deliveries recorded and confirmed, advances and
 * payments recorded and confirmed, the settlement read back.
 */
import { expect } from 'vitest';
import { call, type CallResult, type Json, type TestContext } from './app.js';
import { activeContract, BASE, DELIVERY_DATE, must, postAs, type Cast } from './contract-cast.js';

/** Grades A and B at Rp 5,000 and Rp 3,500 per kg, paid within 7 days. */
export const GRADED_TERMS: Json = {
  prices: [
    { grade: 'A', price: 5000 },
    { grade: 'B', price: 3500 },
  ],
  payment_days: 7,
};

/** An active contract with the graded terms; answers its id. */
export async function gradedContract(ctx: TestContext, cast: Cast): Promise<number> {
  // `price: undefined` drops the offer's default price (JSON leaves it out): `prices` alone.
  return (await activeContract(ctx, cast, { terms: { ...GRADED_TERMS, price: undefined } })).id as number;
}

export const deliver = (
  ctx: TestContext,
  token: string | undefined,
  id: number,
  accepted: number,
  grade = 'A',
) =>
  postAs(ctx, `${BASE}/${id}/deliveries`, token, {
    date: DELIVERY_DATE,
    gross_quantity: accepted,
    accepted_quantity: accepted,
    rejected_quantity: 0,
    grade,
  });

export const confirmDelivery = (
  ctx: TestContext,
  token: string | undefined,
  id: number,
  deliveryId: number,
) => postAs(ctx, `${BASE}/${id}/deliveries/${deliveryId}/confirm`, token);

export const disputeDelivery = (
  ctx: TestContext,
  token: string | undefined,
  id: number,
  deliveryId: number,
) => postAs(ctx, `${BASE}/${id}/deliveries/${deliveryId}/dispute`, token, { reason: 'Timbangan berbeda' });

export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

export const advance = (
  ctx: TestContext,
  token: string | undefined,
  id: number,
  amount: number,
  body: Json = {},
) => postAs(ctx, `${BASE}/${id}/advances`, token, { kind: 'pupuk', amount, date: today(), ...body });

export const confirmAdvance = (ctx: TestContext, token: string | undefined, id: number, advanceId: number) =>
  postAs(ctx, `${BASE}/${id}/advances/${advanceId}/confirm`, token);

export const pay = (
  ctx: TestContext,
  token: string | undefined,
  id: number,
  amount: number,
  body: Json = {},
) =>
  postAs(ctx, `${BASE}/${id}/payments`, token, {
    amount,
    method: 'transfer',
    reference: `TRF-${amount}`,
    date: today(),
    ...body,
  });

export const confirmPayment = (ctx: TestContext, token: string | undefined, id: number, paymentId: number) =>
  postAs(ctx, `${BASE}/${id}/payments/${paymentId}/confirm`, token);

export const settlementOf = (ctx: TestContext, token: string | undefined, id: number): Promise<CallResult> =>
  call(ctx, { url: `${BASE}/${id}/settlement`, token });

/** The settlement as a party reads it (must answer 200). */
export async function settlement(ctx: TestContext, token: string, id: number): Promise<Json> {
  const res = await settlementOf(ctx, token, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json.data as Json;
}

/** A delivery of `accepted` kg recorded by the mitra and confirmed by the petani; answers the delivery. */
export async function confirmedDelivery(
  ctx: TestContext,
  cast: Cast,
  id: number,
  accepted: number,
  grade = 'A',
) {
  const recorded = await must(deliver(ctx, cast.tokens.mitra, id, accepted, grade));
  return must(confirmDelivery(ctx, cast.tokens.petani, id, recorded.id));
}
