import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/engine/client.js';

/**
 * Recomputes a contract's settlement from its rows, in the caller's transaction (every step that moves money
 * calls it in takeStep's `apply`, under the contract's row lock), as one statement:
 * - contracts.settled_gross/advances/paid/pending: Σ value of the confirmed deliveries, Σ confirmed advances,
 *   Σ confirmed payments, Σ payments not yet confirmed (settled_outstanding follows, a generated column);
 * - the confirmed deliveries in order of (confirmed_at, id) with their cumulative value, against what covers
 *   them (confirmed advances + confirmed payments): a delivery whose cumulative value is covered is paid on the
 *   day it became so (paid_on kept once set, today in WIB when newly covered, cleared when no longer covered or
 *   no longer confirmed); the first one not covered is due on its confirmation day (WIB) + payment_days
 *   (contracts.payment_due_date; null when every one is covered).
 */
export async function refreshSettlement(tx: Tx, contractId: number): Promise<void> {
  await tx.execute(sql`
    with ledger as (
      select d.id, d.status, d.confirmed_at,
        sum(case when d.status = 'confirmed' then d.value else 0 end)
          over (order by d.status = 'confirmed' desc, d.confirmed_at, d.id) as cumulative
      from contract_deliveries d
      where d.contract_id = ${contractId}
    ),
    totals as (
      select
        coalesce((select sum(d.value) from contract_deliveries d
          where d.contract_id = ${contractId} and d.status = 'confirmed'), 0)::bigint as gross,
        coalesce((select sum(a.amount) from contract_advances a
          where a.contract_id = ${contractId} and a.confirmed_at is not null), 0)::bigint as advances,
        coalesce(sum(p.amount) filter (where p.confirmed_at is not null), 0)::bigint as paid,
        coalesce(sum(p.amount) filter (where p.confirmed_at is null), 0)::bigint as pending
      from contract_payments p
      where p.contract_id = ${contractId}
    ),
    covered as (
      select l.id, l.status = 'confirmed' and l.cumulative <= t.advances + t.paid as paid
      from ledger l, totals t
    ),
    marked as (
      update contract_deliveries d
      set paid_on = case when c.paid then coalesce(d.paid_on, (now() at time zone 'Asia/Jakarta')::date) end
      from covered c
      where d.id = c.id and (d.paid_on is null) = c.paid
      returning d.id
    )
    update contracts k
    set settled_gross = t.gross,
      settled_advances = t.advances,
      settled_paid = t.paid,
      settled_pending = t.pending,
      payment_due_date = (
        select (l.confirmed_at at time zone 'Asia/Jakarta')::date + k.payment_days
        from ledger l
        where l.status = 'confirmed' and l.cumulative > t.advances + t.paid
        order by l.confirmed_at, l.id
        limit 1
      )
    from totals t
    where k.id = ${contractId}
  `);
}
