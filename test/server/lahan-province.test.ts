import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { runMigration, whileHeld } from './support/migrations.js';
import { placedLahan } from './support/places.js';

/*
 * A lahan's province is kept on its row (migration 0048_lahan_province, db/functions/35-lahan-province.sql) for
 * the list's province filter: it must always be the province its location lies in, whatever moved, and the
 * filter must answer exactly the lahan of the province's locations.
 */

const ctx = useTestApp();
let admin: string;

beforeAll(async () => ({ admin } = await demoTokens(ctx)));

const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

/** The province of each lahan as its location's areas say (null without a location). */
const PLACED = sql`
  select l.id, l.province_id as kept, d.province_id as actual
  from lahan l left join locations o on o.id = l.location_id
  left join sub_districts s on s.id = o.sub_district_id left join districts d on d.id = s.district_id`;

/** Lahan and locations whose kept province is not the one their areas say. */
const stale = async () => [
  ...(await rowsOf<{ id: number }>(sql`select id from (${PLACED}) p where kept is distinct from actual`)),
  ...(await rowsOf<{ id: number }>(sql`
    select o.id from locations o join sub_districts s on s.id = o.sub_district_id
    join districts d on d.id = s.district_id where o.province_id is distinct from d.province_id`)),
];

/** The ids the admin's lahan list answers for `province_id` (every page), and its total. */
async function listed(province: number) {
  const seen: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call(ctx, {
      url: `/api/v1/lahan?province_id=${province}&limit=100&page=${page}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json.data as Json[];
    seen.push(...data.map((r) => r.id as number));
    if (data.length < 100)
      return { ids: seen.sort((a, b) => a - b), total: res.json.pagination.total as number };
  }
}

/** The ids of the lahan whose location lies in `province`, by the areas themselves. */
const inProvince = async (province: number) =>
  (
    await rowsOf<{ id: number }>(sql`select id from (${PLACED}) p where actual = ${province} order by id`)
  ).map((r) => r.id);

const put = async (url: string, payload: Json) => {
  const res = await call(ctx, { method: 'PUT', url: `/api/v1${url}`, token: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
};

describe("a lahan's province (migration 0048)", () => {
  it("is its location's for every seeded lahan, and the filter lists exactly the province's lahan", async () => {
    expect(await stale()).toEqual([]);
    const { province } = await placedLahan(ctx.db);
    const expected = await inProvince(province);
    expect(expected.length).toBeGreaterThan(0);
    expect(await listed(province)).toEqual({ ids: expected, total: expected.length });
  });

  it('follows a district, a sub-district, a location and the lahan itself when they move', async () => {
    const placed = await placedLahan(ctx.db);
    const listedIn = async (province: number) => (await listed(province)).ids;

    await ctx.db.execute(
      sql`update districts set province_id = ${placed.other_province} where id = ${placed.district}`,
    );
    expect(await listedIn(placed.other_province)).toContain(placed.id);
    expect(await listedIn(placed.province)).not.toContain(placed.id);
    await ctx.db.execute(
      sql`update districts set province_id = ${placed.province} where id = ${placed.district}`,
    );
    expect(await listedIn(placed.province)).toContain(placed.id);

    await ctx.db.execute(
      sql`update sub_districts set district_id = ${placed.other_district} where id = ${placed.sub}`,
    );
    expect(await listedIn(placed.other_province)).toContain(placed.id);
    await ctx.db.execute(
      sql`update sub_districts set district_id = ${placed.district} where id = ${placed.sub}`,
    );

    // The location moved under a sub-district of the other province, through the API.
    const [elsewhere] = await rowsOf<{ id: number }>(
      sql`select id from sub_districts where district_id = ${placed.other_district} order by id limit 1`,
    );
    await put(`/admin/location/${placed.location}`, {
      location_name: 'Desa Provinsia',
      sub_district_id: elsewhere!.id,
    });
    expect(await listedIn(placed.other_province)).toContain(placed.id);
    expect(await stale()).toEqual([]);

    // The lahan put in a location of its first province, through the API.
    const [home] = await rowsOf<{ id: number }>(sql`
      select o.id from locations o join sub_districts s on s.id = o.sub_district_id
      join districts d on d.id = s.district_id where d.province_id = ${placed.province} order by o.id limit 1`);
    await put(`/lahan/${placed.id}`, { location_id: home!.id });
    expect(await listedIn(placed.province)).toContain(placed.id);
    expect(await listedIn(placed.other_province)).not.toContain(placed.id);
    expect(await stale()).toEqual([]);
  });

  it('is put back when written directly, and is none once the location is gone', async () => {
    const placed = await placedLahan(ctx.db);
    await ctx.db.execute(
      sql`update lahan set province_id = ${placed.other_province} where id = ${placed.id}`,
    );
    await ctx.db.execute(
      sql`update locations set province_id = ${placed.other_province} where id = ${placed.location}`,
    );
    expect(await stale()).toEqual([]);

    const [spare] = await rowsOf<{ id: number }>(sql`
      insert into locations (location_name, sub_district_id) values ('Desa Sementara', ${placed.sub}) returning id`);
    await ctx.db.execute(sql`update lahan set location_id = ${spare!.id} where id = ${placed.id}`);
    expect(await listed(placed.province)).toMatchObject({ ids: expect.arrayContaining([placed.id]) });
    await ctx.db.execute(sql`delete from locations where id = ${spare!.id}`);
    const [row] = await rowsOf<{ location_id: number | null; province_id: number | null }>(
      sql`select location_id, province_id from lahan where id = ${placed.id}`,
    );
    expect(row).toEqual({ location_id: null, province_id: null });
    expect((await listed(placed.province)).ids).not.toContain(placed.id);
    expect(await stale()).toEqual([]);
  });

  it('is read after a move of its district that commits while the lahan is being written', async () => {
    const placed = await placedLahan(ctx.db);
    // The move holds the district's locations until it commits; a lahan inserted in one of them meanwhile must
    // wait for it and read the new province.
    await whileHeld(
      ctx.db,
      sql`update districts set province_id = ${placed.other_province} where id = ${placed.district}`,
      () =>
        ctx.db.execute(sql`
          insert into lahan (petani_id, nama_lahan, luas_lahan, location_id)
          select petani_id, 'Kebun Bergeser', 1000, location_id from lahan where id = ${placed.id}`),
    );
    const [row] = await rowsOf<{ province_id: number }>(
      sql`select province_id from lahan where nama_lahan = 'Kebun Bergeser'`,
    );
    expect(row!.province_id).toBe(placed.other_province);
    expect(await stale()).toEqual([]);
  });

  it('is filled in for the lahan and locations a database had before the migration', async () => {
    // The database as 0047 left it (its location trigger did not watch province_id); then 0048 as the migrator
    // runs it.
    for (const statement of [
      'drop trigger location_area_names on locations',
      'drop trigger lahan_province on lahan',
      'drop trigger lahan_province on locations',
      'drop function lahan_province',
      'alter table lahan drop column province_id',
      'alter table locations drop column province_id',
    ])
      await ctx.db.execute(sql.raw(statement));
    await runMigration(ctx.db, '0048_lahan_province.sql');
    expect(
      await rowsOf(sql`select id from lahan where location_id is not null and province_id is null`),
    ).toEqual([]);
    expect(await stale()).toEqual([]);
  });
});
