import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { districts, lahan, locations, provinces, subDistricts } from '../../src/server/db/schema.js';
import {
  fullAddress,
  fullAddressSql,
  type AddressParts,
} from '../../src/server/modules/locations/address.js';
import { call, demoTokens, useTestApp } from './support/app.js';
import { MESSAGES } from '../../src/shared/messages.js';

const ctx = useTestApp();
let admin: string;
let petani: string;

beforeAll(async () => ({ admin, petani } = await demoTokens(ctx)));

const REQUIRED = MESSAGES.requiredFields;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LOCATION_KEYS = [
  'created_at',
  'district_id',
  'district_name',
  'full_address',
  'id',
  'location_name',
  'province_id',
  'province_name',
  'sub_district_id',
  'sub_district_name',
  'updated_at',
];

const get = (url: string) => call(ctx, { method: 'GET', url: `/api/v1/admin${url}`, token: admin });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(ctx, { method, url: `/api/v1/admin${url}`, token: admin, payload: payload as object });
const names = (rows: { location_name: string }[]) => rows.map((r) => r.location_name);
const locationCount = async () => (await ctx.db.select({ n: count() }).from(locations))[0]!.n;

/** A seeded location with its areas, read straight from the database. */
async function seededLocation(offset = 0) {
  const [row] = await ctx.db
    .select({
      id: locations.id,
      location_name: locations.location_name,
      sub_district_id: subDistricts.id,
      sub_district_name: subDistricts.sub_district_name,
      district_id: districts.id,
      district_name: districts.district_name,
      province_id: provinces.id,
      province_name: provinces.province_name,
    })
    .from(locations)
    .innerJoin(subDistricts, eq(locations.sub_district_id, subDistricts.id))
    .innerJoin(districts, eq(subDistricts.district_id, districts.id))
    .innerJoin(provinces, eq(districts.province_id, provinces.id))
    .orderBy(locations.id)
    .offset(offset)
    .limit(1);
  return row!;
}

async function areaIdsByName(province: string, district: string) {
  const [p] = await ctx.db.select().from(provinces).where(eq(provinces.province_name, province));
  const [d] = await ctx.db.select().from(districts).where(eq(districts.district_name, district));
  return { provinceId: p!.id, districtId: d!.id };
}

describe('full_address', () => {
  it('joins the non-empty names, adding the missing level words', () => {
    expect(
      fullAddress({
        location_name: 'Desa Sukamaju',
        sub_district_name: 'Cibeber',
        district_name: 'Kabupaten Cianjur',
        province_name: 'Jawa Barat',
      }),
    ).toBe('Desa Sukamaju, Kecamatan Cibeber, Kabupaten Cianjur, Provinsi Jawa Barat');
    expect(
      fullAddress({
        location_name: 'Dusun Krajan',
        sub_district_name: 'Kecamatan Ambulu',
        district_name: '',
        province_name: 'provinsi Jawa Timur',
      }),
    ).toBe('Dusun Krajan, Kecamatan Ambulu, provinsi Jawa Timur');
  });

  it('is written alike by PostgreSQL for the lists (fullAddressSql)', async () => {
    const nbsp = '\u00a0';
    const cases: AddressParts[] = [
      {
        location_name: 'Desa Sukamaju',
        sub_district_name: 'Cibeber',
        district_name: 'Kota Bogor',
        province_name: 'Jawa Barat',
      },
      {
        location_name: ' Dusun Krajan\t',
        sub_district_name: 'kecamatan Ambulu',
        district_name: '',
        province_name: 'PROVINSI Jawa Timur',
      },
      {
        location_name: '',
        sub_district_name: ` ${nbsp}`,
        district_name: 'Kabupaten Cianjur ',
        province_name: 'Provinsi',
      },
      {
        location_name: `${nbsp}Desa O'Neil\u3000`,
        sub_district_name: 'Kecamatan',
        district_name: 'x',
        province_name: 'provinsiJambi',
      },
      {
        location_name: 'Désa Ümlaut',
        sub_district_name: 'Kecamatan  Dua',
        district_name: '\n',
        province_name: ' ',
      },
    ];
    for (const parts of cases) {
      const text = (value: string) => sql<string>`${value}::text`;
      const [row] = await ctx.db
        .select({
          address: fullAddressSql({
            location_name: text(parts.location_name),
            sub_district_name: text(parts.sub_district_name),
            district_name: text(parts.district_name),
            province_name: text(parts.province_name),
          }),
        })
        .from(sql`(select 1) one`);
      expect(row!.address, JSON.stringify(parts)).toBe(fullAddress(parts));
    }
  });
});

describe('access', () => {
  it('requires an admin for every location and area route', async () => {
    const routes = [
      ['GET', '/location'],
      ['POST', '/location'],
      ['GET', '/location/1'],
      ['PUT', '/location/1'],
      ['DELETE', '/location/1'],
      ['GET', '/province'],
      ['GET', '/province/1/districts'],
      ['GET', '/district/1/sub-districts'],
      ['POST', '/province'],
      ['POST', '/district'],
      ['POST', '/sub-district'],
    ] as const;
    for (const [method, path] of routes) {
      const url = `/api/v1/admin${path}`;
      const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
      const anonymous = await call(ctx, { method, url, payload });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const farmer = await call(ctx, { method, url, payload, token: petani });
      expect(farmer.statusCode, `${method} ${path}`).toBe(403);
      expect(farmer.json.code).toBe('INVALID_ROLE');
    }
  });
});

describe('GET /admin/location', () => {
  it('pages through the seeded locations with joined area names and a full address', async () => {
    const res = await get('/location?page=4&limit=10&sort=created_at&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.json.pagination).toEqual({ page: 4, limit: 10, total: 40, totalPages: 4, totalExact: true });
    expect(res.json.data).toHaveLength(10);

    const first = await get('/location?limit=1&sort=created_at&order=asc');
    const expected = await seededLocation(0);
    const row = first.json.data[0];
    expect(Object.keys(row).sort()).toEqual(LOCATION_KEYS);
    expect(row).toMatchObject(expected);
    expect(row.full_address).toBe(
      `${expected.location_name}, Kecamatan ${expected.sub_district_name}, ${expected.district_name}, Provinsi ${expected.province_name}`,
    );
    expect(row.created_at).toMatch(ISO);
  });

  it('searches the location name and the province name, beyond the first page', async () => {
    const last = await seededLocation(39);
    const firstPage = await get('/location?limit=10&sort=created_at&order=asc');
    expect(names(firstPage.json.data)).not.toContain(last.location_name);
    const byName = await get(`/location?q=${encodeURIComponent(last.location_name.toLowerCase())}`);
    expect(names(byName.json.data)).toContain(last.location_name);

    const [inSulsel] = await ctx.db
      .select({ n: count() })
      .from(locations)
      .innerJoin(subDistricts, eq(locations.sub_district_id, subDistricts.id))
      .innerJoin(districts, eq(subDistricts.district_id, districts.id))
      .innerJoin(provinces, eq(districts.province_id, provinces.id))
      .where(eq(provinces.province_name, 'Sulawesi Selatan'));
    expect(inSulsel!.n).toBeGreaterThan(0);
    const byProvince = await get('/location?q=sulawesi%20selatan&limit=100');
    expect(byProvince.json.pagination.total).toBe(inSulsel!.n);
    expect(byProvince.json.data.every((r: any) => r.province_name === 'Sulawesi Selatan')).toBe(true);
  });

  it('filters by province, district and sub-district', async () => {
    const sample = await seededLocation(5);
    const expectAll = async (query: string, key: string, value: number) => {
      const res = await get(`/location?${query}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.json.data.length).toBeGreaterThan(0);
      expect(res.json.pagination.total).toBe(res.json.data.length);
      expect(res.json.data.every((r: any) => r[key] === value)).toBe(true);
      return res.json.pagination.total as number;
    };
    const inProvince = await expectAll(
      `province_id=${sample.province_id}`,
      'province_id',
      sample.province_id,
    );
    const inDistrict = await expectAll(
      `district_id=${sample.district_id}`,
      'district_id',
      sample.district_id,
    );
    const inSub = await expectAll(
      `sub_district_id=${sample.sub_district_id}`,
      'sub_district_id',
      sample.sub_district_id,
    );
    expect(inProvince).toBeGreaterThanOrEqual(inDistrict);
    expect(inDistrict).toBeGreaterThanOrEqual(inSub);
    expect(inProvince).toBeLessThan(40);

    const none = await get(`/location?province_id=${sample.province_id}&q=tidak-ada-desa-ini`);
    expect(none.json).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
  });

  it('sorts by location name and province name', async () => {
    const byName = await get('/location?sort=location_name&order=asc&limit=100');
    const [firstByName] = await ctx.db
      .select({ name: locations.location_name })
      .from(locations)
      .orderBy(locations.location_name, locations.id)
      .limit(1);
    expect(byName.json.data[0].location_name).toBe(firstByName!.name);

    const byProvince = await get('/location?sort=province_name&order=desc&limit=100');
    const provincesInOrder = byProvince.json.data.map((r: any) => r.province_name as string);
    expect(provincesInOrder[0]).toBe('Sulawesi Selatan');
    expect(provincesInOrder.at(-1)).toBe('Jawa Barat');

    const bad = await get('/location?sort=full_address');
    expect(bad.statusCode).toBe(400);
  });
});

describe('location writes', () => {
  it('creates, reads, moves and deletes a location', async () => {
    const { districtId } = await areaIdsByName('Jawa Barat', 'Kabupaten Cianjur');
    const [sub] = await ctx.db
      .select()
      .from(subDistricts)
      .where(eq(subDistricts.district_id, districtId))
      .orderBy(subDistricts.id)
      .limit(1);

    const created = await send('POST', '/location', {
      location_name: '  Desa Uji Coba  ',
      sub_district_id: String(sub!.id),
    });
    expect(created.statusCode).toBe(201);
    const record = created.json.data;
    expect(created.json).toEqual({
      success: true,
      message: 'Location created',
      data: {
        id: expect.any(Number),
        location_name: 'Desa Uji Coba',
        sub_district_id: sub!.id,
        sub_district_name: sub!.sub_district_name,
        district_id: districtId,
        district_name: 'Kabupaten Cianjur',
        province_id: expect.any(Number),
        province_name: 'Jawa Barat',
        full_address: `Desa Uji Coba, Kecamatan ${sub!.sub_district_name}, Kabupaten Cianjur, Provinsi Jawa Barat`,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    });

    const read = await get(`/location/${record.id}`);
    expect(read.json).toEqual({ success: true, message: 'OK', data: record });

    const elsewhere = await seededLocation(20);
    const moved = await send('PUT', `/location/${record.id}`, {
      location_name: 'Desa Uji Pindah',
      sub_district_id: elsewhere.sub_district_id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json.data).toMatchObject({
      id: record.id,
      location_name: 'Desa Uji Pindah',
      sub_district_id: elsewhere.sub_district_id,
      province_name: elsewhere.province_name,
      created_at: record.created_at,
    });

    const deleted = await send('DELETE', `/location/${record.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.data).toMatchObject({ id: record.id, location_name: 'Desa Uji Pindah' });
    expect((await get(`/location/${record.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['an empty body', {}],
    ['a blank name', { location_name: '   ', sub_district_id: 1 }],
    ['a numeric name', { location_name: 7, sub_district_id: 1 }],
    ['no sub-district', { location_name: 'Desa Baru' }],
    ['a sub-district of 0', { location_name: 'Desa Baru', sub_district_id: 0 }],
    ['a non-numeric sub-district', { location_name: 'Desa Baru', sub_district_id: 'abc' }],
    ['a fractional sub-district', { location_name: 'Desa Baru', sub_district_id: 1.5 }],
  ])('refuses %s with the spec message and writes nothing', async (_, payload) => {
    const before = await locationCount();
    for (const [method, url] of [
      ['POST', '/location'],
      ['PUT', '/location/1'],
    ] as const) {
      const res = await send(method, url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: REQUIRED });
    }
    expect(await locationCount()).toBe(before);
  });

  it('refuses a sub-district that does not exist with a clear message', async () => {
    const before = await locationCount();
    const res = await send('POST', '/location', { location_name: 'Desa Baru', sub_district_id: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: MESSAGES.record.subDistrictMissing,
      errors: [{ field: 'sub_district_id', message: MESSAGES.record.subDistrictMissing }],
    });
    expect(await locationCount()).toBe(before);
  });

  it('refuses a duplicate name in the same sub-district only', async () => {
    const existing = await seededLocation(3);
    const before = await locationCount();
    const clash = await send('POST', '/location', {
      location_name: existing.location_name.toUpperCase(),
      sub_district_id: existing.sub_district_id,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json.message).toBe(
      `Location "${existing.location_name.toUpperCase()}" already exists in this sub-district`,
    );
    expect(await locationCount()).toBe(before);

    const other = await seededLocation(30);
    expect(other.sub_district_id).not.toBe(existing.sub_district_id);
    const elsewhere = await send('POST', '/location', {
      location_name: existing.location_name,
      sub_district_id: other.sub_district_id,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers 404 for unknown locations', async () => {
    expect((await get('/location/999999')).statusCode).toBe(404);
    const put = await send('PUT', '/location/999999', { location_name: 'Desa X', sub_district_id: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.json).toEqual({ success: false, code: 'NOT_FOUND', message: 'Location not found' });
    expect((await send('DELETE', '/location/999999')).statusCode).toBe(404);
  });

  it('refuses to delete a location that lahan use', async () => {
    const [used] = await ctx.db
      .select({ id: lahan.location_id, n: count() })
      .from(lahan)
      .where(sql`${lahan.location_id} IS NOT NULL`)
      .groupBy(lahan.location_id)
      .limit(1);
    const res = await send('DELETE', `/location/${used!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json.message).toMatch(new RegExp(`is used by ${used!.n} lahan`));
    expect((await get(`/location/${used!.id}`)).statusCode).toBe(200);
  });
});

describe('area hierarchy', () => {
  it('lists all provinces by name, unpaginated', async () => {
    const res = await get('/province');
    expect(res.statusCode).toBe(200);
    expect(res.json.pagination).toBeUndefined();
    expect(res.json.data).toHaveLength(38);
    expect(res.json.data[0]).toEqual({ id: expect.any(Number), province_name: 'Aceh' });
    const list = res.json.data.map((p: any) => p.province_name as string);
    expect(list.indexOf('Jawa Barat')).toBeLessThan(list.indexOf('Jawa Tengah'));
    expect(list.indexOf('Sumatera Selatan')).toBeLessThan(list.indexOf('Sumatera Utara'));
  });

  it('lists the districts of a province and the sub-districts of a district', async () => {
    const { provinceId, districtId } = await areaIdsByName('Jawa Barat', 'Kabupaten Cianjur');
    const [nDistricts] = await ctx.db
      .select({ n: count() })
      .from(districts)
      .where(eq(districts.province_id, provinceId));
    const ds = await get(`/province/${provinceId}/districts`);
    expect(ds.statusCode).toBe(200);
    expect(ds.json.data).toHaveLength(nDistricts!.n);
    expect(ds.json.data).toContainEqual({
      id: districtId,
      district_name: 'Kabupaten Cianjur',
      province_id: provinceId,
    });
    expect(ds.json.data[0].district_name).toBe('Kabupaten Bandung');

    const [nSubs] = await ctx.db
      .select({ n: count() })
      .from(subDistricts)
      .where(eq(subDistricts.district_id, districtId));
    const subs = await get(`/district/${districtId}/sub-districts`);
    expect(subs.json.data).toHaveLength(nSubs!.n);
    expect(nSubs!.n).toBeGreaterThan(10);
    expect(Object.keys(subs.json.data[0]).sort()).toEqual(['district_id', 'id', 'sub_district_name']);
    expect(subs.json.data.every((s: any) => s.district_id === districtId)).toBe(true);

    for (const url of ['/province/999999/districts', '/district/999999/sub-districts']) {
      const missing = await get(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json.code).toBe('NOT_FOUND');
    }
  });

  it('adds a province, a district in it and a sub-district in that, then a location there', async () => {
    const province = await send('POST', '/province', { province_name: '  Papua Uji  ' });
    expect(province.statusCode).toBe(201);
    expect(province.json).toEqual({
      success: true,
      message: 'Province created',
      data: { id: expect.any(Number), province_name: 'Papua Uji' },
    });
    const provinceId = province.json.data.id;
    expect((await get('/province')).json.data).toHaveLength(39);

    const district = await send('POST', '/district', {
      district_name: 'Kabupaten Uji',
      province_id: `${provinceId}`,
    });
    expect(district.statusCode).toBe(201);
    expect(district.json.data).toEqual({
      id: expect.any(Number),
      district_name: 'Kabupaten Uji',
      province_id: provinceId,
    });
    const districtId = district.json.data.id;

    const sub = await send('POST', '/sub-district', {
      sub_district_name: 'Uji Tengah',
      district_id: districtId,
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json.data).toEqual({
      id: expect.any(Number),
      sub_district_name: 'Uji Tengah',
      district_id: districtId,
    });

    expect((await get(`/province/${provinceId}/districts`)).json.data).toEqual([district.json.data]);
    expect((await get(`/district/${districtId}/sub-districts`)).json.data).toEqual([sub.json.data]);

    const location = await send('POST', '/location', {
      location_name: 'Desa Uji',
      sub_district_id: sub.json.data.id,
    });
    expect(location.json.data.full_address).toBe(
      'Desa Uji, Kecamatan Uji Tengah, Kabupaten Uji, Provinsi Papua Uji',
    );
    const filtered = await get(`/location?province_id=${provinceId}`);
    expect(names(filtered.json.data)).toEqual(['Desa Uji']);
  });

  it('refuses duplicate names under the same parent', async () => {
    const { provinceId, districtId } = await areaIdsByName('Jawa Barat', 'Kabupaten Cianjur');
    const [sub] = await ctx.db
      .select()
      .from(subDistricts)
      .where(eq(subDistricts.district_id, districtId))
      .limit(1);

    const p = await send('POST', '/province', { province_name: 'JAWA BARAT' });
    expect(p.statusCode).toBe(409);
    expect(p.json).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'Province "JAWA BARAT" already exists',
    });
    const d = await send('POST', '/district', {
      district_name: 'kabupaten cianjur',
      province_id: provinceId,
    });
    expect(d.statusCode).toBe(409);
    expect(d.json.message).toBe('District "kabupaten cianjur" already exists in this province');
    const s = await send('POST', '/sub-district', {
      sub_district_name: sub!.sub_district_name,
      district_id: districtId,
    });
    expect(s.statusCode).toBe(409);

    // The same district name in another province is a different district.
    const { provinceId: otherProvince } = await areaIdsByName('Jawa Tengah', 'Kabupaten Cilacap');
    const elsewhere = await send('POST', '/district', {
      district_name: 'Kabupaten Cianjur',
      province_id: otherProvince,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    ['/province', {}],
    ['/province', { province_name: '  ' }],
    ['/province', { province_name: 12 }],
    ['/district', { district_name: 'Kabupaten Baru' }],
    ['/district', { district_name: '', province_id: 1 }],
    ['/district', { district_name: 'Kabupaten Baru', province_id: 'satu' }],
    ['/district', { district_name: 'Kabupaten Baru', province_id: 999999 }],
    ['/sub-district', { sub_district_name: 'Baru' }],
    ['/sub-district', { sub_district_name: null, district_id: 1 }],
    ['/sub-district', { sub_district_name: 'Baru', district_id: 999999 }],
  ])('POST %s %j answers the spec message and writes nothing', async (url, payload) => {
    const counts = async () =>
      Promise.all(
        [provinces, districts, subDistricts].map(
          async (t) => (await ctx.db.select({ n: count() }).from(t))[0]!.n,
        ),
      );
    const before = await counts();
    const res = await send('POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: REQUIRED });
    expect(res.json.errors.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('explains an unknown parent in the field errors', async () => {
    const res = await send('POST', '/district', { district_name: 'Kabupaten Baru', province_id: 999999 });
    expect(res.json.errors).toEqual([{ field: 'province_id', message: 'Province 999999 does not exist' }]);
  });
});
