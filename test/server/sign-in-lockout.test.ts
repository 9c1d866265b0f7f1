/**
 * Issue 26, finding 3: nobody can lock an owner out. Device cookies (OWASP): a browser that signed in to an
 * account keeps its own allowance there; the account-wide limit holds unknown clients only; a password
 * confirmation inside a live session counts against that session alone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  DEMO_ADMIN,
  DEMO_MITRA,
  DEMO_PETANI,
  call,
  setRateLimitHits,
  type CallResult,
  useTestApp,
} from './support/app.js';

// Behind a proxy on 127.0.0.1, so each test can come from many client addresses.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });

interface Account {
  email: string;
  password: string;
}
const wrong = (account: Account) => ({ email: account.email, password: 'Salah1234' });

const signInFrom = (ip: string, payload: Account, cookie?: string, path = '/signin') =>
  call(ctx, {
    method: 'POST',
    url: `/api/v1/auth${path}`,
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload,
  });
/** The `name=value` a browser would send back from the answer's Set-Cookie. */
const cookieOf = (res: CallResult) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.headers['set-cookie']!.split(';')[0]!;
};
const me = (method: 'PUT' | 'DELETE', path: string, token: string, payload: object) =>
  call(ctx, { method, url: `/api/v1/user/me${path}`, token, payload });

const RATE_LIMITED = { success: false, code: 'RATE_LIMITED', message: MESSAGES.rateLimited };

beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

describe('sign-in with a device cookie', () => {
  it('lets the owner in from a browser used before, and a signed-in owner confirm the password, after 5 wrong tries from each of 20 addresses', async () => {
    const before = await signInFrom('198.51.100.1', DEMO_PETANI);
    const browser = cookieOf(before);
    const session = before.json.data.token as string;

    for (let a = 1; a <= 20; a++)
      for (let i = 0; i < 5; i++)
        expect((await signInFrom(`203.0.113.${a}`, wrong(DEMO_PETANI))).statusCode).toBe(401);

    // Unknown clients are held back, from any address…
    const stranger = await signInFrom('198.51.100.2', DEMO_PETANI);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json).toEqual(RATE_LIMITED);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // …the owner's browser is not, wherever it is.
    const owner = await signInFrom('203.0.113.1', DEMO_PETANI, browser);
    expect(owner.statusCode).toBe(200);
    expect(owner.json.data.user.email).toBe(DEMO_PETANI.email);

    // Inside the live session, confirmations answer for themselves, never 429.
    const deletion = await me('DELETE', '', session, { password: 'Salah1234' });
    expect(deletion.statusCode).toBe(400);
    expect(deletion.json.errors).toEqual([{ field: 'password', message: MESSAGES.account.passwordWrong }]);
    const change = await me('PUT', '/password', session, {
      currentPassword: DEMO_PETANI.password,
      newPassword: 'Petani123!baru',
    });
    expect(change.statusCode, change.body).toBe(200);
    await me('PUT', '/password', change.json.data.token, {
      currentPassword: 'Petani123!baru',
      newPassword: DEMO_PETANI.password,
    });
  });

  it("gives a browser its own five tries: it locks itself out, not the owner's other browsers or unknown clients", async () => {
    const first = cookieOf(await signInFrom('198.51.100.10', DEMO_MITRA));
    const second = cookieOf(await signInFrom('198.51.100.11', DEMO_MITRA));
    await setRateLimitHits(ctx, `email:${DEMO_MITRA.email}`, 99);

    for (let i = 0; i < 5; i++)
      expect((await signInFrom('198.51.100.10', wrong(DEMO_MITRA), first)).statusCode).toBe(401);
    const locked = await signInFrom('198.51.100.10', DEMO_MITRA, first);
    expect(locked.statusCode).toBe(429);
    expect(locked.json).toEqual(RATE_LIMITED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    expect((await signInFrom('198.51.100.10', DEMO_MITRA, second)).statusCode).toBe(200);
    // The browser's failures did not reach the account's counter: an unknown client gets the 100th try.
    expect((await signInFrom('198.51.100.12', DEMO_MITRA)).statusCode).toBe(200);
  });

  it('trusts a cookie only for the account it was issued for, and only as issued', async () => {
    const mitraBrowser = cookieOf(await signInFrom('198.51.100.20', DEMO_MITRA));
    const petaniBrowser = cookieOf(await signInFrom('198.51.100.20', DEMO_PETANI));
    const tampered = petaniBrowser.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await setRateLimitHits(ctx, `email:${DEMO_PETANI.email}`, 100);

    for (const cookie of [mitraBrowser, tampered, `${petaniBrowser.split('.')[0]}.x.y`])
      expect((await signInFrom('198.51.100.21', DEMO_PETANI, cookie)).statusCode, cookie).toBe(429);
    expect((await signInFrom('198.51.100.21', DEMO_PETANI, petaniBrowser)).statusCode).toBe(200);
  });

  it('sets the cookie HttpOnly, SameSite=Strict, on the auth path, Secure over https, and keeps one per account', async () => {
    const petani = await signInFrom('198.51.100.30', DEMO_PETANI);
    expect(petani.headers['set-cookie']).toMatch(
      /^tm_device=\d+\.[\w-]{22}\.[\w-]{43}; Path=\/api\/v1\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    );
    const https = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'x-forwarded-for': '198.51.100.30', 'x-forwarded-proto': 'https' },
      payload: DEMO_PETANI,
    });
    expect(https.headers['set-cookie']).toMatch(/; SameSite=Strict; Secure$/);
    const failed = await signInFrom('198.51.100.30', wrong(DEMO_PETANI));
    expect(failed.headers['set-cookie']).toBeUndefined();

    // The admin signs in in the same browser: the cookie then holds both accounts' tokens.
    const both = cookieOf(await signInFrom('198.51.100.30', DEMO_ADMIN, cookieOf(petani), '/admin-signin'));
    expect(both.split('~')).toHaveLength(2);
    await setRateLimitHits(ctx, `email:${DEMO_PETANI.email}`, 100);
    await setRateLimitHits(ctx, `email:${DEMO_ADMIN.email}`, 100);
    expect((await signInFrom('198.51.100.31', DEMO_PETANI, both)).statusCode).toBe(200);
    expect((await signInFrom('198.51.100.31', DEMO_ADMIN, both, '/admin-signin')).statusCode).toBe(200);
  });

  it('sets the cookie at sign-up too', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'x-forwarded-for': '198.51.100.40' },
      payload: {
        role: 'petani',
        full_name: 'Uji Perangkat',
        email: 'perangkat@contoh.id',
        password: 'Padi2025',
      },
    });
    expect(res.statusCode).toBe(201);
    await setRateLimitHits(ctx, 'email:perangkat@contoh.id', 100);
    const again = await signInFrom(
      '198.51.100.41',
      { email: 'perangkat@contoh.id', password: 'Padi2025' },
      cookieOf(res),
    );
    expect(again.statusCode).toBe(200);
  });
});

describe('password confirmations inside a session', () => {
  it('count against that session only: its sixth try is refused, other sessions and sign-in are not', async () => {
    const account = { email: 'konfirmasi@contoh.id', password: 'Padi2025' };
    const signedUp = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { role: 'mitra', full_name: 'Uji Konfirmasi', ...account },
    });
    const guessing = signedUp.json.data.token as string;
    const other = (await signInFrom('198.51.100.50', account)).json.data.token as string;

    for (let i = 0; i < 5; i++)
      expect((await me('DELETE', '', guessing, { password: `Tebakan${i}x` })).statusCode).toBe(400);
    const refused = await me('PUT', '/password', guessing, {
      currentPassword: account.password,
      newPassword: 'Padi2026',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.account.passwordTriesLimited,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);

    expect((await signInFrom('127.0.0.1', account)).statusCode).toBe(200);
    const fromOther = await me('PUT', '/password', other, {
      currentPassword: account.password,
      newPassword: 'Padi2026',
    });
    expect(fromOther.statusCode, fromOther.body).toBe(200);
  });
});
