import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, call, setIpFailures, useTestApp } from './support/app.js';

// Behind a reverse proxy on 127.0.0.1, sign-in limits count the client address it forwards.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });

const signIn = (ip: string, payload: object) =>
  call(ctx, {
    method: 'POST',
    url: '/api/v1/auth/admin-signin',
    headers: { 'x-forwarded-for': ip },
    payload,
  });

describe('TRUST_PROXY', () => {
  it('limits each forwarded client address on its own', async () => {
    await setIpFailures(ctx, '203.0.113.7', 19);
    expect((await signIn('203.0.113.7', { email: 'tamu@contoh.id', password: 'nope1234' })).statusCode).toBe(
      401,
    );
    expect((await signIn('203.0.113.7', DEMO_ADMIN)).statusCode).toBe(429);
    const other = await signIn('198.51.100.20', DEMO_ADMIN);
    expect(other.statusCode).toBe(200);
    expect(other.json.data.admin.email).toBe(DEMO_ADMIN.email);
  });
});
