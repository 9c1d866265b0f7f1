import { asc, desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LUAS_BERBEDA_RATIO } from '../../src/shared/boundary.js';
import { lahan, luasBerbedaOf } from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { indexPlan } from './support/plans.js';

/* GET /lahan?luas_berbeda=true|false: the admin's lahan whose measured area differs from the declared one. */

const ctx = useTestApp();
let admin: string;

/** Every record of a list, page by page. */
async function all(query: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await call(ctx, { url: `/api/v1/lahan?${query}&limit=100&page=${page}`, token: admin });
    expect(res.statusCode, query).toBe(200);
    rows.push(...res.json.data);
    if (page >= res.json.pagination.totalPages) return rows;
  }
}

beforeAll(async () => {
  ({ admin } = await demoTokens(ctx));
});

describe('the luas_berbeda filter', () => {
  it('keeps the lahan whose measured area is more than 20 % off the declared one, or the others', async () => {
    const stored = await ctx.db
      .select({ id: lahan.id, luas: lahan.luas_lahan, terukur: lahan.luas_terukur })
      .from(lahan);
    // Worked out here from the stored areas, not by the server's expression.
    const differs = (l: (typeof stored)[number]) =>
      l.terukur !== null && Math.abs(l.terukur - l.luas) > LUAS_BERBEDA_RATIO * l.luas;
    const expected = stored.filter(differs).map((l) => l.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(stored.length);

    const flagged = await all('luas_berbeda=true');
    expect(flagged.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(flagged.every((r) => r.luas_berbeda === true)).toBe(true);

    const others = await all('luas_berbeda=false');
    expect(others.length).toBe(stored.length - expected.length);
    expect(others.every((r) => r.luas_berbeda === false)).toBe(true);

    const first = await call(ctx, { url: '/api/v1/lahan?luas_berbeda=true&limit=1', token: admin });
    expect(first.json.pagination.total).toBe(expected.length);
  });

  it('refuses a value that is not true or false by name', async () => {
    const res = await call(ctx, { url: '/api/v1/lahan?luas_berbeda=ya', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json.errors)).toContain('luas_berbeda');
  });

  it('is served by its partial index, newest first', async () => {
    const query = ctx.db
      .select({ id: lahan.id })
      .from(lahan)
      .where(luasBerbedaOf(lahan))
      .orderBy(desc(lahan.created_at), asc(lahan.id))
      .limit(10);
    const plan = await indexPlan(ctx.db, query);
    expect(plan).toMatch(/"Index Name":\s*"lahan_luas_berbeda_idx"/);
    expect(plan).not.toContain('Seq Scan');
  });
});
