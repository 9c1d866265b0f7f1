import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { useTestApp } from './support/app.js';
import { rawRequest } from './support/raw-http.js';

/** Issue 26, finding 5: a request that stalls is answered 408 and its connection closed, never held open. */
const ctx = useTestApp({ REQUEST_TIMEOUT_MS: '1000' });

const TIMED_OUT = { success: false, code: 'VALIDATION_ERROR', message: MESSAGES.http.requestTimeout };

describe('REQUEST_TIMEOUT_MS', () => {
  it('answers 408 in the envelope and closes the connection when the body stops short of its length', async () => {
    const res = await rawRequest(
      ctx,
      'POST /api/v1/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email":',
    );
    expect(res.status).toBe(408);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual(TIMED_OUT);
  });

  it('does the same for a request head that never ends', async () => {
    const res = await rawRequest(ctx, 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1');
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual(TIMED_OUT);
  });
});
