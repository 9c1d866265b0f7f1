import { eq, notLike } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mitraProfiles, petaniProfiles, users } from '../../src/server/db/schema.js';
import { DEMO_COUNTS } from '../../src/server/db/seed/demo.js';
import { readNik } from '../../src/server/modules/auth/nik.js';
import { namesArea, nikInfo } from '../../src/server/modules/people/nik-info.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, demoTokens, useTestApp, userIdOf, type Json } from './support/app.js';

/*
 * The NIK rule (issue 26, finding 7): an impossible NIK is refused on every route that writes one, naming nik and
 * changing nothing; a possible one is accepted even when issued away from the address, and the admin reading the
 * person sees what it says.
 */

const M = MESSAGES.account;
const ctx = useTestApp();
let admin: string;
let mitra: string;
let petaniId: number;

beforeAll(async () => {
  ({ admin, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
});

/** 32.01.01 is Kec. Cibinong, Kabupaten Bogor; 35.09.01 Kec. Jombang, Kabupaten Jember. */
const CIBINONG_WOMAN_1990 = '3201014101900001';
const UNKNOWN_DISTRICT = '3299010101900001';
const IMPOSSIBLE = [
  [UNKNOWN_DISTRICT, M.nikArea('32.99.01')],
  ['3201013102900001', M.nikBirthDate('31-02-90')],
  ['3201010101900000', M.nikSerial],
] as const;

describe('readNik', () => {
  const today = new Date('2026-11-28T12:00:00Z');
  it('decodes the area, the birth date (day + 40 for women) and the sex', () => {
    expect(readNik(CIBINONG_WOMAN_1990, today)).toEqual({
      area: '32.01.01',
      district: '32.01',
      birth_date: '1990-01-01',
      sex: 'female',
    });
    expect(readNik('3509013112850042', today)).toMatchObject({ birth_date: '1985-12-31', sex: 'male' });
  });

  it('takes the later century that is not in the future', () => {
    expect(readNik('3201010101050001', today).birth_date).toBe('2005-01-01');
    expect(readNik('3201012811260001', today).birth_date).toBe('2026-11-28');
    expect(readNik('3201012911260001', today).birth_date).toBe('1926-11-29');
    // 1900 was not a leap year, 2000 was.
    expect(readNik('3201012902000001', today).birth_date).toBe('2000-02-29');
    expect(readNik('3201016902960001', today)).toMatchObject({ birth_date: '1996-02-29', sex: 'female' });
  });

  it.each([
    ['3201012902010001', M.nikBirthDate('29-02-01')],
    ['3201017102900001', M.nikBirthDate('31-02-90')],
    ['3201013104900001', M.nikBirthDate('31-04-90')],
    ['3201010001900001', M.nikBirthDate('00-01-90')],
    ['3201013501900001', M.nikBirthDate('35-01-90')],
    ['3201014001900001', M.nikBirthDate('40-01-90')],
    ['3201017201900001', M.nikBirthDate('32-01-90')],
    ['3201010100900001', M.nikBirthDate('01-00-90')],
    ['3201010113900001', M.nikBirthDate('01-13-90')],
    ['3201010101900000', M.nikSerial],
    ['320101010190000', M.nikFormat],
    ['32010101019000011', M.nikFormat],
    ['32010101019O0001', M.nikFormat],
  ])('refuses %s: %s', (nik, message) => {
    expect(() => readNik(nik, today)).toThrow(message);
  });
});

describe('namesArea', () => {
  const bogor = { province: 'Jawa Barat', district: 'Kabupaten Bogor', sub_district: 'Cibinong' };
  const jakarta = {
    province: 'DKI Jakarta',
    district: 'Kota Administrasi Jakarta Pusat',
    sub_district: 'Tanah Abang',
  };
  it.each([
    ['Jl. Raya 1, Kec. Cibinong, Kab. Bogor', bogor, true],
    ['jl raya 1 cibinóng - bogor', bogor, true],
    ['Jl. Raya 1, Kec. Cibinong', bogor, false],
    ['Jl. Raya 1, Kec. Cibinongan, Kab. Bogor', bogor, false],
    ['Jl. Raya 1, Kabupaten Bogor', { ...bogor, sub_district: null }, true],
    ['Jl. Kebon Kacang, Tanah Abang, Jakarta Pusat', jakarta, true],
    ['Jl. Kebon Kacang, Tanah Abang, Jakarta Barat', jakarta, false],
  ])('%s names the area of %o: %s', (alamat, area, named) => {
    expect(namesArea(alamat, area)).toBe(named);
  });
});

const petaniBody = (n: number, nik: string, extra: Json = {}) => ({
  full_name: `Nik Uji ${n}`,
  email: `nik.uji${n}@contoh.id`,
  password: 'Rahasia123',
  nik,
  ...extra,
});

const refusedOnNik = (res: { statusCode: number; json: Json }, message: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  expect(res.json.errors).toEqual([{ field: 'nik', message }]);
};

const nikOf = async (id: number) =>
  (
    await ctx.db
      .select({ nik: petaniProfiles.nik })
      .from(petaniProfiles)
      .where(eq(petaniProfiles.user_id, id))
  )[0]?.nik;
const emailExists = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

let serial = 100;
/** A valid NIK not used before in this file: Cibinong, born 1 Jan 1990, a new serial. */
const freshNik = () => `32010101019${String(++serial).padStart(5, '0')}`;

describe.each([
  { path: '/api/v1/auth/signup', role: 'petani', token: () => undefined },
  { path: '/api/v1/admin/petani', role: undefined, token: () => admin },
  { path: '/api/v1/admin/mitra', role: undefined, token: () => admin },
  { path: '/api/v1/admin/users', role: 'mitra', token: () => admin },
])('POST $path', ({ path, role, token }) => {
  it.each(IMPOSSIBLE)('refuses %s naming nik, and creates nothing', async (nik, message) => {
    const body = petaniBody(++serial, nik, role ? { role } : {});
    const res = await call(ctx, { method: 'POST', url: path, token: token(), payload: body });
    refusedOnNik(res, message);
    expect(await emailExists(body.email)).toBe(false);
  });

  it('accepts a real NIK, and one of a kecamatan the data no longer has', async () => {
    for (const nik of [freshNik(), `320199${freshNik().slice(6)}`]) {
      const body = petaniBody(++serial, nik, role ? { role } : {});
      const res = await call(ctx, { method: 'POST', url: path, token: token(), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json.data.user?.nik ?? res.json.data.nik).toBe(nik);
    }
  });
});

describe('PUT', () => {
  it.each([
    ['/api/v1/admin/petani', () => admin],
    ['/api/v1/admin/users', () => admin],
    ['/api/v1/user/me', () => undefined],
  ])(
    '%s refuses an impossible NIK naming nik and keeps the old one; takes a real one',
    async (path, token) => {
      const created = await call(ctx, {
        method: 'POST',
        url: '/api/v1/admin/petani',
        token: admin,
        payload: petaniBody(++serial, freshNik()),
      });
      const { id, email, nik: before } = created.json.data as { id: number; email: string; nik: string };
      const asOwner = token() === undefined;
      const url = asOwner ? path : `${path}/${id}`;
      const bearer = asOwner ? (await call(ctx, signInAs(email))).json.data.token : token();
      const base = asOwner ? {} : { full_name: 'Nik Uji', email };
      for (const [nik, message] of IMPOSSIBLE) {
        const res = await call(ctx, { method: 'PUT', url, token: bearer, payload: { ...base, nik } });
        refusedOnNik(res, message);
        expect(await nikOf(id)).toBe(before);
      }
      const nik = freshNik();
      const res = await call(ctx, { method: 'PUT', url, token: bearer, payload: { ...base, nik } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await nikOf(id)).toBe(nik);
    },
  );

  it('/api/v1/admin/mitra refuses an impossible NIK and lists it with the other fields', async () => {
    const [row] = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'mitra'));
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/mitra/${row!.id}`,
      token: admin,
      payload: { full_name: 'Mitra', email: row!.email, nik: UNKNOWN_DISTRICT, phone: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([
      { field: 'phone', message: M.phoneFormat },
      { field: 'nik', message: M.nikArea('32.99.01') },
    ]);
  });
});

const signInAs = (email: string) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/signin',
  payload: { email, password: 'Rahasia123' },
});

describe("the admin's person record: nik_info", () => {
  const create = async (path: string, nik: string, alamat: string | null) => {
    const res = await call(ctx, {
      method: 'POST',
      url: `/api/v1/admin/${path}`,
      token: admin,
      payload: petaniBody(++serial, nik, { alamat }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json.data.id as number;
  };
  const infoOf = async (path: string, id: number) => {
    const res = await call(ctx, { url: `/api/v1/admin/${path}/${id}`, token: admin });
    expect(res.statusCode).toBe(200);
    return res.json.data.nik_info as Json | null;
  };
  const CIBINONG = {
    code: '32.01.01',
    province: 'Jawa Barat',
    district: 'Kabupaten Bogor',
    sub_district: 'Cibinong',
  };

  it('gives the area, birth date and sex, and whether the address names the area', async () => {
    const nik = `320101410190${String(++serial).padStart(4, '0')}`;
    const here = await create('petani', nik, 'Jl. Raya No. 1, Kec. Cibinong, Kab. Bogor');
    expect(await infoOf('petani', here)).toEqual({
      problem: null,
      area: CIBINONG,
      birth_date: '1990-01-01',
      sex: 'female',
      matches_address: true,
    });
    const elsewhere = await create(
      'mitra',
      freshNik(),
      'Jl. Gajah Mada 5, Kecamatan Jombang, Kabupaten Jember',
    );
    expect(await infoOf('mitra', elsewhere)).toMatchObject({
      area: CIBINONG,
      sex: 'male',
      matches_address: false,
    });
    expect(await infoOf('users', elsewhere)).toMatchObject({ matches_address: false });
    const noAddress = await create('petani', freshNik(), null);
    expect(await infoOf('petani', noAddress)).toMatchObject({ area: CIBINONG, matches_address: null });
  });

  it('names the kabupaten only for a kecamatan the data no longer has', async () => {
    const id = await create('petani', `320199${freshNik().slice(6)}`, 'Desa Sukamaju, Kabupaten Bogor');
    expect(await infoOf('petani', id)).toMatchObject({
      area: { code: '32.01.99', province: 'Jawa Barat', district: 'Kabupaten Bogor', sub_district: null },
      matches_address: true,
    });
  });

  it('says what is wrong with a NIK stored before the rule', async () => {
    const id = await create('petani', freshNik(), null);
    await ctx.db.update(petaniProfiles).set({ nik: UNKNOWN_DISTRICT }).where(eq(petaniProfiles.user_id, id));
    expect(await infoOf('petani', id)).toEqual({
      problem: M.nikArea('32.99.01'),
      area: null,
      birth_date: null,
      sex: null,
      matches_address: null,
    });
  });

  it('is shown to admins only', async () => {
    expect(await infoOf('petani', petaniId)).toMatchObject({ problem: null });
    const asMitra = await call(ctx, { url: `/api/v1/petani/${petaniId}`, token: mitra });
    expect(asMitra.statusCode).toBe(200);
    expect(asMitra.json.data).not.toHaveProperty('nik_info');
    const list = await call(ctx, { url: '/api/v1/admin/petani', token: admin });
    expect(list.json.data[0]).not.toHaveProperty('nik_info');
  });
});

describe('the demo data', () => {
  it('has NIKs the rule accepts, most issued where the address is, some elsewhere', async () => {
    // The seeded people, not those the tests above made.
    const seeded = (profile: typeof petaniProfiles | typeof mitraProfiles) =>
      ctx.db
        .select({ nik: profile.nik, alamat: profile.alamat })
        .from(profile)
        .innerJoin(users, eq(users.id, profile.user_id))
        .where(notLike(users.email, 'nik.uji%'));
    const people = [...(await seeded(petaniProfiles)), ...(await seeded(mitraProfiles))];
    expect(people.length).toBe(DEMO_COUNTS.petani + DEMO_COUNTS.mitra);
    const infos = await Promise.all(people.map((p) => nikInfo(ctx.db, p.nik, p.alamat)));
    expect(infos.filter((info) => info?.problem !== null)).toEqual([]);
    const matches = infos.map((info) => info!.matches_address);
    expect(matches.filter((m) => m === false).length).toBeGreaterThanOrEqual(5);
    expect(matches.filter((m) => m === true).length).toBeGreaterThan(people.length / 2);
  });
});
