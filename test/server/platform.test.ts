import { describe, expect, it } from 'vitest';
import { call, useTestApp } from './support/app.js';

const ctx = useTestApp();

describe('the API platform', () => {
  it('answers an unknown API route with the NOT_FOUND envelope', async () => {
    const res = await call(ctx, { method: 'GET', url: '/api/v1/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Route /api/v1/no-such-route not found',
    });
  });

  it('reports health after a database round trip', async () => {
    const res = await call(ctx, { method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'OK', data: { status: 'ok', database: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await call(ctx, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    expect(res.json.info.title).toBe('TaniMitra API');
  });

  it('refuses /admin routes without a token before looking at the body', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/category',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('starts every test file from the seeded demo database', async () => {
    const { count } = await import('drizzle-orm');
    const { provinces, districts, subDistricts } = await import('../../src/server/db/schema.js');
    const [p] = await ctx.db.select({ n: count() }).from(provinces);
    const [d] = await ctx.db.select({ n: count() }).from(districts);
    const [s] = await ctx.db.select({ n: count() }).from(subDistricts);
    expect([p?.n, d?.n, s?.n]).toEqual([38, 514, 7285]);
  });
});
