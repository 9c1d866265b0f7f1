import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { runMigration, whileHeld } from './support/migrations.js';
import { placedLahan } from './support/places.js';

/*
 * A lahan's area names (sub-district, district, province) come from its location's row, where triggers keep
 * them (migration 0021_location_area_names): they must always equal its areas' own names, whatever changed.
 */

const ctx = useTestApp();
let admin: string;

beforeAll(async () => ({ admin } = await demoTokens(ctx)));

const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

interface AreaNames {
  sub_district_name: string;
  district_name: string;
  province_name: string;
}

/** The names of a sub-district's areas, read from the area tables themselves. */
const areaNamesOf = async (subDistrict: number) =>
  (
    await rowsOf<AreaNames>(sql`
      select s.sub_district_name, d.district_name, p.province_name
      from sub_districts s join districts d on d.id = s.district_id join provinces p on p.id = d.province_id
      where s.id = ${subDistrict}`)
  )[0]!;

/** Locations whose names differ from their areas'. */
const stale = () =>
  rowsOf<{ id: number }>(sql`
    select l.id from locations l
    join sub_districts s on s.id = l.sub_district_id join districts d on d.id = s.district_id
    join provinces p on p.id = d.province_id
    where (l.sub_district_name, l.district_name, l.province_name)
      is distinct from (s.sub_district_name, d.district_name, p.province_name)`);

const lahanRecord = async (id: number) => {
  const res = await call(ctx, { method: 'GET', url: `/api/v1/lahan/${id}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json.data as Json;
};

const shownNames = (record: Json): AreaNames => ({
  sub_district_name: record.sub_district_name,
  district_name: record.district_name,
  province_name: record.province_name,
});

describe("a location's area names (migration 0021)", () => {
  it('are its areas’ names for every seeded location, and what a lahan record shows', async () => {
    expect(await rowsOf(sql`select id from locations`)).not.toHaveLength(0);
    expect(await stale()).toEqual([]);
    const placed = await placedLahan(ctx.db);
    expect(shownNames(await lahanRecord(placed.id))).toEqual(await areaNamesOf(placed.sub));
  });

  it('follow an area renamed or moved, and a location moved or created through the API', async () => {
    const placed = await placedLahan(ctx.db);
    const shows = async (names: Partial<AreaNames>) =>
      expect(shownNames(await lahanRecord(placed.id))).toMatchObject(names);

    await ctx.db.execute(
      sql`update provinces set province_name = 'Kepulauan Galenia' where id = ${placed.province}`,
    );
    await shows({ province_name: 'Kepulauan Galenia' });
    await ctx.db.execute(
      sql`update districts set district_name = 'Kabupaten Rutilia' where id = ${placed.district}`,
    );
    await shows({ district_name: 'Kabupaten Rutilia', province_name: 'Kepulauan Galenia' });
    await ctx.db.execute(sql`update sub_districts set sub_district_name = 'Pirita' where id = ${placed.sub}`);
    await shows({ sub_district_name: 'Pirita', district_name: 'Kabupaten Rutilia' });

    // The district moved under another province; then the sub-district under another district.
    const [other] = await rowsOf<{ province: number; district: number }>(sql`
      select d.province_id as province, d.id as district from districts d
      where d.province_id <> ${placed.province} order by d.id limit 1`);
    await ctx.db.execute(
      sql`update districts set province_id = ${other!.province} where id = ${placed.district}`,
    );
    await shows({ ...(await areaNamesOf(placed.sub)), district_name: 'Kabupaten Rutilia' });
    expect((await areaNamesOf(placed.sub)).province_name).not.toBe('Kepulauan Galenia');
    await ctx.db.execute(
      sql`update sub_districts set district_id = ${other!.district} where id = ${placed.sub}`,
    );
    await shows({ ...(await areaNamesOf(placed.sub)), sub_district_name: 'Pirita' });

    // The location moved to another sub-district through the API.
    const [elsewhere] = await rowsOf<{ id: number }>(sql`
      select id from sub_districts where id <> ${placed.sub} order by id desc limit 1`);
    const moved = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/location/${placed.location}`,
      token: admin,
      payload: { location_name: 'Desa Kalsitia', sub_district_id: elsewhere!.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await shows(await areaNamesOf(elsewhere!.id));

    // A new location, and a lahan put there.
    const created = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/location',
      token: admin,
      payload: { location_name: 'Desa Baritia', sub_district_id: placed.sub },
    });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.db.execute(
      sql`update lahan set location_id = ${(created.json.data as Json).id} where id = ${placed.id}`,
    );
    await shows(await areaNamesOf(placed.sub));
    expect(await stale()).toEqual([]);
  });

  it('are read after an area rename that commits while the location is being written', async () => {
    const placed = await placedLahan(ctx.db);
    // The rename holds its province row until it commits; the insert of a location under it meanwhile
    // must wait for it and read the new name.
    await whileHeld(
      ctx.db,
      sql`update provinces set province_name = 'Nusa Kriolitia' where id = ${placed.province}`,
      () =>
        ctx.db.execute(sql`
          insert into locations (location_name, sub_district_id) values ('Desa Fluoritia', ${placed.sub})`),
    );
    const [row] = await rowsOf<{ province_name: string }>(
      sql`select province_name from locations where location_name = 'Desa Fluoritia'`,
    );
    expect(row!.province_name).toBe('Nusa Kriolitia');
    expect(await stale()).toEqual([]);
  });

  it('are filled in for the locations a database had before the migration', async () => {
    // The database as 0020 left it, with its locations; then 0021 as the migrator runs it.
    for (const statement of [
      'drop trigger location_area_names on locations',
      ...['provinces', 'districts', 'sub_districts'].map((t) => `drop trigger location_area_changed on ${t}`),
      'drop function location_area_names, location_area_changed',
      'alter table locations drop column sub_district_name, drop column district_name, drop column province_name',
    ])
      await ctx.db.execute(sql.raw(statement));
    await runMigration(ctx.db, '0021_location_area_names.sql');
    expect(await rowsOf(sql`select id from locations where province_name = ''`)).toEqual([]);
    expect(await stale()).toEqual([]);
  });
});
