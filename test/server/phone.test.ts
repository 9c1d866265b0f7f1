import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { toE164 } from '../../src/shared/phone.js';
import { call, demoTokens, userIdOf, useTestApp, type Json } from './support/app.js';

/*
 * Phone numbers are taken in any usual Indonesian form and kept in E.164 (issue 29): sign-up, /user/me and the
 * admin's people forms share one rule (shared/phone.ts); an invalid one is a 400 naming the field, nothing
 * changed; a search by a typed form finds the stored one.
 */

const ctx = useTestApp();
let admin: string;
let petani: string;

beforeAll(async () => ({ admin, petani } = await demoTokens(ctx)));
beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

const ME = '/api/v1/user/me';

/** Each way people write +6281234567890, and two landlines and a foreign mobile with theirs. */
const FORMS: [typed: string, stored: string][] = [
  ['081234567890', '+6281234567890'],
  ['0812-3456-7890', '+6281234567890'],
  ['0812 3456 7890', '+6281234567890'],
  ['0812.3456.7890', '+6281234567890'],
  ['6281234567890', '+6281234567890'],
  ['62 812-3456-7890', '+6281234567890'],
  ['+6281234567890', '+6281234567890'],
  ['+62 812-3456-7890', '+6281234567890'],
  ['+62 (812) 3456 7890', '+6281234567890'],
  ['(021) 555-1234', '+62215551234'],
  ['62 21 5551234', '+62215551234'],
  ['+65 9123 4567', '+6591234567'],
];

/** Not a phone number: too short or long, letters, a wrong prefix, an unassigned range. */
const INVALID = [
  '12',
  '12345',
  '0811234',
  '0812345678901234',
  'abc081234567890',
  '0062812345678',
  '+1 555 0100',
  '08x2 3456 7890',
];

const phoneOf = async (id: number) =>
  (await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]!.phone;

const refusedPhone = (res: { statusCode: number; json: Json }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json.code).toBe('VALIDATION_ERROR');
  expect(res.json.errors).toEqual([{ field: 'phone', message: MESSAGES.account.phoneFormat }]);
};

describe('a phone number as typed', () => {
  it('is stored in E.164 from each local form through /user/me, and read back so', async () => {
    const id = await userIdOf(ctx, 'petani');
    for (const [typed, stored] of FORMS) {
      const res = await call(ctx, { method: 'PUT', url: ME, token: petani, payload: { phone: typed } });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json.data.phone).toBe(stored);
      expect(await phoneOf(id)).toBe(stored);
    }
  });

  it('is refused when invalid, naming phone, and nothing of the request is saved', async () => {
    const id = await userIdOf(ctx, 'petani');
    const [before] = await ctx.db.select().from(users).where(eq(users.id, id));
    for (const typed of INVALID) {
      const res = await call(ctx, {
        method: 'PUT',
        url: ME,
        token: petani,
        payload: { full_name: 'Nama Lain', phone: typed },
      });
      refusedPhone(res);
    }
    expect((await ctx.db.select().from(users).where(eq(users.id, id)))[0]).toEqual(before);
  });

  it('signs up in E.164, and an invalid one creates no account', async () => {
    const account = { role: 'mitra', full_name: 'Dewi Lestari', password: 'Rahasia123' };
    const made = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...account, email: 'dewi.hp@contoh.id', phone: '62 812-3456-7891' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json.data.user.phone).toBe('+6281234567891');
    expect(await phoneOf(made.json.data.user.id)).toBe('+6281234567891');

    const refused = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...account, email: 'dewi.salah@contoh.id', phone: '0812 34' },
    });
    refusedPhone(refused);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'dewi.salah@contoh.id'))).toEqual([]);
  });

  it('is stored in E.164 by the admin’s create and replace, and refused there when invalid', async () => {
    const created = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/petani',
      token: admin,
      payload: {
        full_name: 'Wayan Sudarta',
        email: 'wayan.hp@contoh.id',
        password: 'Rahasia123',
        phone: '0813.1111.2222',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json.data.id as number;
    expect(await phoneOf(id)).toBe('+6281311112222');

    const url = `/api/v1/admin/petani/${id}`;
    const replaced = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { full_name: 'Wayan Sudarta', email: 'wayan.hp@contoh.id', phone: '+62 (361) 22-3344' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json.data.phone).toBe('+62361223344');

    const refused = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { full_name: 'Nama Lain', email: 'wayan.hp@contoh.id', phone: '0361' },
    });
    refusedPhone(refused);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ full_name: 'Wayan Sudarta', phone: '+62361223344' });

    const none = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/mitra',
      token: admin,
      payload: { full_name: 'Mitra', email: 'mitra.hp@contoh.id', password: 'Rahasia123', phone: '+62 12' },
    });
    refusedPhone(none);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'mitra.hp@contoh.id'))).toEqual([]);
  });
});

describe('searching people by phone', () => {
  it('finds the E.164 number by any form it may be typed in, and no one else', async () => {
    const id = await userIdOf(ctx, 'petani', 1);
    await ctx.db.update(users).set({ phone: '+6285712345678' }).where(eq(users.id, id));
    for (const q of [
      '+6285712345678',
      '6285712345678',
      '085712345678',
      '0857-1234-5678',
      '+62 857 1234 5678',
      '(0857) 1234.5678',
    ]) {
      const res = await call(ctx, { url: `/api/v1/admin/petani?q=${encodeURIComponent(q)}`, token: admin });
      expect(res.statusCode).toBe(200);
      expect(
        res.json.data.map((r: Json) => r.id),
        q,
      ).toEqual([id]);
    }
  });

  it('still searches a part of a number or a NIK as typed', async () => {
    const id = await userIdOf(ctx, 'petani', 2);
    await ctx.db.update(users).set({ phone: '+6285799887766' }).where(eq(users.id, id));
    for (const q of ['99887766', '0857 9988'])
      expect(
        (
          await call(ctx, { url: `/api/v1/admin/users?q=${encodeURIComponent(q)}`, token: admin })
        ).json.data.map((r: Json) => r.id),
      ).toContain(id);
  });
});

describe('the stored numbers', () => {
  it('are all valid E.164, the demo seed’s and those written above', async () => {
    const rows = await ctx.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(isNotNull(users.phone));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => toE164(r.phone!) !== r.phone)).toEqual([]);
  });
});
