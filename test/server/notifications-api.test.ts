import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications } from '../../src/server/db/schema.js';
import { notify, type NotificationItem } from '../../src/server/modules/notifications/service.js';
import { notifications as T } from '../../src/shared/messages/notifications.js';
import { NOTIFICATION_KINDS, REQUIRED_KINDS } from '../../src/shared/notifications.js';
import { call, demoTokens, userIdOf, useTestApp, type Json } from './support/app.js';

const ctx = useTestApp();
const URL = '/api/v1/notifications';
let tokens: Record<'admin' | 'petani' | 'mitra', string>;
let petani: number;
let mitra: number;

const item = (
  userId: number,
  n: number,
  kind: NotificationItem['kind'] = 'contract.start',
): NotificationItem => ({
  userId,
  kind,
  title: `Pemberitahuan ${n}`,
  link: `/akun/kontrak/${n}`,
});

beforeAll(async () => {
  tokens = await demoTokens(ctx);
  [petani, mitra] = await Promise.all([userIdOf(ctx, 'petani'), userIdOf(ctx, 'mitra')]);
  await ctx.db.delete(notifications);
  await notify(
    ctx.db,
    [1, 2, 3].map((n) => item(petani, n)),
  );
  await notify(ctx.db, [item(mitra, 4)]);
});

const get = (url: string, token?: string) => call(ctx, { url, token });
const post = (url: string, token?: string) => call(ctx, { method: 'POST', url, token, payload: {} });
const put = (payload: unknown, token = tokens.petani) =>
  call(ctx, { method: 'PUT', url: `${URL}/preferences`, token, payload: payload as Json });

describe('GET /notifications', () => {
  it("answers the caller's own, newest first, paged, with the unread count", async () => {
    const res = await get(`${URL}?page=1&limit=2`, tokens.petani);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      pagination: { page: 1, limit: 2, total: 3, totalPages: 2, totalExact: true },
      unread: 3,
    });
    expect(res.json.data.map((n: Json) => n.title)).toEqual(['Pemberitahuan 3', 'Pemberitahuan 2']);
    expect(Object.keys(res.json.data[0]).sort()).toEqual(
      ['contract_id', 'created_at', 'id', 'kind', 'link', 'read_at', 'title'].sort(),
    );
    const second = await get(`${URL}?page=2&limit=2`, tokens.petani);
    expect(second.json.data.map((n: Json) => n.title)).toEqual(['Pemberitahuan 1']);
    const mine = await get(URL, tokens.mitra);
    expect(mine.json.data.map((n: Json) => n.title)).toEqual(['Pemberitahuan 4']);
  });

  it('counts a long list up to 1,000 (an admin is told of every sign-up), the unread count past it as 1,001', async () => {
    const admin = await userIdOf(ctx, 'admin');
    const many = Array.from({ length: 1002 }, (_, n) => ({
      user_id: admin,
      kind: 'registration.new',
      title: `Pendaftaran ${n}`,
      link: '/admin/petani/1',
    }));
    await ctx.db.insert(notifications).values(many);
    try {
      const res = await get(`${URL}?limit=5`, tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json.pagination).toMatchObject({ total: 1000, totalExact: false });
      expect(res.json.unread).toBe(1001);
      expect(res.json.data.map((n: Json) => n.title)[0]).toBe('Pendaftaran 1001');
      await post(`${URL}/read-all`, tokens.admin);
      expect((await get(`${URL}?limit=5`, tokens.admin)).json.unread).toBe(0);
    } finally {
      await ctx.db.delete(notifications).where(eq(notifications.user_id, admin));
    }
  });

  it('refuses perPage (the page size is limit, as on every list), an unknown parameter, and no token', async () => {
    const other = await get(`${URL}?perPage=3`, tokens.petani);
    expect(other.statusCode).toBe(400);
    expect(other.json.errors).toEqual([expect.objectContaining({ field: 'perPage' })]);
    const unknown = await get(`${URL}?sort=title`, tokens.petani);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors).toEqual([expect.objectContaining({ field: 'sort' })]);
    expect((await get(URL)).statusCode).toBe(401);
  });

  it('leaves out what the person turned off in the app', async () => {
    await ctx.db
      .insert(notificationPreferences)
      .values({ user_id: mitra, kind: 'contract.complete', channel: 'in_app', enabled: false });
    const [silenced] = await notify(ctx.db, [item(mitra, 5, 'contract.complete')]);
    expect(silenced!.in_app).toBe(false);
    const res = await get(URL, tokens.mitra);
    expect(res.json.data.map((n: Json) => n.title)).toEqual(['Pemberitahuan 4']);
    expect(res.json.unread).toBe(1);
    expect((await post(`${URL}/${silenced!.id}/read`, tokens.mitra)).statusCode).toBe(404);
    await ctx.db.delete(notificationPreferences);
  });
});

describe('POST /notifications/{id}/read and /read-all', () => {
  it("marks one of the caller's read, and answers 404 for another's or a missing one", async () => {
    const [first] = (await get(URL, tokens.petani)).json.data as Json[];
    const res = await post(`${URL}/${first!.id}/read`, tokens.petani);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ message: T.read, data: { id: first!.id, read_at: expect.any(String) } });
    const again = await post(`${URL}/${first!.id}/read`, tokens.petani);
    expect(again.json.data.read_at).toBe(res.json.data.read_at);
    expect((await get(URL, tokens.petani)).json.unread).toBe(2);

    const others = await post(`${URL}/${first!.id}/read`, tokens.mitra);
    expect(others.statusCode).toBe(404);
    expect(others.json.code).toBe('NOT_FOUND');
    expect((await post(`${URL}/999999999/read`, tokens.petani)).statusCode).toBe(404);
    expect((await post(`${URL}/abc/read`, tokens.petani)).statusCode).toBe(400);
    expect((await post(`${URL}/${first!.id}/read`)).statusCode).toBe(401);
  });

  it("marks all of the caller's read and no one else's", async () => {
    const res = await post(`${URL}/read-all`, tokens.petani);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ message: T.readAll, data: { read: 2, unread: 0 } });
    const after = (await get(URL, tokens.petani)).json;
    expect(after.unread).toBe(0);
    expect(after.data.every((n: Json) => typeof n.read_at === 'string')).toBe(true);
    expect((await get(URL, tokens.mitra)).json.unread).toBe(1);
    expect((await post(`${URL}/read-all`)).statusCode).toBe(401);

    // Read one by one after: it keeps the time read-all gave it; a new one is unread.
    const covered = after.data[after.data.length - 1] as Json;
    const one = await post(`${URL}/${covered.id}/read`, tokens.petani);
    expect(one.json.data.read_at).toBe(covered.read_at);
    await notify(ctx.db, [item(petani, 6)]);
    const fresh = (await get(URL, tokens.petani)).json;
    expect(fresh.unread).toBe(1);
    expect(fresh.data[0]).toMatchObject({ title: 'Pemberitahuan 6', read_at: null });
  });
});

describe('/notifications/preferences', () => {
  it('answers every kind, on by default, with the ones that wait for the person marked', async () => {
    const res = await get(`${URL}/preferences`, tokens.petani);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({
        kind,
        in_app: true,
        email: true,
        whatsapp: true,
        required: REQUIRED_KINDS.includes(kind),
      })),
    );
    expect((await get(`${URL}/preferences`)).statusCode).toBe(401);
  });

  it("saves the caller's choices and answers them all", async () => {
    const res = await put({
      'contract.start': { in_app: false, email: false },
      'contract.offer': { email: false, whatsapp: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.message).toBe(T.preferencesSaved);
    const byKind = Object.fromEntries((res.json.data as Json[]).map((row) => [row.kind, row]));
    expect(byKind['contract.start']).toEqual({
      kind: 'contract.start',
      in_app: false,
      email: false,
      whatsapp: true,
      required: false,
    });
    expect(byKind['contract.offer']).toMatchObject({
      in_app: true,
      email: false,
      whatsapp: false,
      required: true,
    });
    const back = await put({ 'contract.start': { in_app: true } });
    expect(back.json.data.find((row: Json) => row.kind === 'contract.start')).toMatchObject({
      in_app: true,
      email: false,
    });
    const theirs = await get(`${URL}/preferences`, tokens.mitra);
    expect((theirs.json.data as Json[]).every((row) => row.in_app && row.email && row.whatsapp)).toBe(true);
  });

  it('refuses turning a step that waits for the person off in the app, by name, and saves nothing', async () => {
    const saved = () =>
      ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, petani));
    const before = await saved();
    const required = T.requiredInApp(T.kindLabels['contract.counter']);
    const res = await put({ 'contract.start': { in_app: false }, 'contract.counter': { in_app: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: required,
      errors: [{ field: 'contract.counter', message: required }],
    });
    const unknownKind = await put({ 'contract.teleport': { in_app: true } });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json.errors[0].field).toBe('contract.teleport');
    const unknownChannel = await put({ 'contract.start': { sms: true } });
    expect(unknownChannel.json.errors).toEqual([
      { field: 'contract.start', message: T.channelUnknown('sms') },
    ]);
    const notBoolean = await put({ 'contract.start': { email: 'ya' }, 'contract.cancel': true });
    expect(notBoolean.json).toMatchObject({
      message: T.preferencesInvalid,
      errors: [
        { field: 'contract.start', message: T.choiceInvalid },
        { field: 'contract.cancel', message: T.choiceInvalid },
      ],
    });
    expect(await saved()).toEqual(before);
    const anonymous = await call(ctx, { method: 'PUT', url: `${URL}/preferences`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
