import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, call, tokenFor, useTestApp } from './support/app.js';

const ctx = useTestApp();

describe('text PostgreSQL cannot store', () => {
  it('a NUL byte in a list search is a 400 VALIDATION_ERROR, not a 500', async () => {
    const admin = await tokenFor(ctx, DEMO_ADMIN.email);
    for (const list of [
      '/lahan',
      '/admin/users',
      '/admin/petani',
      '/admin/category',
      '/admin/location',
      '/contract',
      '/admin/downloads',
    ]) {
      const res = await call(ctx, { method: 'GET', url: `/api/v1${list}?q=%00`, token: admin });
      expect(res.statusCode, list).toBe(400);
      expect(res.json, list).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});
