import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../src/server/db/engine/client.js';

/**
 * The first lahan with a location: its id, that location's sub-district, district and province, and the first
 * district of another province (`other_district`, in `other_province`).
 */
export async function placedLahan(db: Db) {
  const [row] = await queryRows<{
    id: number;
    location: number;
    sub: number;
    district: number;
    province: number;
    other_province: number;
    other_district: number;
  }>(
    db,
    sql`
    select l.id, l.location_id as location, s.id as sub, d.id as district, d.province_id as province,
      x.province_id as other_province, x.id as other_district
    from lahan l join locations o on o.id = l.location_id
    join sub_districts s on s.id = o.sub_district_id join districts d on d.id = s.district_id
    cross join lateral (select id, province_id from districts where province_id <> d.province_id order by id limit 1) x
    order by l.id limit 1`,
  );
  return row!;
}
