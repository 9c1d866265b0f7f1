import { eq } from 'drizzle-orm';
import type { Tx } from '../../engine/client.js';
import { districts, subDistricts } from '../../schema.js';
import { readAreaCsv } from '../csv.js';
import { reserveIds, type BulkLoad } from './bulk.js';
import { before, countRows, hasColumn, literal, type Step } from './sql.js';

/** Villages of every kecamatan (idn-area-data), spread evenly, as `Desa …` locations. */
export async function insertLocations(tx: Tx, bulk: BulkLoad, wanted: number): Promise<number> {
  if (wanted <= 0) return 0;
  const subs = await tx
    .select({ id: subDistricts.id, code: subDistricts.code })
    .from(subDistricts)
    .innerJoin(districts, eq(subDistricts.district_id, districts.id));
  const subByCode = new Map(subs.map((s) => [s.code, s.id]));
  const villages = readAreaCsv('villages.csv').filter((v) => subByCode.has(v.district_code!));
  const rows = Array.from({ length: Math.min(wanted, villages.length) }, (_, i) => {
    const v = villages[Math.floor((i * villages.length) / wanted)]!;
    return { n: `Desa ${v.name}`, s: subByCode.get(v.district_code!)!, i };
  });
  const first = await reserveIds(tx, 'locations', rows.length);
  // Each location's area names and province, which its row trigger copies otherwise (off during the load,
  // scale/bulk.ts); none on a schema before migration 0021_location_area_names, no province before
  // 0048_lahan_province (bench:scale of an older commit).
  const [provinceColumn, provinceValue] = (await hasColumn(tx, 'locations', 'province_id'))
    ? [', province_id', ', p.id']
    : ['', ''];
  const [names, nameValues, nameJoins] = (await hasColumn(tx, 'locations', 'province_name'))
    ? [
        `, sub_district_name, district_name, province_name${provinceColumn}`,
        `, a.sub_district_name, d.district_name, p.province_name${provinceValue}`,
        `JOIN sub_districts a ON a.id = r.s JOIN districts d ON d.id = a.district_id
         JOIN provinces p ON p.id = d.province_id`,
      ]
    : ['', '', ''];
  return bulk.insertSearchable(
    'locations',
    `id, location_name, sub_district_id, created_at, updated_at${names}`,
    `SELECT ${first} + r.i, r.n, r.s, ${before(600, 'r.i', 60)}, ${before(600, 'r.i', 60)}${nameValues}
     FROM jsonb_to_recordset(${literal(JSON.stringify(rows))}::jsonb) AS r(n text, s int, i int) ${nameJoins}
     ORDER BY r.i`,
  );
}

/**
 * `scale_loc`: every location numbered 1…n (`rn`) with its name, its kecamatan's code as the six digits
 * that open a NIK (`area`) and the end of an address there (`area_line`: 'Kec. …, Kabupaten …'), for the
 * generators to draw from by hash. Answers n.
 */
export async function numberLocations(step: Step, tx: Tx): Promise<number> {
  await step(`
    CREATE TEMP TABLE scale_loc AS
    SELECT row_number() OVER (ORDER BY l.id)::int AS rn, l.id, l.location_name,
           rpad(replace(s.code, '.', ''), 6, '0') AS area,
           'Kec. ' || s.sub_district_name || ', ' || d.district_name AS area_line
    FROM locations l JOIN sub_districts s ON s.id = l.sub_district_id JOIN districts d ON d.id = s.district_id`);
  await step(`ALTER TABLE scale_loc ADD PRIMARY KEY (rn)`);
  return countRows(tx, 'scale_loc');
}
