import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, call, tokenFor, useTestApp } from './support/app.js';

const ctx = useTestApp();

describe('text PostgreSQL cannot store', () => {
  it('a NUL byte in a list search is a 400 VALIDATION_ERROR, not a 500', async () => {
    const admin = await tokenFor(ctx, DEMO_ADMIN.email);
    const res = await call(ctx, { method: 'GET', url: '/api/v1/lahan?q=%00', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
