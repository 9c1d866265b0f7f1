import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { shapeKeys } from '../../src/server/db/lists/prebuilt.js';
import { countInPartsFrom, countsInParts } from '../../src/server/db/lists/table-size.js';
import { users } from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';

/*
 * A search or a free filter counts its rows exactly up to 1,000 and says more-than beyond (docs/API.md,
 * "Totals"): `total: 1000, totalExact: false`, and the pages past the cap are still read while they are full.
 * Unfiltered lists and enum filters keep their exact totals from the counters at any size.
 */

const ctx = useTestApp();
let admin: string;

/** `n` petani whose names have the word `word`, created one second apart (newest last). */
const addPetani = (word: string, n: number) =>
  ctx.db.execute(sql`
    insert into users (role, email, password_hash, full_name, phone, created_at)
    select 'petani', ${word} || g || '@contoh.id', 'x', ${word} || ' Petani', '+62811' || lpad(g::text, 7, '0'),
      timestamptz '2024-05-01' + g * interval '1 second'
    from generate_series(1, ${n}) g`);

const page = async (url: string) => {
  const res = await call(ctx, { url: `/api/v1${url}`, token: admin });
  expect(res.statusCode, url).toBe(200);
  return res.json as { data: Json[]; pagination: Json };
};

beforeAll(async () => {
  ({ admin } = await demoTokens(ctx));
  await addPetani('Caplebih', 1050);
  await addPetani('Capseribu', 1000);
  // 1,001 lahan in one new location: a free filter (location_id) past the cap.
  await ctx.db.execute(sql`
    insert into locations (sub_district_id, location_name)
    select id, 'Desa Capkota' from sub_districts order by id limit 1`);
  await ctx.db.execute(sql`
    insert into lahan (petani_id, nama_lahan, luas_lahan, address_lahan, location_id)
    select (select min(id) from users where role = 'petani'), 'Kebun Cap ' || g, g, 'Jl. Cap',
      (select id from locations where location_name = 'Desa Capkota')
    from generate_series(1, 1001) g`);
  // The planner's size of users (about 2,100 rows), which decides whether a search counts in parts.
  await ctx.db.execute(sql`analyze users`);
});

/** The keys of the statements `read` made (the count and the page's ids are one statement). */
const madeBy = async (read: () => Promise<unknown>) => {
  const before = new Set(shapeKeys(ctx.db));
  await read();
  return shapeKeys(ctx.db).filter((key) => !before.has(key) && key.includes('|ids|'));
};

describe('where a search counts', () => {
  it("counts on the whole index below the size set, in parts from it (the planner's estimate of the table)", async () => {
    const search = (sort: string) => () => page(`/admin/users?q=caplebih&sort=${sort}&limit=10`);
    countInPartsFrom(ctx.db, 3000);
    const small = await madeBy(search('email'));
    countInPartsFrom(ctx.db, 2000);
    const large = await madeBy(search('role'));
    expect(small).toHaveLength(1);
    expect(small[0]).not.toContain('in parts');
    expect(large).toHaveLength(1);
    expect(large[0]).toContain('in parts');
  });

  it('counts a table of fewer than SEARCH_PARTS_FROM_ROWS rows on the whole index by default', async () => {
    countInPartsFrom(ctx.db, undefined);
    expect(await countsInParts(ctx.db, users)).toBe(false);
    countInPartsFrom(ctx.db, 2000);
    expect(await countsInParts(ctx.db, users)).toBe(true);
  });
});

describe.each([
  ['on the whole index', Number.POSITIVE_INFINITY],
  ['in parts', 0],
])('a capped total, counted %s', (_, from) => {
  beforeAll(() => {
    countInPartsFrom(ctx.db, from);
  });

  it('says 1,000 and not exact for a search of more, with 100 pages', async () => {
    const { data, pagination } = await page('/admin/petani?q=caplebih&limit=10');
    expect(pagination).toEqual({ page: 1, limit: 10, total: 1000, totalPages: 100, totalExact: false });
    expect(data.map((r) => r.full_name)).toEqual(Array(10).fill('Caplebih Petani'));
  });

  it('is exact at exactly 1,000 matches, and for fewer', async () => {
    const thousand = await page('/admin/petani?q=capseribu&limit=10');
    expect(thousand.pagination).toMatchObject({ total: 1000, totalPages: 100, totalExact: true });
    const fewer = await page('/admin/petani?q=capseribu1&limit=10');
    // capseribu1, 10–19, 100–199, 1000.
    expect(fewer.pagination).toMatchObject({ total: 112, totalPages: 12, totalExact: true });
  });

  it('keeps the pages past the cap readable while they are full, then empty', async () => {
    // Newest first: page 101 holds matches 1,001–1,010 of 1,050, i.e. created 50th to 41st.
    const past = await page('/admin/petani?q=caplebih&page=101&limit=10');
    expect(past.pagination).toMatchObject({ page: 101, total: 1000, totalExact: false });
    expect(past.data.map((r) => r.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Caplebih${50 - i}@contoh.id`),
    );
    const last = await page('/admin/petani?q=caplebih&page=105&limit=10');
    expect(last.data.map((r) => r.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Caplebih${10 - i}@contoh.id`),
    );
    const beyond = await page('/admin/petani?q=caplebih&page=106&limit=10');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ total: 1000, totalExact: false });
  });

  it('counts a lahan search across the parts of its index (tables/columns.ts trgmParts) as a petani one', async () => {
    const many = await page('/lahan?q=kebun%20cap&limit=10');
    expect(many.pagination).toMatchObject({ total: 1000, totalPages: 100, totalExact: false });
    // Kebun Cap 17, 117, 170–179, 217, 317, …, 917: 20 lahan whose ids fall in every part.
    const some = await page('/lahan?q=kebun%20cap%2017&limit=10');
    expect(some.pagination).toMatchObject({ total: 20, totalPages: 2, totalExact: true });
    const mitra = await page('/admin/mitra?q=caplebih&limit=10');
    expect(mitra.pagination).toMatchObject({ total: 0, totalExact: true });
  });

  it('caps a free filter (lahan by location) but not the counted lists, whatever their size', async () => {
    const [location] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from locations where location_name = 'Desa Capkota'`,
    );
    const filtered = await page(`/lahan?location_id=${location!.id}&limit=10`);
    expect(filtered.pagination).toMatchObject({ total: 1000, totalPages: 100, totalExact: false });
    const [counts] = await queryRows<{ petani: number; lahan: number }>(
      ctx.db,
      sql`select (select count(*)::int from users where role = 'petani') as petani,
                 (select count(*)::int from lahan) as lahan`,
    );
    expect(counts!.petani).toBeGreaterThan(2000);
    const all = await page('/admin/petani?limit=10');
    expect(all.pagination).toMatchObject({ total: counts!.petani, totalExact: true });
    const lahan = await page('/lahan?limit=10');
    expect(lahan.pagination).toMatchObject({ total: counts!.lahan, totalExact: true });
    const unverified = await page('/admin/petani?status_verifikasi=false&limit=10');
    expect(unverified.pagination.totalExact).toBe(true);
    expect(unverified.pagination.total).toBeGreaterThan(2000);
  });
});

describe('a search counted in parts', () => {
  it('is kept apart from one whose word has no trigram (its own statement)', async () => {
    countInPartsFrom(ctx.db, 0);
    const search = (q: string) => () => page(`/admin/petani?q=${q}&sort=full_name&order=asc&limit=10`);
    const made = [...(await madeBy(search('caplebih'))), ...(await madeBy(search('ca')))];
    // Kept by one key, `ca` would count part by part through every entry of each part.
    expect(made.filter((key) => key.includes('in parts'))).toHaveLength(1);
    expect(made.filter((key) => !key.includes('in parts'))).toHaveLength(1);
  });
});
