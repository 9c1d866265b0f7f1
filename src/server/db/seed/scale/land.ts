import { CONTRACT_STATUSES, LAHAN_STATUSES } from '../../../../shared/constants.js';
import type { Tx } from '../../client.js';
import { COMMODITIES, LAHAN_PLACES, LAHAN_WORDS, STREETS } from '../names.js';
import { reserveIds, type BulkLoad } from './bulk.js';
import { before, h, literal, pick, type Step } from './sql.js';

/** Lahan statuses weighted as in the demo seed: a third active. */
const LAHAN_STATUS_MIX = [...LAHAN_STATUSES, 'active', 'active'];
/** Contract status (cumulative percent) and the lahan status a contract in it sits on. */
const CONTRACT_MIX: [(typeof CONTRACT_STATUSES)[number], number, (typeof LAHAN_STATUSES)[number]][] = [
  ['pending', 15, 'active'],
  ['negotiation', 23, 'negotiation'],
  ['approved', 33, 'on_going'],
  ['active', 58, 'on_going'],
  ['completed', 83, 'completed'],
  ['rejected', 92, 'active'],
  ['cancelled', 100, 'inactive'],
];

/** `rows` lahan, each on a petani of `scale_person` chosen by hash, mostly in the petani's own village. */
export async function insertLahan(tx: Tx, bulk: BulkLoad, rows: number, petani: number, places: number) {
  const first = await reserveIds(tx, 'lahan', rows);
  const name = `${pick(LAHAN_WORDS, 'lg', 31)} || ' ' || p.first || ' ' || ${pick(LAHAN_PLACES, 'lg', 32)}`;
  return bulk.insertSearchable(
    'lahan',
    'id, petani_id, nama_lahan, luas_lahan, address_lahan, location_id, category_id, status, gps, created_at, updated_at',
    `SELECT ${first} + lg - 1, p.user_id, ${name},
       (5 + mod(${h('lg', 33)}, 396)) * 100,
       'Dusun ' || ${pick(['Krajan', 'Sukamaju', 'Sidorejo', 'Mekarsari', 'Tegalrejo', 'Cibodas'], 'lg', 34)}
         || ', ' || ${pick(STREETS, 'lg', 35)},
       CASE WHEN mod(${h('lg', 36)}, 10) < 7 THEN p.location_id ELSE loc.id END,
       cat.ids[1 + mod(${h('lg', 37)}, cardinality(cat.ids))],
       ${pick(LAHAN_STATUS_MIX, 'lg', 38)}::lahan_status,
       -- A point on the Indonesian archipelago's band (approximate: the scale set has no village coordinates).
       jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(
         round((95 + mod(${h('lg', 39)}, 4500000) / 100000.0)::numeric, 6),
         round((-9 + mod(${h('lg', 40)}, 1400000) / 100000.0)::numeric, 6))),
       ${before(500, 'lg', 41)}, ${before(500, 'lg', 41)}
     FROM generate_series(1, ${rows}) lg
     JOIN scale_person p ON p.g = 1 + mod(${h('lg', 30)}, ${petani})
     JOIN scale_loc loc ON loc.rn = 1 + mod(${h('lg', 42)}, ${places})
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM land_categories) cat
     ORDER BY lg`,
  );
}

/**
 * `rows` contracts: a status, then a lahan whose status fits it (a proposal sits on an active lahan, work on
 * an on_going one …), between that lahan's petani and one of the `mitra` of `scale_person` after its `petani`.
 */
export async function insertContracts(
  step: Step,
  tx: Tx,
  bulk: BulkLoad,
  rows: number,
  petani: number,
  mitra: number,
) {
  await step(`
    CREATE TEMP TABLE scale_lahan ON COMMIT DROP AS
    SELECT status, row_number() OVER (PARTITION BY status ORDER BY id)::int AS rn, id, petani_id FROM lahan`);
  await step(`ALTER TABLE scale_lahan ADD PRIMARY KEY (status, rn)`);
  const first = await reserveIds(tx, 'contracts', rows);
  const statusCase = CONTRACT_MIX.map(([s, upTo]) => `WHEN u < ${upTo} THEN '${s}'`).join(' ');
  const landCase = CONTRACT_MIX.map(([s, , l]) => `WHEN '${s}' THEN '${l}'`).join(' ');
  const commodities = JSON.stringify(COMMODITIES.map((c, i) => ({ i: i + 1, ...c })));
  return bulk.insertSearchable(
    'contracts',
    `id, title, contract_category_id, description, status, petani_id, mitra_id, lahan_id,
     commodity, quantity, unit, price, start_date, end_date, created_at, updated_at`,
    `WITH c AS (
       SELECT g, (CASE ${statusCase} END)::contract_status AS status, ${before(420, 'g', 51)} AS created
       FROM generate_series(1, ${rows}) g, LATERAL (SELECT mod(${h('g', 50)}, 100) AS u) r
     ), sized AS (
       SELECT c.*, (CASE c.status::text ${landCase} END)::lahan_status AS land_status FROM c
     ), pool AS (SELECT status, count(*)::int AS n FROM scale_lahan GROUP BY status)
     SELECT ${first} + s.g - 1,
       cat.type_name || ' ' || split_part(k.name, ' (', 1) || ' #' || lpad(s.g::text, 6, '0'),
       cat.id,
       'Kontrak ' || lower(cat.type_name) || ' ' || lower(k.name) || ' antara petani dan mitra, dengan mutu sesuai standar yang disepakati.',
       s.status, l.petani_id, m.user_id, l.id,
       k.name, (5 + mod(${h('s.g', 52)}, 196)) * 100, k.unit,
       round((k.lo + mod(${h('s.g', 53)}, k.hi - k.lo + 1)) / 100.0) * 100,
       (s.created + make_interval(days => 7 + mod(${h('s.g', 54)}, 24)::int))::date,
       (s.created + make_interval(days => 97 + mod(${h('s.g', 54)}, 24)::int + mod(${h('s.g', 55)}, 151)::int))::date,
       s.created, s.created
     FROM sized s
     JOIN pool ON pool.status = s.land_status
     JOIN scale_lahan l ON l.status = s.land_status AND l.rn = 1 + mod(${h('s.g', 56)}, pool.n)
     JOIN scale_person m ON m.g = ${petani} + 1 + mod(${h('s.g', 57)}, ${Math.max(1, mitra)})
     JOIN (SELECT row_number() OVER (ORDER BY id)::int AS rn, id, type_name FROM contract_categories) cat
       ON cat.rn = 1 + mod(s.g, (SELECT count(*) FROM contract_categories))
     JOIN (SELECT (e->>'i')::int AS i, e->>'name' AS name, e->>'unit' AS unit,
                  (e->'price'->>0)::int AS lo, (e->'price'->>1)::int AS hi
           FROM jsonb_array_elements(${literal(commodities)}::jsonb) e) k
       ON k.i = 1 + mod(${h('s.g', 58)}, ${COMMODITIES.length})
     ORDER BY s.g`,
  );
}
