/**
 * Issue 26, finding 4: PUT /user/me told anyone signed in, without limit, whether a NIK, email or username is
 * registered (409). Setting one of them to a new value now counts, per account and per address.
 */
import { isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROBE_WINDOW_SECONDS } from '../../src/server/modules/auth/limits.js';
import { mitraProfiles, rateLimits } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { DEMO_MITRA, call, useTestApp } from './support/app.js';

const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });

const put = (token: string, ip: string, payload: object) =>
  call(ctx, {
    method: 'PUT',
    url: '/api/v1/user/me',
    token,
    headers: { 'x-forwarded-for': ip },
    payload,
  });

let accounts = 0;
/** A new petani's access token and email, signed up from its own address. */
async function newPetani() {
  accounts += 1;
  const email = `penjajak${accounts}@contoh.id`;
  const res = await call(ctx, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: { 'x-forwarded-for': `192.0.2.${accounts}` },
    payload: { role: 'petani', full_name: 'Uji Penjajakan', email, password: 'Padi2025' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json.data.token as string, email };
}

const LIMITED = { success: false, code: 'RATE_LIMITED', message: MESSAGES.account.probeRateLimited };

let registeredNiks: string[];
beforeEach(async () => {
  await ctx.db.delete(rateLimits);
  registeredNiks ??= (
    await ctx.db.select({ nik: mitraProfiles.nik }).from(mitraProfiles).where(isNotNull(mitraProfiles.nik))
  ).map((row) => row.nik!);
});

describe('PUT /user/me uniqueness probes', () => {
  it('answers the 11th change of NIK, email or username within the hour with 429, from any address, and changes nothing', async () => {
    const { token, email } = await newPetani();
    const probes = [
      ...registeredNiks.slice(0, 8).map((nik) => ({ nik })),
      { email: DEMO_MITRA.email },
      { username: 'bebas.sekali' }, // free: a change that succeeds counts too
    ];
    expect(probes).toHaveLength(10);
    for (const [i, probe] of probes.entries()) {
      const res = await put(token, `198.51.100.${i + 1}`, probe);
      expect(res.statusCode, JSON.stringify(probe)).toBe(i < 9 ? 409 : 200);
    }
    for (const probe of [{ nik: registeredNiks[0] }, { email: 'bebas@contoh.id' }]) {
      const limited = await put(token, '198.51.100.99', probe);
      expect(limited.statusCode).toBe(429);
      expect(limited.json).toEqual(LIMITED);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(PROBE_WINDOW_SECONDS - 60);
      expect(retryAfter).toBeLessThanOrEqual(PROBE_WINDOW_SECONDS);
    }
    const mine = (await call(ctx, { url: '/api/v1/user/me', token })).json.data;
    expect(mine).toMatchObject({ email, username: 'bebas.sekali' });
  });

  it('limits one address across accounts', async () => {
    const first = await newPetani();
    for (const nik of registeredNiks.slice(0, 10))
      expect((await put(first.token, '203.0.113.5', { nik })).statusCode).toBe(409);
    const second = await newPetani();
    expect((await put(second.token, '203.0.113.5', { nik: registeredNiks[0] })).json).toEqual(LIMITED);
    expect((await put(second.token, '203.0.113.6', { nik: registeredNiks[0] })).statusCode).toBe(409);
  });

  it('does not count a save that leaves them as they are, or changes other fields', async () => {
    const { token, email } = await newPetani();
    for (let i = 0; i < 12; i++) {
      const res = await put(token, '203.0.113.7', { email: email.toUpperCase(), full_name: `Nama ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
