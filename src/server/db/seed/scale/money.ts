import { ADVANCE_KINDS, PAYMENT_METHODS } from '../../../../shared/settlement.js';
import { storyDeliveryAt, storyStepAt } from './history.js';
import { ANCHOR, h, pick, type Step } from './sql.js';

/**
 * The money of the scale contracts (issue 31), set-based: one plan row per started contract in `scale_money`,
 * drawn from hashes of its id, from which the contracts take their settlement totals as they are inserted and
 * the histories their deliveries, advances, payments and the steps that made them (scale/history.ts):
 * - a delivery: the one of a completed contract's story, and on half the active contracts started a while before
 *   the anchor one of half their quantity (confirmed on most); graded from the contract's price table (A alone,
 *   or A, B and C: A most often), 30 % with a part of 2–10 % rejected for a reason; worth round(accepted × the
 *   grade's price);
 * - an advance on a third, after the start (confirmed on completed ones and most active ones);
 * - payments of what the confirmed delivery nets after the advance: in full in one transfer or two (45 %), half
 *   (15 %), in full but not yet confirmed (10 %), none (30 %), 2–21 days after the confirmation;
 * - the settlement as refreshSettlement makes it (modules/contracts/settlement-totals.ts): gross, advances, paid and
 *   pending; the delivery's paid_on the day (WIB) the advance or payments came to cover it; else its due date,
 *   its confirmation day + payment_days; and whose step it is once the money is counted (contract-lifecycle.ts).
 * A contract has at most one delivery here, so "the oldest not yet covered" is that one.
 */

const REJECTION_REASONS = [
  'Kadar air di atas batas, tidak lolos sortasi.',
  'Sebagian hasil busuk atau rusak saat pengangkutan.',
  'Ukuran di bawah standar mutu yang disepakati.',
  'Tercampur kotoran dan benda asing.',
];
const at = (expr: string) => `((${expr}) + time '03:00') AT TIME ZONE 'UTC'`;
/** The calendar day of a moment in WIB. */
export const wibDay = (moment: string) => `(${moment} AT TIME ZONE 'Asia/Jakarta')::date`;
const percent = (salt: number) => `mod(${h('c.id', salt)}, 100)`;
const thousands = (rupiah: string) => `(floor((${rupiah}) / 1000) * 1000)::bigint`;

/** Plans the money of the contracts staged in `stage` (scale_stage_contracts) and gives them their totals. */
export async function planMoney(step: Step, stage: string): Promise<void> {
  const delivered = storyDeliveryAt('completed');
  if (!delivered) throw new Error('seed:scale: the story to completed delivers nothing');
  // Each step materialized: inlined, every later reference repeats the whole expression of an earlier column
  // (4.9 s at 60k contracts, 1.1 s so). Planned at a cost far above its rows', it was compiled by the JIT too
  // (6 s of emitting code).
  await step(`SET LOCAL jit = off`);
  const startedAt = `CASE c.status WHEN 'completed' THEN ${storyStepAt('completed', 'start')} ELSE ${storyStepAt('active', 'start')} END`;
  await step(`
    CREATE TEMP TABLE scale_money ON COMMIT DROP AS
    WITH plan AS MATERIALIZED (
      SELECT c.id, c.status, c.quantity, c.price, c.prices, c.payment_days,
        c.status = 'completed' OR (${percent(71)} < 50 AND c.start_date + 5 < ${ANCHOR}::date) AS delivered,
        CASE WHEN c.status = 'completed' THEN ${delivered.at} ELSE ${at('c.start_date + 3')} END AS d_at,
        CASE WHEN c.status = 'completed' THEN ${delivered.confirmedAt}
             WHEN ${percent(72)} < 85 THEN ${at('c.start_date + 4')} END AS d_confirmed_at,
        CASE WHEN c.status = 'completed' THEN c.quantity ELSE round(c.quantity / 2) END AS d_gross,
        CASE WHEN ${percent(73)} < 30 THEN (2 + mod(${h('c.id', 74)}, 9)) / 100.0 ELSE 0 END AS d_reject_share,
        ${pick(REJECTION_REASONS, 'c.id', 75)} AS d_reason,
        CASE WHEN jsonb_array_length(c.prices) = 1 THEN 'A' ELSE ${pick(['A', 'A', 'A', 'B', 'B', 'C'], 'c.id', 76)} END AS d_grade,
        CASE WHEN ${percent(77)} < 35
          THEN greatest(1000, ${thousands(`c.quantity * c.price * (3 + mod(${h('c.id', 78)}, 8)) / 100`)}) END AS a_amount,
        ${pick(ADVANCE_KINDS, 'c.id', 79)} AS a_kind,
        ${startedAt} + interval '2 hours' AS a_at,
        CASE WHEN c.status = 'completed' OR ${percent(80)} < 75 THEN ${startedAt} + interval '6 hours' END AS a_confirmed_at,
        ${percent(81)} AS pay_plan,
        make_interval(days => 2 + mod(${h('c.id', 82)}, 20)::int) AS pay_after,
        ${pick(PAYMENT_METHODS, 'c.id', 83)} AS p_method
      FROM ${stage} c WHERE c.status IN ('active', 'completed')
    ),
    valued AS MATERIALIZED (
      SELECT p.*, round(p.d_gross * p.d_reject_share) AS d_rejected,
        round((p.d_gross - round(p.d_gross * p.d_reject_share)) * g.price)::bigint AS d_value
      FROM plan p
      CROSS JOIN LATERAL (SELECT (e->>'price')::numeric AS price FROM jsonb_array_elements(p.prices) e
                          WHERE e->>'grade' = p.d_grade) g
    ),
    netted AS MATERIALIZED (
      SELECT v.*,
        CASE WHEN v.delivered AND v.d_confirmed_at IS NOT NULL THEN v.d_value ELSE 0 END AS gross,
        CASE WHEN v.a_confirmed_at IS NOT NULL THEN coalesce(v.a_amount, 0) ELSE 0 END AS advances
      FROM valued v
    ),
    paying AS MATERIALIZED (
      SELECT n.*, greatest(n.gross - n.advances, 0) AS net, n.d_confirmed_at + n.pay_after AS p1_at
      FROM netted n
    ),
    payments AS MATERIALIZED (
      SELECT p.*,
        CASE WHEN p.net = 0 THEN NULL
             WHEN p.pay_plan < 15 THEN nullif(${thousands('p.net * 0.6')}, 0)
             WHEN p.pay_plan < 45 THEN p.net
             WHEN p.pay_plan < 60 THEN nullif(${thousands('p.net * 0.5')}, 0)
             WHEN p.pay_plan < 70 THEN p.net END AS p1_amount,
        CASE WHEN p.pay_plan < 60 THEN p.p1_at + interval '1 day' END AS p1_confirmed_at,
        CASE WHEN p.net > 0 AND p.pay_plan < 15 THEN p.net - ${thousands('p.net * 0.6')} END AS p2_amount,
        p.p1_at + interval '3 days' AS p2_at,
        p.p1_at + interval '4 days' AS p2_confirmed_at
      FROM paying p
    ),
    settled AS MATERIALIZED (
      SELECT p.*,
        coalesce(CASE WHEN p.p1_confirmed_at IS NOT NULL THEN p.p1_amount END, 0) + coalesce(p.p2_amount, 0) AS paid,
        coalesce(CASE WHEN p.p1_confirmed_at IS NULL THEN p.p1_amount END, 0) AS pending
      FROM payments p
    )
    SELECT s.*,
      greatest(s.net - s.paid, 0) AS outstanding,
      covered.at AS covered_at,
      CASE WHEN covered.at IS NOT NULL THEN ${wibDay('covered.at')} END AS paid_on,
      CASE WHEN s.gross > 0 AND covered.at IS NULL THEN ${wibDay('s.d_confirmed_at')} + s.payment_days END AS due_date
    FROM settled s
    CROSS JOIN LATERAL (SELECT CASE
      WHEN s.gross = 0 THEN NULL
      WHEN s.advances >= s.gross THEN greatest(s.d_confirmed_at, s.a_confirmed_at)
      WHEN s.advances + s.paid - coalesce(s.p2_amount, 0) >= s.gross THEN s.p1_confirmed_at
      WHEN s.advances + s.paid >= s.gross THEN s.p2_confirmed_at END AS at) covered`);
  await step(`SET LOCAL jit = DEFAULT`);
  await step(`ALTER TABLE scale_money ADD PRIMARY KEY (id)`);
  await step(`
    UPDATE ${stage} c SET settled_gross = m.gross, settled_advances = m.advances, settled_paid = m.paid,
      settled_pending = m.pending, payment_due_date = m.due_date,
      awaiting = CASE
        WHEN c.status = 'active' THEN CASE
          WHEN (m.delivered AND m.d_confirmed_at IS NULL) OR (m.a_amount IS NOT NULL AND m.a_confirmed_at IS NULL)
            OR m.pending > 0 THEN 'petani' ELSE 'mitra' END
        WHEN m.pending > 0 THEN 'petani'
        WHEN m.outstanding > 0 THEN 'mitra' END
    FROM scale_money m WHERE m.id = c.id`);
}

/**
 * The money steps of `scale_money` as timeline rows (action, actor, status, at, order) for contract `c`, to be
 * told with its story's: the advance while active, the delivery of an active contract, then the payments.
 */
export const MONEY_EVENTS = `
  SELECT 100 + x.seq AS seq, x.action, x.actor, x.status, x.status AS to_status, c.terms_version AS version, x.at
  FROM scale_money m
  CROSS JOIN LATERAL (VALUES
    (1, 'advance', 'mitra', 'active', m.a_at, m.a_amount IS NOT NULL),
    (2, 'confirm_advance', 'petani', 'active', m.a_confirmed_at, m.a_amount IS NOT NULL AND m.a_confirmed_at IS NOT NULL),
    (3, 'deliver', 'mitra', 'active', m.d_at, m.delivered AND m.status = 'active'),
    (4, 'confirm', 'petani', 'active', m.d_confirmed_at, m.delivered AND m.status = 'active' AND m.d_confirmed_at IS NOT NULL),
    (5, 'pay', 'mitra', m.status::text, m.p1_at, m.p1_amount IS NOT NULL),
    (6, 'confirm_payment', 'petani', m.status::text, m.p1_confirmed_at, m.p1_amount IS NOT NULL AND m.p1_confirmed_at IS NOT NULL),
    (7, 'pay', 'mitra', m.status::text, m.p2_at, m.p2_amount IS NOT NULL),
    (8, 'confirm_payment', 'petani', m.status::text, m.p2_confirmed_at, m.p2_amount IS NOT NULL)
  ) x(seq, action, actor, status, at, happened)
  WHERE m.id = c.id AND x.happened`;

/** Inserts the deliveries, advances and payments of `scale_money` for the contracts from `first` on. */
export function moneyRows(first: number): [table: string, sql: string][] {
  const confirmedBy = (moment: string) => `${moment}, CASE WHEN ${moment} IS NOT NULL THEN c.petani_id END`;
  const from = `FROM scale_money m JOIN contracts c ON c.id = m.id WHERE c.id >= ${first}`;
  return [
    [
      'contract_deliveries',
      `INSERT INTO contract_deliveries (contract_id, lot_code, date, gross_quantity, accepted_quantity,
         rejected_quantity, rejection_reason, grade, value, status, paid_on, recorded_by, created_at, confirmed_at,
         confirmed_by)
       SELECT m.id, regexp_replace(upper(substr(md5(random()::text || m.id), 1, 12)), '(.{4})(.{4})(.{4})', '\\1-\\2-\\3'),
         ${wibDay('m.d_at')}, m.d_gross, m.d_gross - m.d_rejected, m.d_rejected,
         CASE WHEN m.d_rejected > 0 THEN m.d_reason END, m.d_grade, m.d_value,
         CASE WHEN m.d_confirmed_at IS NULL THEN 'recorded' ELSE 'confirmed' END, m.paid_on, c.mitra_id, m.d_at,
         ${confirmedBy('m.d_confirmed_at')}
       ${from} AND m.delivered ORDER BY m.id`,
    ],
    [
      'contract_advances',
      `INSERT INTO contract_advances (contract_id, kind, amount, date, note, recorded_by, created_at, confirmed_at,
         confirmed_by)
       SELECT m.id, m.a_kind, m.a_amount, ${wibDay('m.a_at')}, NULL, c.mitra_id, m.a_at, ${confirmedBy('m.a_confirmed_at')}
       ${from} AND m.a_amount IS NOT NULL ORDER BY m.id`,
    ],
    [
      'contract_payments',
      `INSERT INTO contract_payments (contract_id, amount, method, reference, date, recorded_by, created_at,
         confirmed_at, confirmed_by)
       SELECT m.id, p.amount, m.p_method, upper(left(m.p_method, 3)) || '-' || to_char(${wibDay('p.at')}, 'YYYYMMDD') || '-' || m.id || '-' || p.n,
         ${wibDay('p.at')}, c.mitra_id, p.at, ${confirmedBy('p.confirmed_at')}
       ${from.replace(
         'WHERE',
         `CROSS JOIN LATERAL (VALUES (1, m.p1_amount, m.p1_at, m.p1_confirmed_at),
         (2, m.p2_amount, m.p2_at, m.p2_confirmed_at)) p(n, amount, at, confirmed_at) WHERE`,
       )}
         AND p.amount IS NOT NULL ORDER BY m.id, p.n`,
    ],
  ];
}
