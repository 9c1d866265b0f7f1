import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lahan } from '../../src/server/db/schema.js';
import { DEMO_PETANI, call, demoTokens, useTestApp } from './support/app.js';

const ctx = useTestApp();

const signIn = async (email: string, password: string) =>
  (
    await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email, password },
    })
  ).json.data.token as string;

describe('GET /lahan/{id} read by many callers at once', () => {
  it('answers each read as it answers it alone: its own lahan, visibility and session, 404 and 401', async () => {
    const tokens = await demoTokens(ctx);
    const signedOut = await signIn(DEMO_PETANI.email, DEMO_PETANI.password);
    expect(
      (await call(ctx, { method: 'POST', url: '/api/v1/auth/signout', payload: {}, token: signedOut }))
        .statusCode,
    ).toBe(200);
    const ids = (await ctx.db.select({ id: lahan.id }).from(lahan).orderBy(asc(lahan.id))).map((r) => r.id);
    const reads = [...ids.slice(0, 12), 99_999_999].flatMap((id) =>
      [tokens.admin, tokens.petani, tokens.mitra, signedOut].map((token) => ({
        url: `/api/v1/lahan/${id}`,
        token,
      })),
    );
    const answer = async (read: (typeof reads)[number]) => {
      const res = await call(ctx, read);
      return { url: read.url, status: res.statusCode, body: res.json };
    };
    const alone = [];
    for (const read of reads) alone.push(await answer(read));
    // The same reads mix callers whose answers differ: a petani sees only their own, a mitra the active ones.
    const statuses = new Set(alone.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 401, 404]);

    for (let round = 0; round < 3; round++) expect(await Promise.all(reads.map(answer))).toEqual(alone);
  });
});
