import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES } from '../../src/shared/constants.js';
import { call, DEMO_MITRA, DEMO_PETANI, signIn, userIdOf, useTestApp, type Json } from './support/app.js';
import { contractProblems } from './support/contract-invariants.js';
import { settlementProblems } from './support/settlement-invariants.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { PAYMENT_STATUSES, paymentStatus } from '../../src/shared/settlement.js';
import { todayInJakarta } from '../../src/shared/format-id.js';

/*
 * The demo seed writes its contracts' histories set-based (src/server/db/seed/demo/contracts.ts) instead of
 * calling the actions; these checks hold it to what the actions keep, and the actions then work on its data.
 */

const ctx = useTestApp();

const tokenOf = async (account: { email: string; password: string }) =>
  (await signIn(ctx, account.email, account.password)).json.data.token as string;

/** Carries what the checks found out of a transaction rolled back. */
class Problems extends Error {
  constructor(readonly found: string[]) {
    super('rolled back');
  }
}

describe('the demo contracts', () => {
  it('keep every invariant of the lifecycle', async () => {
    expect(await contractProblems(ctx.db)).toEqual([]);
  });

  it('would be caught breaking them: a status without its event, a changed document, a lahan left behind', async () => {
    const broken = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update contracts set status = 'cancelled', awaiting = null
                             where id = (select min(id) from contracts where status = 'pending')`);
        await tx.execute(sql`update contract_terms set document = document || ' '
                             where id = (select min(id) from contract_terms)`);
        await tx.execute(sql`update lahan set status = 'on_going'
                             where id = (select min(l.id) from lahan l where l.status = 'active')`);
        throw new Problems(await contractProblems(tx));
      })
      .catch((err: unknown) => {
        if (err instanceof Problems) return err.found;
        throw err;
      });
    expect(broken).toHaveLength(4);
    expect(broken).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^contract \d+ \(cancelled\): v1: document_sha256 is not the SHA-256 of its document$/,
        ),
        expect.stringMatching(/^contract \d+ \(cancelled\): the events end in pending$/),
        // The cancelled contract's lahan is still held for it, and the other was never taken.
        expect.stringMatching(/^lahan \d+ is negotiation without a contract$/),
        expect.stringMatching(/^lahan \d+ is on_going without a contract$/),
      ]),
    );
  });

  it('are in every status, some negotiated over three versions, with a voided signature and open deliveries', async () => {
    const [shape] = await queryRows<Json>(
      ctx.db,
      sql`
      select array(select distinct status::text from contracts order by 1) as statuses,
        (select count(*)::int from contracts where terms_version >= 3) as negotiated,
        (select count(*)::int from contract_signatures where voided_at is not null) as voided,
        (select count(*)::int from contract_deliveries d join contracts c on c.id = d.contract_id
          where c.status = 'active' and d.confirmed_at is null) as unconfirmed,
        (select count(*)::int from contract_events) as events`,
    );
    expect([...shape!.statuses].sort()).toEqual([...CONTRACT_STATUSES].sort());
    expect(shape!.negotiated).toBeGreaterThan(0);
    expect(shape!.voided).toBeGreaterThan(0);
    expect(shape!.unconfirmed).toBeGreaterThan(0);
  });

  it('leave the demo petani and mitra a contract each waiting for them, and the petani free active lahan', async () => {
    const [petaniId, mitraId] = await Promise.all([userIdOf(ctx, 'petani'), userIdOf(ctx, 'mitra')]);
    const [pair] = await queryRows<Json>(
      ctx.db,
      sql`
      select array(select distinct awaiting from contracts
                   where petani_id = ${petaniId} and mitra_id = ${mitraId} and awaiting is not null order by 1) as waiting,
        (select count(*)::int from lahan l where l.petani_id = ${petaniId} and l.status = 'active'
           and not exists (select 1 from contracts c where c.lahan_id = l.id
                           and c.status in ('pending', 'negotiation', 'approved', 'active'))) as free`,
    );
    expect(pair!.waiting).toEqual(['mitra', 'petani']);
    expect(pair!.free).toBeGreaterThanOrEqual(2);
  });

  it("verify as authentic where signed, and take the parties' real signatures to approval", async () => {
    const signed = await queryRows<{ verification_code: string }>(
      ctx.db,
      sql`
      select verification_code from contracts where status in ('approved', 'active', 'completed') order by id`,
    );
    for (const { verification_code } of signed) {
      const verified = await call(ctx, { url: `/api/v1/verify/${verification_code}` });
      expect(verified.json.data?.authentic, verification_code).toBe(true);
    }

    const [petani, mitra] = await Promise.all([tokenOf(DEMO_PETANI), tokenOf(DEMO_MITRA)]);
    const mitraId = await userIdOf(ctx, 'mitra');
    const waiting = await call(ctx, {
      url: '/api/v1/contract/user?status=pending&awaiting=true&limit=50',
      token: petani,
    });
    const offer = (waiting.json.data as Json[]).find((c) => c.mitra_id === mitraId);
    const sign = (token: string, password: string) =>
      call(ctx, {
        method: 'POST',
        url: `/api/v1/contract/${offer!.id}/sign`,
        token,
        payload: { password, consent: true, terms_version: offer!.terms_version },
      });
    expect((await sign(petani, DEMO_PETANI.password)).statusCode).toBe(200);
    expect((await sign(mitra, DEMO_MITRA.password)).statusCode).toBe(200);
    const after = await call(ctx, { url: `/api/v1/contract/${offer!.id}`, token: mitra });
    expect(after.json.data).toMatchObject({ status: 'approved', awaiting: 'mitra' });
    expect(await contractProblems(ctx.db)).toEqual([]);
  });

  it('keep each settlement equal to its rows: values at the grade price, totals, covered deliveries, due dates', async () => {
    expect(await settlementProblems(ctx.db)).toEqual([]);
    const [shape] = await queryRows<Json>(
      ctx.db,
      sql`
      select array(select distinct status from contract_deliveries order by 1) as delivery_statuses,
        (select count(*)::int from contracts where settled_gross > 0) as settled,
        (select count(*)::int from contract_deliveries where rejected_quantity > 0) as rejected,
        (select count(*)::int from contract_deliveries where paid_on is not null) as covered,
        (select count(*)::int from contracts where jsonb_array_length(prices) > 1) as graded,
        (select count(*)::int from contracts where jsonb_array_length(prices) = 1) as grade_a_only,
        (select count(*)::int from contract_advances where confirmed_at is null) as advances_unconfirmed,
        (select count(*)::int from contract_advances where confirmed_at is not null) as advances_confirmed,
        (select count(*)::int from contract_payments where confirmed_at is null) as payments_pending,
        (select count(*)::int from contract_events where action in ('advance', 'confirm_advance', 'pay', 'confirm_payment', 'dispute')) as money_steps`,
    );
    expect(shape!.delivery_statuses).toEqual(['confirmed', 'disputed', 'recorded']);
    for (const key of Object.keys(shape!).filter((k) => k !== 'delivery_statuses'))
      expect(shape![key], key).toBeGreaterThan(0);
  });

  it('show the demo petani and the demo mitra every payment state, as their settlements answer it', async () => {
    const tokens = await Promise.all([tokenOf(DEMO_PETANI), tokenOf(DEMO_MITRA)]);
    const [petaniId, mitraId] = await Promise.all([userIdOf(ctx, 'petani'), userIdOf(ctx, 'mitra')]);
    const pair = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from contracts where petani_id = ${petaniId} and mitra_id = ${mitraId} and settled_gross > 0`,
    );
    for (const token of tokens) {
      const seen = new Set<string>();
      for (const { id } of pair) {
        const answer = await call(ctx, { url: `/api/v1/contract/${id}/settlement`, token });
        expect(answer.statusCode, `contract ${id}`).toBe(200);
        seen.add(answer.json.data.payment_status);
      }
      expect([...seen].sort()).toEqual([...PAYMENT_STATUSES].sort());
    }
  });

  it('are in every payment state among all the demo contracts', async () => {
    const totals = await queryRows<{
      gross: number;
      paid: number;
      outstanding: number;
      due_date: string | null;
    }>(
      ctx.db,
      sql`select settled_gross::float8 as gross, settled_paid::float8 as paid, settled_outstanding::float8 as outstanding,
            payment_due_date::text as due_date from contracts where settled_gross > 0`,
    );
    const states = new Set(totals.map((t) => paymentStatus(t, todayInJakarta())));
    expect([...states].sort()).toEqual([...PAYMENT_STATUSES].sort());
  });
});
