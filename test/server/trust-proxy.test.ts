import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.js';
import { DEMO_ADMIN, call, demoTokens, setRateLimitHits, useTestApp } from './support/app.js';

// Behind a reverse proxy on 127.0.0.1, limits count the client address it forwards.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });

const signIn = (ip: string, payload: object) =>
  call(ctx, {
    method: 'POST',
    url: '/api/v1/auth/admin-signin',
    headers: { 'x-forwarded-for': ip },
    payload,
  });
const WRONG = { email: DEMO_ADMIN.email, password: 'Salah1234' };

beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

describe('TRUST_PROXY', () => {
  it('limits each forwarded client address on its own', async () => {
    await setRateLimitHits(ctx, 'ip:203.0.113.7', 19);
    expect((await signIn('203.0.113.7', { email: 'tamu@contoh.id', password: 'nope1234' })).statusCode).toBe(
      401,
    );
    expect((await signIn('203.0.113.7', DEMO_ADMIN)).statusCode).toBe(429);
    const other = await signIn('198.51.100.20', DEMO_ADMIN);
    expect(other.statusCode).toBe(200);
    expect(other.json.data.admin.email).toBe(DEMO_ADMIN.email);
  });

  it('lets the owner in from another address after five failures at one', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('203.0.113.8', WRONG)).statusCode).toBe(401);
    const blocked = await signIn('203.0.113.8', DEMO_ADMIN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signIn('198.51.100.30', DEMO_ADMIN)).statusCode).toBe(200);
  });

  it('holds an account to 100 tries from all addresses together, counting only tries an address was allowed', async () => {
    await setRateLimitHits(ctx, `email:${DEMO_ADMIN.email}`, 98);
    // An address over its own limit is refused before its tries reach the account's counter.
    await setRateLimitHits(ctx, 'ip:203.0.113.9', 20);
    for (let i = 0; i < 3; i++) expect((await signIn('203.0.113.9', WRONG)).statusCode).toBe(429);
    expect((await signIn('198.51.100.41', WRONG)).statusCode).toBe(401); // the 99th
    expect((await signIn('198.51.100.42', DEMO_ADMIN)).statusCode).toBe(200); // the 100th, given back
    expect((await signIn('198.51.100.43', WRONG)).statusCode).toBe(401); // the 100th
    const locked = await signIn('198.51.100.44', DEMO_ADMIN);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a download once per address per hour', async () => {
    const { admin } = await demoTokens(ctx);
    const [entry] = (await call(ctx, { url: '/api/v1/downloads' })).json.data;
    const hit = (ip: string) =>
      call(ctx, {
        method: 'POST',
        url: `/api/v1/downloads/${entry.id}/hit`,
        headers: { 'x-forwarded-for': ip },
      });
    const count = async () =>
      (await call(ctx, { url: `/api/v1/admin/downloads/${entry.id}`, token: admin })).json.data.downloads;

    const before = await count();
    for (let i = 0; i < 50; i++) expect((await hit('203.0.113.50')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    await Promise.all([...Array(25).fill('203.0.113.50'), ...Array(25).fill('203.0.113.51')].map(hit));
    expect(await count()).toBe(before + 2);
  });
});
