import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { downloads } from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';

const ctx = useTestApp();
const M = MESSAGES.download;
const ADMIN = '/api/v1/admin/downloads';
const PUBLIC = '/api/v1/downloads';
const SEEDED = 3;
const DOWNLOAD_KEYS = [
  'changelog',
  'createdAt',
  'description',
  'downloadUrl',
  'downloads',
  'id',
  'isActive',
  'name',
  'platform',
  'rating',
  'releaseDate',
  'size',
  'updatedAt',
  'version',
];

let admin: string;
let petani: string;

beforeAll(async () => ({ admin, petani } = await demoTokens(ctx)));

const rowCount = async () => (await ctx.db.select({ n: count() }).from(downloads))[0]!.n;
const jakartaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

const required = {
  name: '  TaniMitra iOS  ',
  version: '0.9.0',
  size: '41 MB',
  description: 'Versi iOS untuk uji coba',
  downloadUrl: 'https://example.com/tanimitra.ipa',
};

async function create(body: Json) {
  const res = await call(ctx, { method: 'POST', url: ADMIN, token: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data as Json;
}

describe('admin routes', () => {
  it('need an admin token', async () => {
    for (const [method, url] of [
      ['GET', ADMIN],
      ['POST', ADMIN],
      ['GET', `${ADMIN}/1`],
      ['PUT', `${ADMIN}/1`],
      ['DELETE', `${ADMIN}/1`],
    ] as const) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : required;
      const anonymous = await call(ctx, { method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const farmer = await call(ctx, { method, url, token: petani, payload });
      expect(farmer.statusCode, `${method} ${url}`).toBe(403);
      expect(farmer.json.code).toBe('INVALID_ROLE');
    }
    expect(await rowCount()).toBe(SEEDED);
  });

  it('list the seeded downloads with the Download record and pagination', async () => {
    const res = await call(ctx, { url: `${ADMIN}?limit=2&page=2`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json.pagination).toEqual({
      page: 2,
      limit: 2,
      total: SEEDED,
      totalPages: 2,
      totalExact: true,
    });
    expect(res.json.data).toHaveLength(1);
    expect(Object.keys(res.json.data[0]).sort()).toEqual(DOWNLOAD_KEYS);
  });

  it('search name, version and description over every page, filter and sort', async () => {
    const byName = await call(ctx, { url: `${ADMIN}?limit=1&q=windows`, token: admin });
    expect(byName.json.pagination.total).toBe(1);
    expect(byName.json.data[0].platform).toBe('windows');
    const byVersion = await call(ctx, { url: `${ADMIN}?limit=1&q=1.2.0`, token: admin });
    expect(byVersion.json.pagination.total).toBe(2);
    const byDescription = await call(ctx, { url: `${ADMIN}?q=peramban`, token: admin });
    expect(byDescription.json.data.map((d: Json) => d.platform)).toEqual(['web']);

    const android = await call(ctx, { url: `${ADMIN}?platform=android`, token: admin });
    expect(android.json.data.map((d: Json) => d.platform)).toEqual(['android']);
    expect((await call(ctx, { url: `${ADMIN}?platform=symbian`, token: admin })).statusCode).toBe(400);
    expect((await call(ctx, { url: `${ADMIN}?q=%00`, token: admin })).statusCode).toBe(400);
    const inactive = await call(ctx, { url: `${ADMIN}?isActive=false`, token: admin });
    expect(inactive.json.pagination.total).toBe(0);

    const byNameAsc = await call(ctx, { url: `${ADMIN}?sort=name&order=asc`, token: admin });
    const names = byNameAsc.json.data.map((d: Json) => d.name as string);
    expect(names).toEqual([...names].sort());
    const byRelease = await call(ctx, { url: `${ADMIN}?sort=releaseDate&order=asc`, token: admin });
    expect(byRelease.json.data[0].platform).toBe('windows');
  });

  it('create with the spec defaults: android, rating 4.5, active, released today', async () => {
    const created = await create({ ...required, changelog: ['  Rilis pertama ', '', '   ', '\u0000'] });
    expect(created).toMatchObject({
      name: 'TaniMitra iOS',
      platform: 'android',
      version: '0.9.0',
      size: '41 MB',
      downloads: 0,
      rating: 4.5,
      releaseDate: jakartaToday(),
      description: 'Versi iOS untuk uji coba',
      downloadUrl: 'https://example.com/tanimitra.ipa',
      changelog: ['Rilis pertama'],
      isActive: true,
    });
    const read = await call(ctx, { url: `${ADMIN}/${created.id}`, token: admin });
    expect(read.json.data).toEqual(created);
  });

  it('keep every given field', async () => {
    const created = await create({
      ...required,
      platform: 'ios',
      downloads: 12,
      rating: 3.84,
      releaseDate: '2025-03-01',
      isActive: false,
    });
    expect(created).toMatchObject({
      platform: 'ios',
      downloads: 12,
      rating: 3.8,
      releaseDate: '2025-03-01',
      isActive: false,
      changelog: [],
    });
  });

  it('list every missing required field with the spec messages and create nothing', async () => {
    const before = await rowCount();
    const res = await call(ctx, { method: 'POST', url: ADMIN, token: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: M.nameRequired });
    expect(res.json.errors).toEqual([
      { field: 'name', message: M.nameRequired },
      { field: 'version', message: M.versionRequired },
      { field: 'size', message: M.sizeRequired },
      { field: 'description', message: M.descriptionRequired },
      { field: 'downloadUrl', message: M.urlRequired },
    ]);
    expect(await rowCount()).toBe(before);
  });

  it.each([
    [{ name: '   ' }, 'name', M.nameRequired],
    [{ name: 42 }, 'name', M.nameRequired],
    [{ name: 'x'.repeat(161) }, 'name', M.nameTooLong],
    [{ version: '' }, 'version', M.versionRequired],
    [{ size: null }, 'size', M.sizeRequired],
    [{ description: ' ' }, 'description', M.descriptionRequired],
    [{ downloadUrl: '' }, 'downloadUrl', M.urlRequired],
    [{ downloadUrl: 'not a url' }, 'downloadUrl', M.urlInvalid],
    [{ downloadUrl: 'javascript:alert(1)' }, 'downloadUrl', M.urlInvalid],
    [{ downloadUrl: 'ftp://example.com/app.apk' }, 'downloadUrl', M.urlInvalid],
    [{ downloadUrl: '//evil.example/app.apk' }, 'downloadUrl', M.urlInvalid],
    [{ downloadUrl: '/\\evil.example' }, 'downloadUrl', M.urlInvalid],
    [{ rating: 5.1 }, 'rating', M.ratingRange],
    [{ rating: -0.1 }, 'rating', M.ratingRange],
    [{ rating: 'lima' }, 'rating', M.ratingRange],
    [{ downloads: -1 }, 'downloads', M.downloadsNegative],
    [{ downloads: 1.5 }, 'downloads', M.downloadsWhole],
    [{ downloads: 1e12 }, 'downloads', M.downloadsWhole],
    [{ platform: 'symbian' }, 'platform', M.platformInvalid],
    [{ releaseDate: '2025-13-01' }, 'releaseDate', M.releaseDateInvalid],
    [{ changelog: 'Rilis pertama' }, 'changelog', M.changelogInvalid],
    [{ changelog: [1, 2] }, 'changelog', M.changelogInvalid],
    [{ isActive: 'yes' }, 'isActive', M.isActiveInvalid],
  ])('refuse %j', async (overrides, field, message) => {
    const before = await rowCount();
    const res = await call(ctx, {
      method: 'POST',
      url: ADMIN,
      token: admin,
      payload: { ...required, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.errors).toEqual([{ field, message }]);
    expect(await rowCount()).toBe(before);
  });

  it('accept a page of this site as the address (the seeded web app opens /login), and save it back', async () => {
    const created = await create({ ...required, platform: 'web', downloadUrl: '/login' });
    expect(created.downloadUrl).toBe('/login');
    const web = (await call(ctx, { url: `${PUBLIC}?platform=web`, token: admin })).json.data as Json[];
    const {
      id,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...seeded
    } = web.find((d) => d.id !== created.id)!;
    const saved = await call(ctx, { method: 'PUT', url: `${ADMIN}/${id}`, token: admin, payload: seeded });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json.data.downloadUrl).toBe(seeded.downloadUrl);
  });

  it('edit only what is sent, with the same rules, and delete answering the record', async () => {
    const created = await create(required);
    const url = `${ADMIN}/${created.id}`;
    const edited = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { isActive: false, changelog: ['Perbaikan', ''] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json.data).toMatchObject({
      ...created,
      isActive: false,
      changelog: ['Perbaikan'],
      updatedAt: expect.any(String),
    });

    const bad = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { downloadUrl: 'nope', name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual([
      { field: 'name', message: M.nameRequired },
      { field: 'downloadUrl', message: M.urlInvalid },
    ]);
    expect((await call(ctx, { url, token: admin })).json.data.name).toBe('TaniMitra iOS');

    const missing = await call(ctx, { method: 'PUT', url: `${ADMIN}/999999`, token: admin, payload: {} });
    expect(missing.json.code).toBe('NOT_FOUND');

    const deleted = await call(ctx, { method: 'DELETE', url, token: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.data.id).toBe(created.id);
    expect((await call(ctx, { url, token: admin })).statusCode).toBe(404);
    expect((await call(ctx, { method: 'DELETE', url, token: admin })).statusCode).toBe(404);
  });
});

describe('public routes', () => {
  it('GET /downloads needs no token, hides inactive entries and puts the newest release first', async () => {
    const hidden = await create({ ...required, name: 'Versi Tersembunyi', isActive: false });
    const newest = await create({ ...required, name: 'Versi Terbaru', releaseDate: '2030-01-01' });
    const res = await call(ctx, { url: PUBLIC });
    expect(res.statusCode).toBe(200);
    const names = res.json.data.map((d: Json) => d.name);
    expect(names).not.toContain(hidden.name);
    expect(names[0]).toBe(newest.name);
    expect(res.json.data.every((d: Json) => d.isActive)).toBe(true);
    const dates = res.json.data.map((d: Json) => d.releaseDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.json.pagination.total).toBe(
      (await ctx.db.select({ n: count() }).from(downloads).where(eq(downloads.is_active, true)))[0]!.n,
    );
  });

  it('GET /downloads filters by platform', async () => {
    const res = await call(ctx, { url: `${PUBLIC}?platform=windows` });
    expect(res.json.data.map((d: Json) => d.platform)).toEqual(['windows']);
    expect((await call(ctx, { url: `${PUBLIC}?platform=beos` })).statusCode).toBe(400);
  });

  it('POST /downloads/{id}/hit counts a download of an active entry once per address (trust-proxy.test.ts: per address)', async () => {
    const entry = await create({ ...required, name: 'Dihitung', downloads: 7 });
    const url = `${PUBLIC}/${entry.id}/hit`;
    const first = await call(ctx, { method: 'POST', url });
    expect(first.statusCode).toBe(200);
    expect(first.json.data.downloads).toBe(8);
    await Promise.all(Array.from({ length: 5 }, () => call(ctx, { method: 'POST', url })));
    const again = await call(ctx, { method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json.data).toEqual({ ...first.json.data, downloads: 8 });
  });

  it('POST /downloads/{id}/hit stays at the largest count an admin can store', async () => {
    const entry = await create({ ...required, name: 'Penuh', downloads: 2147483647 });
    const res = await call(ctx, { method: 'POST', url: `${PUBLIC}/${entry.id}/hit` });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.downloads).toBe(2147483647);
  });

  it('POST /downloads/{id}/hit answers 404 for an inactive or missing entry and counts nothing', async () => {
    const entry = await create({ ...required, name: 'Nonaktif', isActive: false });
    const res = await call(ctx, { method: 'POST', url: `${PUBLIC}/${entry.id}/hit` });
    expect(res.statusCode).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
    expect((await call(ctx, { method: 'POST', url: `${PUBLIC}/999999/hit` })).statusCode).toBe(404);
    expect((await call(ctx, { method: 'POST', url: `${PUBLIC}/abc/hit` })).statusCode).toBe(400);
    const read = await call(ctx, { url: `${ADMIN}/${entry.id}`, token: admin });
    expect(read.json.data.downloads).toBe(0);
  });
});
