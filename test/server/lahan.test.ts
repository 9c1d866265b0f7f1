import { gradeAOnly } from '../../src/shared/settlement.js';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAHAN_STATUSES, type LahanStatus } from '../../src/shared/constants.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  contracts,
  districts,
  lahan,
  landCategories,
  locations,
  petaniProfiles,
  subDistricts,
  users,
} from '../../src/server/db/schema.js';
import {
  DEMO_PETANI,
  call,
  demoTokens,
  userIdOf,
  useTestApp,
  type CallOptions,
  type Json,
  tokenForUser,
} from './support/app.js';

const ctx = useTestApp();
const M = MESSAGES.lahan;
const CANNOT = MESSAGES.statusCannotBeChanged;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LAHAN_KEYS = [
  'address_lahan',
  'category_id',
  'category_name',
  'created_at',
  'district_name',
  'gps',
  'id',
  'location_id',
  'location_name',
  'luas_berbeda',
  'luas_lahan',
  'luas_terukur',
  'nama_lahan',
  'petani_alamat',
  'petani_created_at',
  'petani_email',
  'petani_id',
  'petani_nama',
  'petani_phone',
  'petani_status_verifikasi',
  'province_name',
  'status',
  'sub_district_name',
  'type_name',
  'updated_at',
  'url_image',
];

let admin: string;
let petani: string;
let mitra: string;
let petaniId: number;
/** Another petani with lahan, and a token for them. */
let otherPetaniId: number;
let otherPetani: string;
let mitraId: number;
let locationId: number;
let categoryId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani', 0);
  otherPetaniId = await userIdOf(ctx, 'petani', 1);
  otherPetani = await tokenForUser(ctx, 'petani', 1);
  mitraId = await userIdOf(ctx, 'mitra', 0);
  const [location] = await ctx.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1);
  locationId = location!.id;
  const [category] = await ctx.db
    .select({ id: landCategories.id })
    .from(landCategories)
    .orderBy(landCategories.id)
    .limit(1);
  categoryId = category!.id;
});

const api = (token: string | undefined, method: CallOptions['method'], url: string, payload?: unknown) =>
  call(ctx, { method, url: `/api/v1${url}`, token, payload });
const get = (token: string, url: string) => api(token, 'GET', url);

const lahanCount = async (where?: SQL) =>
  (await ctx.db.select({ n: count() }).from(lahan).where(where))[0]!.n;
const statusOf = async (id: number) =>
  (await ctx.db.select({ status: lahan.status }).from(lahan).where(eq(lahan.id, id)))[0]?.status;
const setStatus = (id: number, status: LahanStatus) =>
  ctx.db.update(lahan).set({ status }).where(eq(lahan.id, id));
const ids = (res: { json: Json }) => (res.json.data as Json[]).map((r) => r.id as number);

/** A lahan of `owner` with `status`, made directly in the database. */
async function seededLahanOf(owner: number, status?: LahanStatus) {
  const [row] = await ctx.db
    .select({ id: lahan.id })
    .from(lahan)
    .where(and(eq(lahan.petani_id, owner), status === undefined ? undefined : eq(lahan.status, status)))
    .orderBy(lahan.id)
    .limit(1);
  if (row) return row.id;
  const [created] = await ctx.db
    .insert(lahan)
    .values({
      petani_id: owner,
      nama_lahan: `Lahan uji ${status}`,
      luas_lahan: 1000,
      address_lahan: 'Dusun Uji',
      location_id: locationId,
      category_id: categoryId,
      status: status ?? 'pending',
    })
    .returning({ id: lahan.id });
  return created!.id;
}

const validBody = (extra: Json = {}) => ({
  nama_lahan: 'Sawah Uji Coba',
  luas_lahan: 2500,
  address_lahan: 'Dusun Krajan RT 01',
  location_id: locationId,
  category_id: categoryId,
  ...extra,
});

describe('access', () => {
  it('requires a token on every lahan route', async () => {
    for (const [method, url] of [
      ['GET', '/lahan'],
      ['GET', '/lahan/my'],
      ['GET', '/lahan/1'],
      ['GET', '/lahan/petani/1'],
      ['POST', '/lahan'],
      ['PUT', '/lahan/1'],
      ['DELETE', '/lahan/1'],
      ['PUT', '/admin/lahan/1'],
      ['PUT', '/admin/verify-lahan/1'],
    ] as const) {
      const res = await api(undefined, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 INVALID_ROLE to roles a route is not for', async () => {
    const cases = [
      [mitra, 'POST', '/lahan'],
      [mitra, 'PUT', '/lahan/1'],
      [mitra, 'DELETE', '/lahan/1'],
      [mitra, 'GET', '/lahan/my'],
      [admin, 'GET', '/lahan/my'],
      [petani, 'PUT', '/admin/lahan/1'],
      [mitra, 'PUT', '/admin/lahan/1'],
      [petani, 'PUT', '/admin/verify-lahan/1'],
      [mitra, 'PUT', '/admin/verify-lahan/1'],
    ] as const;
    for (const [token, method, url] of cases) {
      const res = await api(token, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json).toEqual({
        success: false,
        code: 'INVALID_ROLE',
        message: MESSAGES.invalidRole,
      });
    }
  });

  it('rejects ids that are not positive integers, and keeps /lahan/my and /lahan/petani apart from /lahan/{id}', async () => {
    for (const url of ['/lahan/abc', '/lahan/0', '/lahan/-3', '/lahan/1.5', '/lahan/petani/x']) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
    }
    expect((await get(petani, '/lahan/my')).statusCode).toBe(200);
    expect((await get(admin, `/lahan/petani/${petaniId}`)).statusCode).toBe(200);
    expect((await get(admin, '/lahan/99999999')).json).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /lahan (admin)', () => {
  it('pages through every lahan with the joined owner, place and category', async () => {
    const total = await lahanCount();
    const first = await get(admin, '/lahan');
    expect(first.statusCode).toBe(200);
    expect(first.json.pagination).toEqual({
      page: 1,
      limit: 10,
      total,
      totalPages: Math.ceil(total / 10),
      totalExact: true,
    });
    expect(first.json.data).toHaveLength(10);

    const lastPage = Math.ceil(total / 7);
    const last = await get(admin, `/lahan?page=${lastPage}&limit=7`);
    expect(last.json.data).toHaveLength(total - (lastPage - 1) * 7);
    const beyond = await get(admin, `/lahan?page=${lastPage + 1}&limit=7`);
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.pagination.total).toBe(total);

    const row = first.json.data[0];
    expect(Object.keys(row).sort()).toEqual(LAHAN_KEYS);
    const [expected] = await ctx.db
      .select({
        petani_id: lahan.petani_id,
        nama_lahan: lahan.nama_lahan,
        email: users.email,
        phone: users.phone,
        name: petaniProfiles.fullname_petani,
        alamat: petaniProfiles.alamat,
        location_name: locations.location_name,
        sub_district_name: subDistricts.sub_district_name,
        type_name: landCategories.type_name,
      })
      .from(lahan)
      .innerJoin(users, eq(users.id, lahan.petani_id))
      .innerJoin(petaniProfiles, eq(petaniProfiles.user_id, lahan.petani_id))
      .innerJoin(locations, eq(locations.id, lahan.location_id))
      .innerJoin(subDistricts, eq(subDistricts.id, locations.sub_district_id))
      .innerJoin(landCategories, eq(landCategories.id, lahan.category_id))
      .where(eq(lahan.id, row.id));
    expect(row).toMatchObject({
      petani_id: expected!.petani_id,
      petani_nama: expected!.name,
      petani_email: expected!.email,
      petani_phone: expected!.phone,
      petani_alamat: expected!.alamat,
      nama_lahan: expected!.nama_lahan,
      location_name: expected!.location_name,
      sub_district_name: expected!.sub_district_name,
      category_name: expected!.type_name,
      type_name: expected!.type_name,
    });
    expect(row.created_at).toMatch(ISO);
    expect(row.petani_created_at).toMatch(ISO);
    expect(Array.isArray(row.url_image)).toBe(true);
    expect(typeof row.district_name).toBe('string');
    expect(typeof row.province_name).toBe('string');
  });

  it('searches name, address, owner and location beyond the first page', async () => {
    const firstPage = ids(await get(admin, '/lahan?limit=10'));
    const [oldest] = await ctx.db
      .select({
        id: lahan.id,
        nama_lahan: lahan.nama_lahan,
        owner: users.full_name,
        location: locations.location_name,
      })
      .from(lahan)
      .innerJoin(users, eq(users.id, lahan.petani_id))
      .innerJoin(locations, eq(locations.id, lahan.location_id))
      .orderBy(lahan.created_at, lahan.id)
      .limit(1);
    expect(firstPage).not.toContain(oldest!.id);

    const search = async (q: string) => {
      const res = await get(admin, `/lahan?limit=100&q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return res;
    };
    expect(ids(await search(oldest!.nama_lahan.toUpperCase()))).toContain(oldest!.id);
    const byOwner = await search(oldest!.owner);
    expect(ids(byOwner)).toContain(oldest!.id);
    expect((byOwner.json.data as Json[]).every((r) => r.petani_nama === oldest!.owner)).toBe(true);
    expect(ids(await search(oldest!.location))).toContain(oldest!.id);

    const [unique] = await ctx.db
      .update(lahan)
      .set({ address_lahan: 'Jalan Kenari Ujung No. 7' })
      .where(eq(lahan.id, oldest!.id))
      .returning({ id: lahan.id });
    const byAddress = await search('kenari ujung');
    expect(ids(byAddress)).toEqual([unique!.id]);
    expect(byAddress.json.pagination.total).toBe(1);

    const nothing = await search('tidak ada lahan seperti ini');
    expect(nothing.json).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
    // LIKE wildcards are searched as text.
    expect((await search('%')).json.pagination.total).toBe(0);
  });

  it('filters by status, category, petani, location and province', async () => {
    const sample = (await get(admin, '/lahan?limit=1&sort=created_at&order=asc')).json.data[0];
    const [place] = await ctx.db
      .select({ province_id: districts.province_id })
      .from(locations)
      .innerJoin(subDistricts, eq(subDistricts.id, locations.sub_district_id))
      .innerJoin(districts, eq(districts.id, subDistricts.district_id))
      .where(eq(locations.id, sample.location_id));
    const inProvince = await ctx.db
      .select({ n: count() })
      .from(lahan)
      .innerJoin(locations, eq(locations.id, lahan.location_id))
      .innerJoin(subDistricts, eq(subDistricts.id, locations.sub_district_id))
      .innerJoin(districts, eq(districts.id, subDistricts.district_id))
      .where(eq(districts.province_id, place!.province_id));

    const cases: [string, number, (r: Json) => boolean][] = [
      ['status=inactive', await lahanCount(eq(lahan.status, 'inactive')), (r) => r.status === 'inactive'],
      ['status=aktif', await lahanCount(eq(lahan.status, 'active')), (r) => r.status === 'active'],
      [
        `category_id=${sample.category_id}`,
        await lahanCount(eq(lahan.category_id, sample.category_id)),
        (r) => r.category_id === sample.category_id,
      ],
      [
        `petani_id=${sample.petani_id}`,
        await lahanCount(eq(lahan.petani_id, sample.petani_id)),
        (r) => r.petani_id === sample.petani_id,
      ],
      [
        `location_id=${sample.location_id}`,
        await lahanCount(eq(lahan.location_id, sample.location_id)),
        (r) => r.location_id === sample.location_id,
      ],
      [
        `province_id=${place!.province_id}`,
        inProvince[0]!.n,
        (r) => r.province_name === sample.province_name,
      ],
    ];
    for (const [query, expected, holds] of cases) {
      const res = await get(admin, `/lahan?${query}&limit=100`);
      expect(res.statusCode, query).toBe(200);
      expect(expected, query).toBeGreaterThan(0);
      expect(res.json.pagination.total, query).toBe(expected);
      expect((res.json.data as Json[]).every(holds), query).toBe(true);
    }

    const combined = await get(
      admin,
      `/lahan?petani_id=${sample.petani_id}&status=${sample.status === 'rejected' ? 'active' : 'rejected'}&q=${encodeURIComponent(sample.nama_lahan)}`,
    );
    expect(ids(combined)).not.toContain(sample.id);

    for (const bad of [
      'status=unknown',
      'category_id=abc',
      'province_id=0',
      'sort=petani_email',
      'limit=101',
    ]) {
      const res = await get(admin, `/lahan?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
    }
  });

  it('sorts by created_at, nama_lahan, luas_lahan and status in both directions', async () => {
    const all = async (query: string) => {
      const rows: Json[] = [];
      for (let page = 1; ; page++) {
        const res = await get(admin, `/lahan?${query}&limit=100&page=${page}`);
        rows.push(...res.json.data);
        if (page >= res.json.pagination.totalPages) return rows;
      }
    };
    const ascending = <T>(values: T[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

    const byArea = await all('sort=luas_lahan&order=asc');
    expect(byArea).toHaveLength(await lahanCount());
    expect(ascending(byArea.map((r) => r.luas_lahan as number))).toBe(true);
    const byAreaDesc = await all('sort=luas_lahan&order=desc');
    expect(ascending(byAreaDesc.map((r) => r.luas_lahan as number).reverse())).toBe(true);

    const byCreated = await all('order=asc');
    expect(ascending(byCreated.map((r) => Date.parse(r.created_at)))).toBe(true);
    const byCreatedDesc = await all('');
    expect(ascending(byCreatedDesc.map((r) => Date.parse(r.created_at)).reverse())).toBe(true);

    const byStatus = await all('sort=status&order=asc');
    expect(ascending(byStatus.map((r) => r.status as string))).toBe(true);
    expect(byStatus[0]!.status).toBe('active');
    const byStatusDesc = await all('sort=status&order=desc');
    expect(byStatusDesc[0]!.status).toBe('rejected');

    const byName = await all('sort=nama_lahan&order=asc');
    const expectedNames = await ctx.db
      .select({ id: lahan.id })
      .from(lahan)
      .orderBy(lahan.nama_lahan, lahan.id);
    expect(byName.map((r) => r.id)).toEqual(expectedNames.map((r) => r.id));
    const byNameDesc = await all('sort=nama_lahan&order=desc');
    expect(byNameDesc.map((r) => r.id)).toEqual(expectedNames.map((r) => r.id).reverse());
  });
});

describe('visibility by role', () => {
  it('shows a petani only their own lahan, on /lahan and /lahan/my', async () => {
    const own = await lahanCount(eq(lahan.petani_id, petaniId));
    expect(own).toBeGreaterThan(0);
    for (const url of ['/lahan?limit=100', '/lahan/my?limit=100']) {
      const res = await get(petani, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json.pagination.total, url).toBe(own);
      expect((res.json.data as Json[]).every((r) => r.petani_id === petaniId)).toBe(true);
      expect(res.json.data[0].petani_email).toBe(DEMO_PETANI.email);
    }
    const filtered = await get(petani, `/lahan?petani_id=${otherPetaniId}`);
    expect(filtered.json.pagination.total).toBe(0);

    const others = await seededLahanOf(otherPetaniId);
    const hidden = await get(petani, `/lahan/${others}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json).toEqual({ success: false, code: 'NOT_FOUND', message: 'Lahan not found' });
    const mine = await seededLahanOf(petaniId);
    expect((await get(petani, `/lahan/${mine}`)).json.data.id).toBe(mine);
  });

  it("shows a mitra only active lahan, without the owner's contact data", async () => {
    const active = await lahanCount(eq(lahan.status, 'active'));
    expect(active).toBeGreaterThan(0);
    const res = await get(mitra, '/lahan?limit=100');
    expect(res.json.pagination.total).toBe(active);
    // The owners the demo mitra holds an accepted contract with show their contact details (the counterpart
    // rule, visibility.test.ts); every other owner's stay hidden.
    const counterparts = new Set(
      (
        await ctx.db
          .select({ id: contracts.petani_id })
          .from(contracts)
          .where(
            and(
              eq(contracts.mitra_id, mitraId),
              inArray(contracts.status, ['approved', 'active', 'completed']),
            ),
          )
      ).map((c) => c.id),
    );
    const strangers = (res.json.data as Json[]).filter((row) => !counterparts.has(row.petani_id));
    expect(strangers.length).toBeGreaterThan(0);
    for (const row of res.json.data as Json[]) {
      expect(row.status).toBe('active');
      expect(row.petani_nama).toEqual(expect.any(String));
    }
    for (const row of strangers) {
      expect(row).toMatchObject({ petani_email: null, petani_phone: null, petani_alamat: null });
    }
    expect((await get(mitra, '/lahan?status=inactive')).json.pagination.total).toBe(0);

    const activeId = await seededLahanOf(otherPetaniId, 'active');
    const one = await get(mitra, `/lahan/${activeId}`);
    expect(one.json.data).toMatchObject({ id: activeId, status: 'active', petani_email: null });
    for (const status of ['inactive', 'pending', 'rejected'] as const) {
      const id = await seededLahanOf(otherPetaniId, status);
      expect((await get(mitra, `/lahan/${id}`)).statusCode, status).toBe(404);
    }
  });

  it('GET /lahan/petani/{id}: admin any petani, a petani only themself, a mitra the active ones', async () => {
    const ofOther = await lahanCount(eq(lahan.petani_id, otherPetaniId));
    const byAdmin = await get(admin, `/lahan/petani/${otherPetaniId}?limit=100`);
    expect(byAdmin.json.pagination.total).toBe(ofOther);
    expect((byAdmin.json.data as Json[]).every((r) => r.petani_id === otherPetaniId)).toBe(true);

    const self = await get(petani, `/lahan/petani/${petaniId}`);
    expect(self.json.pagination.total).toBe(await lahanCount(eq(lahan.petani_id, petaniId)));
    const someoneElse = await get(petani, `/lahan/petani/${otherPetaniId}`);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json.code).toBe('INVALID_ROLE');

    await seededLahanOf(otherPetaniId, 'active');
    const byMitra = await get(mitra, `/lahan/petani/${otherPetaniId}?limit=100`);
    expect(byMitra.json.pagination.total).toBe(
      await lahanCount(and(eq(lahan.petani_id, otherPetaniId), eq(lahan.status, 'active'))),
    );
    expect((byMitra.json.data as Json[]).every((r) => r.status === 'active' && r.petani_email === null)).toBe(
      true,
    );

    for (const id of [mitraId, 99999999]) {
      const res = await get(admin, `/lahan/petani/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json.message).toBe('Petani not found');
    }
  });
});

describe('POST /lahan', () => {
  it('lets a petani add a pending lahan of their own, visible through GET', async () => {
    const before = await lahanCount();
    const res = await api(petani, 'POST', '/lahan', {
      ...validBody({ nama_lahan: '  Kebun Kopi Cibodas  ', luas_lahan: '1250.5' }),
      url_image: ['https://example.com/a.jpg', 'http://example.com/b.png'],
      gps: { type: 'Point', coordinates: [107.14, -6.82] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      message: 'Lahan created',
      data: {
        petani_id: petaniId,
        petani_email: DEMO_PETANI.email,
        nama_lahan: 'Kebun Kopi Cibodas',
        luas_lahan: 1250.5,
        address_lahan: 'Dusun Krajan RT 01',
        location_id: locationId,
        category_id: categoryId,
        status: 'pending',
        url_image: ['https://example.com/a.jpg', 'http://example.com/b.png'],
        gps: { type: 'Point', coordinates: [107.14, -6.82] },
      },
    });
    expect(Object.keys(res.json.data).sort()).toEqual(LAHAN_KEYS);
    expect(await lahanCount()).toBe(before + 1);
    const id = res.json.data.id;
    expect((await get(petani, `/lahan/${id}`)).json.data).toEqual(res.json.data);
    expect(ids(await get(petani, '/lahan/my?limit=100'))).toContain(id);
    expect((await get(admin, `/lahan/${id}`)).json.data.status).toBe('pending');
    // Pending: not for mitra to browse.
    expect((await get(mitra, `/lahan/${id}`)).statusCode).toBe(404);
  });

  it('lets an admin add a lahan for a petani named by petani_id', async () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [110.1, -7.1],
          [110.2, -7.1],
          [110.2, -7.2],
          [110.1, -7.1],
        ],
      ],
    };
    const res = await api(admin, 'POST', '/lahan', validBody({ petani_id: otherPetaniId, gps: polygon }));
    expect(res.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({
      petani_id: otherPetaniId,
      status: 'pending',
      gps: polygon,
      url_image: [],
    });
    const owned = await get(otherPetani, `/lahan/${res.json.data.id}`);
    expect(owned.json.data.nama_lahan).toBe('Sawah Uji Coba');

    const missing = await api(admin, 'POST', '/lahan', validBody());
    expect(missing.statusCode).toBe(400);
    expect(missing.json).toMatchObject({
      message: M.petaniRequired,
      errors: [{ field: 'petani_id', message: M.petaniRequired }],
    });
    const notPetani = await api(admin, 'POST', '/lahan', validBody({ petani_id: mitraId }));
    expect(notPetani.json).toMatchObject({
      message: M.petaniMissing,
      errors: [{ field: 'petani_id', message: M.petaniMissing }],
    });
    const forSomeoneElse = await api(petani, 'POST', '/lahan', validBody({ petani_id: otherPetaniId }));
    expect(forSomeoneElse.statusCode).toBe(400);
    expect(forSomeoneElse.json.errors).toEqual([{ field: 'petani_id', message: M.ownerCannotChange }]);
  });

  it('refuses invalid fields with a message per field and creates nothing', async () => {
    const before = await lahanCount();
    const unclosed = [
      [
        [110, -7],
        [110.1, -7],
        [110.1, -7.1],
        [110.2, -7.2],
      ],
    ];
    const cases: [Json, string, string][] = [
      [{ nama_lahan: undefined }, 'nama_lahan', M.namaRequired],
      [{ nama_lahan: '   ' }, 'nama_lahan', M.namaRequired],
      [{ nama_lahan: 42 }, 'nama_lahan', M.namaRequired],
      [{ nama_lahan: 'x'.repeat(161) }, 'nama_lahan', 'Nama lahan maksimal 160 karakter'],
      [{ luas_lahan: 0 }, 'luas_lahan', M.luasInvalid],
      [{ luas_lahan: -5 }, 'luas_lahan', M.luasInvalid],
      [{ luas_lahan: 'banyak' }, 'luas_lahan', M.luasInvalid],
      [{ luas_lahan: '' }, 'luas_lahan', M.luasInvalid],
      [{ luas_lahan: null }, 'luas_lahan', M.luasInvalid],
      [{ luas_lahan: 10_000_000_001 }, 'luas_lahan', M.luasTooLarge],
      [{ address_lahan: '' }, 'address_lahan', M.addressRequired],
      [{ location_id: undefined }, 'location_id', M.locationRequired],
      [{ location_id: 'dua' }, 'location_id', M.locationRequired],
      [{ location_id: 99999999 }, 'location_id', M.locationMissing],
      [{ category_id: 99999999 }, 'category_id', M.categoryMissing],
      [{ category_id: -1 }, 'category_id', M.categoryRequired],
      [{ url_image: 'https://example.com/a.jpg' }, 'url_image', M.imagesInvalid],
      [{ url_image: ['ftp://example.com/a.jpg'] }, 'url_image', M.imagesInvalid],
      [{ url_image: ['javascript:alert(1)'] }, 'url_image', M.imagesInvalid],
      [{ url_image: [42] }, 'url_image', M.imagesInvalid],
      [
        { url_image: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.jpg`) },
        'url_image',
        M.imagesInvalid,
      ],
      [{ gps: { type: 'Point', coordinates: [200, 0] } }, 'gps', M.gpsOutsideIndonesia],
      [{ gps: { type: 'Point', coordinates: [0, 95] } }, 'gps', M.gpsSwapped],
      [{ gps: { type: 'Point', coordinates: ['107', '-6'] } }, 'gps', M.gpsPositionInvalid],
      [{ gps: { type: 'Point', coordinates: [107] } }, 'gps', M.gpsPositionInvalid],
      [{ gps: { type: 'Polygon', coordinates: unclosed } }, 'gps', M.gpsRingNotClosed],
      [{ gps: { type: 'Polygon', coordinates: [unclosed[0]!.slice(0, 3)] } }, 'gps', M.gpsRingTooShort],
      [{ gps: { type: 'Polygon', coordinates: [] } }, 'gps', M.gpsInvalid],
      [
        {
          gps: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
        'gps',
        M.gpsInvalid,
      ],
      [{ gps: '-6.8,107.1' }, 'gps', M.gpsInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await api(petani, 'POST', '/lahan', validBody(change));
      const label = JSON.stringify(change).slice(0, 80);
      expect(res.statusCode, label).toBe(400);
      expect(res.json, label).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message,
        errors: [{ field, message }],
      });
    }

    const several = await api(petani, 'POST', '/lahan', { luas_lahan: 0, gps: { type: 'Point' } });
    expect(several.json.message).toBe(M.invalidData);
    expect(several.json.errors).toEqual([
      { field: 'nama_lahan', message: M.namaRequired },
      { field: 'luas_lahan', message: M.luasInvalid },
      { field: 'address_lahan', message: M.addressRequired },
      { field: 'location_id', message: M.locationRequired },
      { field: 'category_id', message: M.categoryRequired },
      { field: 'gps', message: M.gpsPositionInvalid },
    ]);
    const bothMissing = await api(
      petani,
      'POST',
      '/lahan',
      validBody({ location_id: 99999998, category_id: 99999999 }),
    );
    expect(bothMissing.json.errors).toEqual([
      { field: 'location_id', message: M.locationMissing },
      { field: 'category_id', message: M.categoryMissing },
    ]);

    for (const payload of ['not json', '[1,2]', 'null']) {
      const res = await call(ctx, {
        method: 'POST',
        url: '/api/v1/lahan',
        token: petani,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json.success).toBe(false);
    }
    expect(await lahanCount()).toBe(before);
  });
});

describe('PUT /lahan/{id}', () => {
  it('lets the owner edit the data, but not the status or the owner', async () => {
    const id = await seededLahanOf(petaniId, 'active');
    const res = await api(petani, 'PUT', `/lahan/${id}`, {
      nama_lahan: ' Sawah Baru ',
      luas_lahan: 777,
      gps: null,
      url_image: ['https://example.com/x.jpg'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      message: 'Lahan updated',
      data: {
        id,
        nama_lahan: 'Sawah Baru',
        luas_lahan: 777,
        gps: null,
        url_image: ['https://example.com/x.jpg'],
      },
    });
    expect((await get(petani, `/lahan/${id}`)).json.data).toEqual(res.json.data);

    const status = await api(petani, 'PUT', `/lahan/${id}`, { status: 'inactive', nama_lahan: 'Lain' });
    expect(status.statusCode).toBe(400);
    expect(status.json).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: CANNOT,
      errors: [{ field: 'status', message: CANNOT }],
    });
    const owner = await api(petani, 'PUT', `/lahan/${id}`, { petani_id: otherPetaniId });
    expect(owner.json.errors).toEqual([{ field: 'petani_id', message: M.ownerCannotChange }]);
    const invalid = await api(petani, 'PUT', `/lahan/${id}`, { luas_lahan: -1, nama_lahan: 'Lain' });
    expect(invalid.json.errors).toEqual([{ field: 'luas_lahan', message: M.luasInvalid }]);
    const cleared = await api(petani, 'PUT', `/lahan/${id}`, { address_lahan: null });
    expect(cleared.json.errors).toEqual([{ field: 'address_lahan', message: M.addressRequired }]);

    const after = (await get(petani, `/lahan/${id}`)).json.data;
    expect(after).toMatchObject({ nama_lahan: 'Sawah Baru', status: 'active', petani_id: petaniId });

    const unchanged = await api(petani, 'PUT', `/lahan/${id}`, {});
    expect(unchanged.json.data).toEqual(after);

    const others = await seededLahanOf(otherPetaniId);
    const foreign = await api(petani, 'PUT', `/lahan/${others}`, { nama_lahan: 'Punya saya' });
    expect(foreign.statusCode).toBe(404);
    expect((await get(admin, `/lahan/${others}`)).json.data.nama_lahan).not.toBe('Punya saya');
  });

  it('lets an admin edit any lahan, move it to another petani and set any status with other fields', async () => {
    const id = await seededLahanOf(otherPetaniId, 'pending');
    const viaApi = await api(admin, 'PUT', `/lahan/${id}`, { luas_lahan: 4321 });
    expect(viaApi.json.data).toMatchObject({ id, luas_lahan: 4321 });

    const res = await api(admin, 'PUT', `/admin/lahan/${id}`, {
      petani_id: petaniId,
      nama_lahan: 'Lahan Pindahan',
      status: 'rejected',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({
      id,
      petani_id: petaniId,
      petani_email: DEMO_PETANI.email,
      nama_lahan: 'Lahan Pindahan',
      status: 'rejected',
    });
    expect((await get(petani, `/lahan/${id}`)).json.data.nama_lahan).toBe('Lahan Pindahan');
    expect((await get(otherPetani, `/lahan/${id}`)).statusCode).toBe(404);

    const badRefs = await api(admin, 'PUT', `/admin/lahan/${id}`, {
      location_id: 99999999,
      petani_id: mitraId,
    });
    expect(badRefs.json.errors).toEqual([
      { field: 'location_id', message: M.locationMissing },
      { field: 'petani_id', message: M.petaniMissing },
    ]);
    const unknownStatus = await api(admin, 'PUT', `/admin/lahan/${id}`, { status: 'archived' });
    expect(unknownStatus.json.errors).toEqual([{ field: 'status', message: M.statusInvalid }]);
    expect(await statusOf(id)).toBe('rejected');
    expect((await api(admin, 'PUT', '/admin/lahan/99999999', { nama_lahan: 'x' })).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  const allowed = new Set(['active>inactive', 'inactive>active', 'pending>active', 'completed>active']);
  const targets = [...LAHAN_STATUSES, 'aktif'] as const;
  const pairs = LAHAN_STATUSES.flatMap((from) => targets.map((to) => ({ from, to })));

  it.each(pairs)('PUT /admin/lahan {status: $to} on a $from lahan', async ({ from, to }) => {
    const id = await seededLahanOf(petaniId);
    await setStatus(id, from);
    const stored = to === 'aktif' ? 'active' : to;
    const res = await api(admin, 'PUT', `/admin/lahan/${id}`, { status: to });
    if (allowed.has(`${from}>${stored}`)) {
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toMatchObject({ id, status: stored });
      expect(await statusOf(id)).toBe(stored);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: CANNOT,
        errors: [{ field: 'status', message: CANNOT }],
      });
      expect(await statusOf(id)).toBe(from);
    }
  });

  it.each(LAHAN_STATUSES.map((from) => ({ from })))(
    'PUT /lahan {status: active} by the owner on a $from lahan: only completed → active (the next season)',
    async ({ from }) => {
      const id = await seededLahanOf(petaniId);
      await setStatus(id, from);
      const res = await api(petani, 'PUT', `/lahan/${id}`, { status: 'active' });
      expect(res.statusCode).toBe(from === 'completed' ? 200 : 400);
      expect(await statusOf(id)).toBe(from === 'completed' ? 'active' : from);
      if (from !== 'completed') expect(res.json.errors).toEqual([{ field: 'status', message: CANNOT }]);
      expect((await api(otherPetani, 'PUT', `/lahan/${id}`, { status: 'active' })).statusCode).toBe(404);
    },
  );

  it('answers 404 for a status change of a missing lahan', async () => {
    const res = await api(admin, 'PUT', '/admin/lahan/99999999', { status: 'active' });
    expect(res.statusCode).toBe(404);
  });

  it.each(LAHAN_STATUSES.map((from) => ({ from })))(
    'PUT /admin/verify-lahan on a $from lahan',
    async ({ from }) => {
      const id = await seededLahanOf(otherPetaniId);
      await setStatus(id, from);
      const res = await api(admin, 'PUT', `/admin/verify-lahan/${id}`);
      if (from === 'pending') {
        expect(res.statusCode).toBe(200);
        expect(res.json).toMatchObject({
          success: true,
          message: 'Lahan verified',
          data: { id, status: 'active' },
        });
        expect((await get(mitra, `/lahan/${id}`)).json.data.status).toBe('active');
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json.message).toBe(CANNOT);
        expect(await statusOf(id)).toBe(from);
      }
    },
  );

  it('answers 404 when verifying a missing lahan', async () => {
    expect((await api(admin, 'PUT', '/admin/verify-lahan/99999999')).json).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Lahan not found',
    });
  });
});

describe('DELETE /lahan/{id}', () => {
  it('lets the owner delete their lahan; its contracts stay with lahan_id null', async () => {
    const id = await seededLahanOf(petaniId);
    const [contract] = await ctx.db
      .insert(contracts)
      .values({
        title: 'Kontrak uji hapus lahan',
        petani_id: petaniId,
        mitra_id: mitraId,
        lahan_id: id,
        commodity: 'Padi',
        quantity: 100,
        price: 5000,
        prices: gradeAOnly(5000),
        start_date: '2026-01-01',
        end_date: '2026-06-01',
      })
      .returning({ id: contracts.id });

    const others = await seededLahanOf(otherPetaniId);
    expect((await api(petani, 'DELETE', `/lahan/${others}`)).statusCode).toBe(404);
    expect(await statusOf(others)).toBeDefined();

    const before = (await get(petani, `/lahan/${id}`)).json.data;
    const res = await api(petani, 'DELETE', `/lahan/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Lahan deleted', data: before });
    expect((await get(petani, `/lahan/${id}`)).statusCode).toBe(404);
    expect((await get(admin, `/lahan/${id}`)).statusCode).toBe(404);
    expect((await api(petani, 'DELETE', `/lahan/${id}`)).statusCode).toBe(404);

    const [kept] = await ctx.db.select().from(contracts).where(eq(contracts.id, contract!.id));
    expect(kept).toMatchObject({ title: 'Kontrak uji hapus lahan', lahan_id: null, petani_id: petaniId });
  });

  it('lets an admin delete any lahan', async () => {
    const id = await seededLahanOf(otherPetaniId);
    const total = await lahanCount();
    const res = await api(admin, 'DELETE', `/lahan/${id}`);
    expect(res.json.data.id).toBe(id);
    expect(await lahanCount()).toBe(total - 1);
    expect(
      (await get(admin, `/lahan?limit=100&petani_id=${otherPetaniId}`)).json.data.map((r: Json) => r.id),
    ).not.toContain(id);
    expect(await lahanCount(eq(lahan.id, id))).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents every lahan route with its schemas', async () => {
    const res = await call(ctx, { url: '/api/docs/json' });
    const paths = res.json.paths as Json;
    for (const [path, method] of [
      ['/api/v1/lahan/', 'get'],
      ['/api/v1/lahan/', 'post'],
      ['/api/v1/lahan/my', 'get'],
      ['/api/v1/lahan/petani/{id}', 'get'],
      ['/api/v1/lahan/{id}', 'put'],
      ['/api/v1/admin/lahan/{id}', 'put'],
      ['/api/v1/admin/verify-lahan/{id}', 'put'],
    ] as const) {
      const key = paths[path] ? path : path.replace(/\/$/, '');
      const operation = paths[key]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.responses['200'] ?? operation.responses['201']).toBeDefined();
    }
  });
});
