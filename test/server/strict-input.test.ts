import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloads, lahan, users } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, demoTokens, useTestApp, userIdOf, type CallOptions, type Json } from './support/app.js';

/** Finding 4 (unknown body fields, field aliases, username at sign-up) and 10 (strict numbers, bad URLs, 405). */
const ctx = useTestApp();
let tokens: Awaited<ReturnType<typeof demoTokens>>;
beforeAll(async () => {
  tokens = await demoTokens(ctx);
});

const ID = MESSAGES.bodyFields.id;
const EN = MESSAGES.bodyFields.en;
const api = (method: CallOptions['method'], url: string, token?: string, payload?: unknown) =>
  call(ctx, { method, url: `/api/v1${url}`, token, payload });
const signUp = (fields: Json) =>
  api('POST', '/auth/signup', undefined, {
    role: 'petani',
    full_name: 'Akun Uji',
    password: 'Rahasia123',
    ...fields,
  });
const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('unknown body fields', () => {
  it('lets a new account choose its username and give its phone as no_phone, as records name it', async () => {
    const res = await signUp({
      email: 'ketat.satu@contoh.id',
      username: 'Tani_Satu',
      no_phone: '081234567890',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json.data.user).toMatchObject({ username: 'tani_satu', phone: '+6281234567890' });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'ketat.satu@contoh.id'));
    expect(row).toMatchObject({ username: 'tani_satu', phone: '+6281234567890' });

    const taken = await signUp({ email: 'ketat.dua@contoh.id', username: 'tani_satu' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json).toMatchObject({ code: 'CONFLICT', message: MESSAGES.account.usernameTaken });
  });

  it('refuses a sign-up with a field it does not know, or a company field from a petani; no account is made', async () => {
    const before = await userCount();
    const unknown = await signUp({ email: 'ketat.tiga@contoh.id', nickname: 'Tani', referral: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: ID.unknown('nickname, referral'),
      errors: [
        { field: 'nickname', message: ID.unknown('nickname') },
        { field: 'referral', message: ID.unknown('referral') },
      ],
    });
    const company = await signUp({ email: 'ketat.empat@contoh.id', company_name: 'CV Tani' });
    expect(company.statusCode).toBe(400);
    expect(company.json.errors).toEqual([{ field: 'company_name', message: MESSAGES.account.notForRole }]);
    expect(await userCount()).toBe(before);
  });

  it('refuses PUT /user/me with a role, naming it, and changes nothing', async () => {
    const res = await api('PUT', '/user/me', tokens.petani, { role: 'admin', full_name: 'Raja Tani' });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message: ID.unknown('role') });
    expect(res.json.errors).toEqual([{ field: 'role', message: ID.unknown('role') }]);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(ctx, 'petani')));
    expect(row).toMatchObject({ role: 'petani' });
    expect(row!.full_name).not.toBe('Raja Tani');
  });

  it('reads the record names name, address and no_phone as full_name, alamat and phone', async () => {
    const res = await api('PUT', '/user/me', tokens.petani, {
      name: 'Slamet Baru',
      address: 'Jl. Kenanga 3',
      no_phone: '0812 3456 7891',
      phone: '0812 3456 7891',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      full_name: 'Slamet Baru',
      name: 'Slamet Baru',
      alamat: 'Jl. Kenanga 3',
      address: 'Jl. Kenanga 3',
      phone: '+6281234567891',
    });
  });

  it('refuses one field sent under both its names with different values', async () => {
    const res = await api('PUT', '/user/me', tokens.mitra, {
      phone: '081234567892',
      no_phone: '081200000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message: ID.conflict('no_phone', 'phone') });
    expect(res.json.errors).toEqual([{ field: 'no_phone', message: ID.conflict('no_phone', 'phone') }]);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(ctx, 'mitra')));
    expect(row!.phone).not.toBe('+6281234567892');
  });

  it('answers in English on admin routes and refuses read-only record fields sent back', async () => {
    const [row] = await ctx.db.select().from(downloads).limit(1);
    const res = await api('PUT', `/admin/downloads/${row!.id}`, tokens.admin, {
      name: 'Dinamai Ulang',
      id: 999,
      createdAt: '2020-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ message: EN.unknown('id, createdAt') });
    expect(res.json.errors).toEqual([
      { field: 'id', message: EN.unknown('id') },
      { field: 'createdAt', message: EN.unknown('createdAt') },
    ]);
    const [after] = await ctx.db.select().from(downloads).where(eq(downloads.id, row!.id));
    expect(after!.name).toBe(row!.name);
  });

  it('refuses a status on a new lahan instead of quietly making it pending', async () => {
    const before = (await ctx.db.select({ n: count() }).from(lahan))[0]!.n;
    const res = await api('POST', '/lahan', tokens.petani, {
      nama_lahan: 'Kebun Uji',
      luas_lahan: 100,
      address_lahan: 'Dusun Uji',
      location_id: 1,
      category_id: 1,
      status: 'active',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([{ field: 'status', message: ID.unknown('status') }]);
    expect((await ctx.db.select({ n: count() }).from(lahan))[0]!.n).toBe(before);
  });

  it('refuses a GeoJSON member that would not be stored', async () => {
    const [row] = await ctx.db.select().from(lahan).where(eq(lahan.id, 1));
    const gps = { type: 'Point', coordinates: [107.1, -6.8], bbox: [107, -7, 108, -6] };
    const res = await api('PUT', '/admin/lahan/1', tokens.admin, { gps });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([{ field: 'gps', message: MESSAGES.lahan.gpsInvalid }]);
    const [after] = await ctx.db.select().from(lahan).where(eq(lahan.id, 1));
    expect(after!.gps).toEqual(row!.gps);
  });

  it('refuses fields on a route that takes no body', async () => {
    const petaniId = await userIdOf(ctx, 'petani', 1);
    const res = await api('PUT', `/admin/verify/${petaniId}`, tokens.admin, { status_verifikasi: false });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([
      { field: 'status_verifikasi', message: EN.unknown('status_verifikasi') },
    ]);
  });
});

describe('numbers in paths and query strings', () => {
  it.each(['0x1', '1e0', '+1', '01', '1.0', '2147483648'])('refuses the lahan id %s', async (id) => {
    const res = await api('GET', `/lahan/${id}`, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json.errors).toEqual([{ field: 'id', message: expect.any(String) }]);
  });

  it.each([
    ['limit', 'limit=Infinity'],
    ['page', 'page=1e3'],
    ['limit', 'limit=0x10'],
    ['category_id', 'category_id=%201'],
    ['page', `page=${'9'.repeat(310)}`],
  ])('refuses %s in ?%s', async (field, query) => {
    const res = await api('GET', `/lahan?${query}`, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.errors).toEqual([{ field, message: expect.any(String) }]);
  });

  it('refuses a query parameter the route does not take', async () => {
    const res = await api('GET', '/lahan?owner=2', tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([{ field: 'owner', message: expect.any(String) }]);
  });

  it('still reads plain decimals', async () => {
    expect((await api('GET', '/lahan/1', tokens.admin)).statusCode).toBe(200);
    const list = await api('GET', '/lahan?page=2&limit=5&category_id=1', tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json.pagination).toMatchObject({ page: 2, limit: 5 });
  });
});

describe('URLs and methods the router refuses', () => {
  it('answers a malformed URL with the envelope', async () => {
    const res = await call(ctx, { url: '/api/v1/%c0%ae' });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ success: false, code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('answers a request head too large for the HTTP parser with the envelope', async () => {
    const res = await call(ctx, { url: `/api/v1/downloads?q=${'a'.repeat(20_000)}` });
    expect(res.statusCode).toBe(431);
    expect(res.json).toEqual({ success: false, code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('answers a wrong method on an existing path with 405 and Allow', async () => {
    const wrong = await api('DELETE', '/downloads');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.json).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      message: 'Method DELETE is not allowed on /api/v1/downloads',
    });
    const lahanOne = await api('PATCH', '/lahan/1', tokens.admin);
    expect(lahanOne.statusCode).toBe(405);
    expect(lahanOne.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    expect((await api('DELETE', '/no-such-route')).statusCode).toBe(404);
  });
});
