import {
  CONTRACT_STATUSES,
  LAHAN_STATUSES,
  type ContractStatus,
  type LahanStatus,
} from '../../../../shared/constants.js';
import { CONTRACT_LAND, landAfter } from '../demo/contracts.js';
import { storyTo } from '../demo/contract-plots.js';
import type { Tx } from '../../engine/client.js';
import { COMMODITIES, DELIVERY_TERMS, LAHAN_PLACES, LAHAN_WORDS, STREETS } from '../names.js';
import { reserveIds, type BulkLoad } from './bulk.js';
import { signedAt } from './history.js';
import { plotBoundary } from './boundaries.js';
import { planMoney } from './money.js';
import { ANCHOR, before, h, hasColumn, literal, pick, type Step } from './sql.js';

/**
 * Lahan statuses weighted as in the demo seed; the ones only a contract gives (negotiation, on_going,
 * completed) start active, and the contracts put on them set them (scale/history.ts).
 */
const LAHAN_STATUS_MIX = [...LAHAN_STATUSES, 'active', 'active'].map((s) =>
  CONTRACT_LAND.has(s as LahanStatus) ? 'active' : s,
);
/** Contract status by cumulative percent. */
const CONTRACT_MIX: [ContractStatus, number][] = [
  ['pending', 15],
  ['negotiation', 23],
  ['approved', 33],
  ['active', 58],
  ['completed', 83],
  ['rejected', 92],
  ['cancelled', 100],
];

/**
 * The lahan status each contract status leaves its lahan in: the shortest story to it (the demo seed's
 * `storyTo`) through the server's effects of each step on the lahan (`landAfter`). A contract holds its lahan
 * when that is not `active` (a rejected or cancelled one released it).
 */
const LAND_AFTER = CONTRACT_STATUSES.map((status) => [status, landAfter(storyTo(status))] as const);
const LAND_CASE = LAND_AFTER.map(([status, land]) => `WHEN '${status}' THEN '${land}'`).join(' ');
const HOLDS = `c.status IN (${LAND_AFTER.filter(([, land]) => land !== 'active')
  .map(([status]) => `'${status}'`)
  .join(', ')})`;

/**
 * The contracts to come (`planContracts`) hold lahan of the pool `scale_lahan` (rn, id, petani_id): the scale
 * set's lahan that start active, in id order. A contract that holds its lahan (`s.holds`) takes the pool's
 * next one, round again if the pool runs short; an ended one draws any.
 */
const heldLahan = (pool: string) =>
  `1 + CASE WHEN s.holds THEN mod(s.hrn - 1, ${pool}) ELSE mod(${h('s.g', 56)}, ${pool}) END`;

/**
 * `rows` lahan, each on a petani of `scale_person` chosen by hash, mostly in the petani's own village, with
 * its owner's verification (scale/bulk.ts: the row trigger that copies it is off during the load), and the
 * status its contract of `scale_contract` leaves it (the last one, where several hold it): final as inserted,
 * so that no update leaves row versions behind for the VACUUM after the load. Leaves the pool `scale_lahan`.
 */
export async function insertLahan(
  step: Step,
  tx: Tx,
  bulk: BulkLoad,
  rows: number,
  petani: number,
  places: number,
) {
  const first = await reserveIds(tx, 'lahan', rows);
  const name = `${pick(LAHAN_WORDS, 'lg', 31)} || ' ' || p.first || ' ' || ${pick(LAHAN_PLACES, 'lg', 32)}`;
  // A schema before migration 0013_lahan_petani_verified (bench:scale of an older commit) has no such column.
  const [verifiedColumn, verifiedValue] = (await hasColumn(tx, 'lahan', 'petani_verified'))
    ? [', petani_verified', ', u.status_verifikasi']
    : ['', ''];
  // Its location's province, which its row trigger copies otherwise; none before migration 0048_lahan_province.
  const [provinceColumn, provinceValue, provinceJoin] = (await hasColumn(tx, 'lahan', 'province_id'))
    ? [', province_id', ', o.province_id', 'JOIN locations o ON o.id = place.id']
    : ['', '', ''];
  // A schema before migration 0031_lahan_geometry has no measured columns: the plots stay pins there.
  const boundary = await hasColumn(tx, 'lahan', 'centroid');
  const measuredColumns = boundary ? ', luas_terukur, centroid, bbox' : '';
  // The boundary's steps (scale/boundaries.ts) are each one row per lahan: a Memoize over one would cache by
  // every corner it reads and never hit (1.4× the time of 300k boundaries).
  await step(`SET LOCAL enable_memoize = off`);
  return bulk.insertSearchable(
    'lahan',
    `id, petani_id, nama_lahan, luas_lahan, address_lahan, location_id, category_id, status, gps, created_at,
     updated_at${verifiedColumn}${provinceColumn}${measuredColumns}`,
    `SELECT ${first} + lg - 1, p.user_id, ${name},
       (5 + mod(${h('lg', 33)}, 396)) * 100,
       'Dusun ' || ${pick(['Krajan', 'Sukamaju', 'Sidorejo', 'Mekarsari', 'Tegalrejo', 'Cibodas'], 'lg', 34)}
         || ', ' || ${pick(STREETS, 'lg', 35)},
       place.id,
       cat.ids[1 + mod(${h('lg', 37)}, cardinality(cat.ids))],
       ${pick(LAHAN_STATUS_MIX, 'lg', 38)}::lahan_status,
       ${boundary ? 'b.gps' : 'b.pin'},
       ${before(500, 'lg', 41)}, ${before(500, 'lg', 41)}${verifiedValue}${provinceValue}${boundary ? ', b.luas_terukur, b.centroid, b.bbox' : ''}
     FROM generate_series(1, ${rows}) lg
     JOIN scale_person p ON p.g = 1 + mod(${h('lg', 30)}, ${petani})
     JOIN users u ON u.id = p.user_id
     JOIN scale_loc loc ON loc.rn = 1 + mod(${h('lg', 42)}, ${places})
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM land_categories) cat
     CROSS JOIN LATERAL (SELECT CASE WHEN mod(${h('lg', 36)}, 10) < 7 THEN coalesce(p.location_id, loc.id) ELSE loc.id END AS id) place
     ${provinceJoin}
     CROSS JOIN LATERAL ${plotBoundary('lg', 'place.id')} b`,
    async (stage) => {
      await step(`
        CREATE TEMP TABLE scale_lahan AS
        SELECT row_number() OVER (ORDER BY id)::int AS rn, id, petani_id FROM ${stage} WHERE status = 'active'`);
      await step(`ALTER TABLE scale_lahan ADD PRIMARY KEY (rn)`);
      await step(`
        UPDATE ${stage} l SET status = (CASE c.status ${LAND_CASE} END)::lahan_status
        FROM (SELECT DISTINCT ON (held) ${heldLahan('(SELECT count(*) FROM scale_lahan)')} AS held, s.status
              FROM scale_contract s WHERE s.holds ORDER BY held, s.g DESC) c
        JOIN scale_lahan p ON p.rn = c.held
        WHERE l.id = p.id`);
    },
  );
}

/**
 * Plans `rows` contracts into `scale_contract` (g, id, status, created, holds, hrn): a status each, and whether
 * it holds its lahan (HOLDS: every status but those that release it), numbered among those that do. Answers the
 * first of their ids.
 */
export async function planContracts(step: Step, tx: Tx, rows: number): Promise<number> {
  const first = await reserveIds(tx, 'contracts', rows);
  const statusCase = CONTRACT_MIX.map(([s, upTo]) => `WHEN u < ${upTo} THEN '${s}'`).join(' ');
  await step(`
    CREATE TEMP TABLE scale_contract AS
    WITH c AS (
      SELECT g, (CASE ${statusCase} END)::contract_status AS status, ${before(420, 'g', 51)} AS created
      FROM generate_series(1, ${rows}) g, LATERAL (SELECT mod(${h('g', 50)}, 100) AS u) r
    )
    SELECT ${first} + g - 1 AS id, c.*, ${HOLDS} AS holds,
      row_number() OVER (PARTITION BY ${HOLDS} ORDER BY g)::int AS hrn
    FROM c`);
  await step(`ALTER TABLE scale_contract ADD PRIMARY KEY (g)`);
  return first;
}

/**
 * The contracts `planContracts` planned, each on its lahan of the pool `scale_lahan` (`insertLahan`), between
 * that lahan's petani and one of the `mitra` of `scale_person` after its `petani`; the columns the lifecycle
 * keeps (terms version, awaiting, signing times) as scale/history.ts tells the story; a price table of one grade
 * or three, payment days, and the settlement of the money scale/money.ts plans for them.
 */
export async function insertContracts(bulk: BulkLoad, people: { petani: number; mitra: number }) {
  const commodities = JSON.stringify(COMMODITIES.map((c, i) => ({ i: i + 1, ...c })));
  const start = `CASE WHEN s.status = 'approved'
         THEN greatest(current_date, ${ANCHOR}::date) + 14 + mod(${h('s.g', 54)}, 47)::int
         ELSE (s.created + make_interval(days => 7 + mod(${h('s.g', 54)}, 24)::int))::date END`;
  const price = `round((k.lo + mod(${h('s.g', 53)}, k.hi - k.lo + 1)) / 100.0) * 100`;
  // Half the contracts price grades A, B and C (B and C 10 % and 20 % below A, as the demo's gradesABC), half A alone.
  const grade = (name: string, factor: number) =>
    `jsonb_build_object('grade', '${name}', 'price', (round(${price} * ${factor} / 100) * 100)::bigint)`;
  const prices = `CASE WHEN mod(${h('s.g', 60)}, 2) = 0
    THEN jsonb_build_array(${grade('A', 1)}, ${grade('B', 0.9)}, ${grade('C', 0.8)})
    ELSE jsonb_build_array(${grade('A', 1)}) END`;
  return bulk.insertSearchable(
    'contracts',
    `id, title, contract_category_id, description, status, petani_id, mitra_id, lahan_id,
     commodity, quantity, unit, price, prices, payment_days, start_date, end_date, terms_version, delivery_terms, awaiting,
     petani_signed_at, mitra_signed_at, created_at, updated_at`,
    `SELECT s.id,
       cat.type_name || ' ' || split_part(k.name, ' (', 1) || ' #' || lpad(s.g::text, 6, '0'),
       cat.id,
       'Kontrak ' || lower(cat.type_name) || ' ' || lower(k.name) || ' antara petani dan mitra, dengan mutu sesuai standar yang disepakati.',
       s.status, l.petani_id, m.user_id, l.id,
       k.name, (5 + mod(${h('s.g', 52)}, 196)) * 100, k.unit,
       ${price}, ${prices}, (ARRAY[7, 7, 7, 14, 30])[1 + mod(${h('s.g', 61)}, 5)], st.start_date,
       st.start_date + 90 + mod(${h('s.g', 55)}, 151)::int,
       CASE s.status WHEN 'negotiation' THEN 2 ELSE 1 END,
       ${pick(DELIVERY_TERMS, 's.g', 59)},
       CASE s.status WHEN 'pending' THEN 'petani' WHEN 'negotiation' THEN 'mitra'
                     WHEN 'approved' THEN 'mitra' WHEN 'active' THEN 'mitra' END,
       CASE WHEN s.status IN ('approved', 'active', 'completed') THEN ${signedAt('s.created', 'petani')} END,
       CASE WHEN s.status IN ('approved', 'active', 'completed') THEN ${signedAt('s.created', 'mitra')} END,
       s.created, s.created
     FROM scale_contract s
     CROSS JOIN (SELECT count(*)::int AS n FROM scale_lahan) pool
     JOIN scale_lahan l ON l.rn = ${heldLahan('pool.n')}
     JOIN scale_person m ON m.g = ${people.petani} + 1 + mod(${h('s.g', 57)}, ${Math.max(1, people.mitra)})
     JOIN (SELECT row_number() OVER (ORDER BY id)::int AS rn, id, type_name FROM contract_categories) cat
       ON cat.rn = 1 + mod(s.g, (SELECT count(*) FROM contract_categories))
     JOIN (SELECT (e->>'i')::int AS i, e->>'name' AS name, e->>'unit' AS unit,
                  (e->'price'->>0)::int AS lo, (e->'price'->>1)::int AS hi
           FROM jsonb_array_elements(${literal(commodities)}::jsonb) e) k
       ON k.i = 1 + mod(${h('s.g', 58)}, ${COMMODITIES.length})
     CROSS JOIN LATERAL (SELECT ${start} AS start_date) st`,
    (stage) => planMoney(bulk.step, stage),
  );
}
