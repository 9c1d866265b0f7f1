/**
 * Overdue payments are told (issue 31): once a contract owes something past its due date, both parties get one
 * `contract.overdue` notification; a later run tells them nothing new, and a contract paid in full is not told.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, notifications } from '../../src/server/db/schema.js';
import { notifyOverdue } from '../../src/server/modules/settlement/overdue.js';
import { useTestApp } from './support/app.js';
import { must, useContractCast } from './support/contract-cast.js';
import { confirmedDelivery, confirmPayment, gradedContract, pay, settlement } from './support/settlement.js';

const ctx = useTestApp();
const cast = useContractCast(ctx);

const overdueNotices = (contractId: number) =>
  ctx.db
    .select({ user_id: notifications.user_id, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.contract_id, contractId), eq(notifications.kind, 'contract.overdue')))
    .orderBy(notifications.user_id);

const fallDue = (id: number) =>
  ctx.db.update(contracts).set({ payment_due_date: '2026-01-01' }).where(eq(contracts.id, id));

describe('overdue payments', () => {
  it('tell both parties once, and not a contract paid in full', async () => {
    const owing = await gradedContract(ctx, cast);
    await confirmedDelivery(ctx, cast, owing, 10, 'A');
    await fallDue(owing);
    const paid = await gradedContract(ctx, cast);
    await confirmedDelivery(ctx, cast, paid, 10, 'A');
    const payment = await must(pay(ctx, cast.tokens.mitra, paid, 50_000));
    await must(confirmPayment(ctx, cast.tokens.petani, paid, payment.id));
    await fallDue(paid);
    expect(await settlement(ctx, cast.tokens.petani, owing)).toMatchObject({ payment_status: 'overdue' });
    expect(await settlement(ctx, cast.tokens.petani, paid)).toMatchObject({ payment_status: 'paid' });

    expect(await notifyOverdue(ctx.db)).toBeGreaterThanOrEqual(1);
    const [title] = await ctx.db
      .select({ title: contracts.title })
      .from(contracts)
      .where(eq(contracts.id, owing));
    const told = `Pembayaran kontrak #${owing} "${title!.title}" melewati jatuh tempo`;
    expect(await overdueNotices(owing)).toEqual(
      [cast.petaniId, cast.mitraId]
        .sort((a, b) => a - b)
        .map((user_id) => ({ user_id, title: told, link: `/akun/kontrak/${owing}` })),
    );
    expect(await overdueNotices(paid)).toEqual([]);

    expect(await notifyOverdue(ctx.db)).toBe(0);
    expect(await overdueNotices(owing)).toHaveLength(2);
  });

  it('a run in batches looks at each contract once: the told ones are passed over, the others told', async () => {
    const contract = async () => {
      const id = await gradedContract(ctx, cast);
      await confirmedDelivery(ctx, cast, id, 10, 'A');
      await fallDue(id);
      return id;
    };
    const told = await contract();
    await notifyOverdue(ctx.db);
    // Same due date as every contract told before: the batches follow the ids.
    const others = [await contract(), await contract()];
    expect(await notifyOverdue(ctx.db, 1)).toBe(2);
    for (const id of [told, ...others]) expect(await overdueNotices(id)).toHaveLength(2);
    expect(await notifyOverdue(ctx.db, 1)).toBe(0);
  });

  it('a stopped run (a shutdown) ends after the batch under way; the next run tells the rest', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await gradedContract(ctx, cast);
      await confirmedDelivery(ctx, cast, id, 10, 'A');
      await fallDue(id);
      ids.push(id);
    }
    const stop = new AbortController();
    stop.abort();
    // One batch of one contract (the oldest overdue, told or not), then no more.
    expect(await notifyOverdue(ctx.db, 1, stop.signal)).toBeLessThanOrEqual(1);
    const untold = [];
    for (const id of ids) if ((await overdueNotices(id)).length === 0) untold.push(id);
    expect(untold.length).toBeGreaterThanOrEqual(1);
    expect(await notifyOverdue(ctx.db, 1)).toBe(untold.length);
    for (const id of ids) expect(await overdueNotices(id)).toHaveLength(2);
  });
});
