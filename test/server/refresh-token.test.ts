import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens.js';
import { rateLimits, refreshTokens } from '../../src/server/db/schema.js';
import { REFRESH_REUSE_WINDOW_SECONDS } from '../../src/server/modules/auth/sessions.js';
import { DEMO_MITRA, DEMO_PETANI, call, type Json, useTestApp } from './support/app.js';

const ctx = useTestApp();

const post = (url: string, payload?: unknown) =>
  call(ctx, { method: 'POST', url: `/api/v1/auth${url}`, payload });
const refresh = (refreshToken: unknown) => post('/refresh-token', { refreshToken });
const me = (token: string) => call(ctx, { url: '/api/v1/user/me', token });
const signIn = async (account: { email: string; password: string }) =>
  (await post('/signin', account)).json.data as Json;

const rowOf = async (token: string) => {
  const [row] = await ctx.db
    .select({ family_id: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(token)));
  return row!;
};
const liveTokensOf = async (familyId: string) =>
  ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
/** As if `token` had been rotated `seconds` ago. */
const rotatedAgo = (token: string, seconds: number) =>
  ctx.db
    .update(refreshTokens)
    .set({ revoked_at: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.token_hash, hashToken(token)));

beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

describe('POST /auth/refresh-token', () => {
  it('rotates: a new working pair, and the old refresh token is used up', async () => {
    const first = await signIn(DEMO_PETANI);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
    const { token, refreshToken } = res.json.data as Json;
    expect(refreshToken).not.toBe(first.refreshToken);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(token)).json.data.email).toBe(DEMO_PETANI.email);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });

  it('answers parallel refreshes with one token alike: both 200 with the same successor, and the session lives on', async () => {
    const first = await signIn(DEMO_PETANI);
    const results = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json.data as Json);
    expect(a!.refreshToken).toBe(b!.refreshToken);
    expect(await liveTokensOf((await rowOf(first.refreshToken)).family_id)).toHaveLength(1);
    for (const { token } of [a!, b!]) expect((await me(token)).statusCode).toBe(200);
    // The successor rotates as usual, and the session still works.
    const next = await refresh(a!.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json.data.token)).statusCode).toBe(200);
  });

  it(`gives the same successor to a repeat up to ${REFRESH_REUSE_WINDOW_SECONDS} s later`, async () => {
    const first = await signIn(DEMO_MITRA);
    const second = (await refresh(first.refreshToken)).json.data as Json;
    await rotatedAgo(first.refreshToken, REFRESH_REUSE_WINDOW_SECONDS - 2);
    const repeat = await refresh(first.refreshToken);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json.data.refreshToken).toBe(second.refreshToken);
  });

  it('revokes the whole family when a used token is presented again after the window', async () => {
    const first = await signIn(DEMO_MITRA);
    const second = (await refresh(first.refreshToken)).json.data as Json;
    const { family_id: family } = await rowOf(first.refreshToken);
    expect(await liveTokensOf(family)).toHaveLength(1);

    await rotatedAgo(first.refreshToken, REFRESH_REUSE_WINDOW_SECONDS + 1);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json.code).toBe('UNAUTHORIZED');
    expect(await liveTokensOf(family)).toHaveLength(0);
    // The thief's (or the owner's) newer token is dead too, and so is the session's access token.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(401);

    // Another session of the same user is untouched.
    const other = await signIn(DEMO_MITRA);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the family when, within the window, the successor has already been used', async () => {
    const first = await signIn(DEMO_PETANI);
    const second = (await refresh(first.refreshToken)).json.data as Json;
    const third = (await refresh(second.refreshToken)).json.data as Json;
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    expect((await me(third.token)).statusCode).toBe(401);
  });

  it('gives nothing for a token rotated just before sign-out', async () => {
    const first = await signIn(DEMO_PETANI);
    const second = (await refresh(first.refreshToken)).json.data as Json;
    expect((await post('/signout', { refreshToken: second.refreshToken })).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('answers 401 for an unknown, expired or revoked token and 400 without one', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);

    const expiring = await signIn(DEMO_PETANI);
    await ctx.db
      .update(refreshTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.token_hash, hashToken(expiring.refreshToken)));
    const expired = await refresh(expiring.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json.message).toMatch(/expired/);

    const missing = await post('/refresh-token', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json.code).toBe('VALIDATION_ERROR');
  });
});
