import { METHODS } from 'node:http';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { downloads } from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp, type CallOptions } from './support/app.js';
import { rawRequest } from './support/raw-http.js';

/** Issue 26, finding 5: non-object JSON bodies, and the 405/Allow answers (the body timeout: request-timeout.test.ts). */
const ctx = useTestApp();
let tokens: Awaited<ReturnType<typeof demoTokens>>;
beforeAll(async () => {
  tokens = await demoTokens(ctx);
});

const api = (method: CallOptions['method'], url: string, token?: string, payload?: unknown) =>
  call(ctx, {
    method,
    url: `/api/v1${url}`,
    token,
    // Sent as JSON text whatever it is (call() would send a string as it is).
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

const NOT_OBJECT = {
  success: false,
  code: 'VALIDATION_ERROR',
  message: MESSAGES.body.notObject,
  errors: [{ field: 'body', message: MESSAGES.body.notObject }],
};

describe('a JSON body that is not an object', () => {
  it('is refused on an update (400) instead of being read as "no change"; the record stays as it was', async () => {
    const before = await api('GET', '/lahan/1', tokens.admin);
    for (const body of [[{ nama_lahan: 'Sawah Larik' }], [], 5, 'text', null]) {
      const res = await api('PUT', '/lahan/1', tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toEqual(NOT_OBJECT);
    }
    const category = await api('PUT', '/admin/category/1', tokens.admin, [{ type_name: 'Padi' }]);
    expect(category.json).toEqual(NOT_OBJECT);
    expect((await api('GET', '/lahan/1', tokens.admin)).json).toEqual(before.json);
  });

  it('is refused on POST /contract/{id}/cancel and on a route that takes no body', async () => {
    const cancel = await api('POST', '/contract/1/cancel', tokens.admin, [{ reason: 'Batal' }]);
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json).toEqual(NOT_OBJECT);

    const [download] = await ctx.db.select().from(downloads).limit(1);
    const hit = await api('POST', `/downloads/${download!.id}/hit`, undefined, []);
    expect(hit.statusCode).toBe(400);
    expect(hit.json).toEqual(NOT_OBJECT);
    const [after] = await ctx.db.select().from(downloads).where(eq(downloads.id, download!.id));
    expect(after!.downloads).toBe(download!.downloads);
  });

  it('still lets an object body through, and a guarded route still asks for a token first', async () => {
    expect((await api('POST', '/contract/1/cancel', undefined, [])).statusCode).toBe(401);
    const res = await api('PUT', '/lahan/1', tokens.admin, {});
    expect(res.statusCode).toBe(200);
  });
});

describe('405 Method Not Allowed', () => {
  it('lists in Allow only the methods the path itself takes, not those of a route whose parameter it cannot be', async () => {
    for (const [path, allow] of [
      ['/lahan/my', 'GET, HEAD'],
      ['/contract/user', 'GET, HEAD'],
      ['/lahan/1', 'GET, HEAD, PUT, DELETE'],
      ['/admin/petani/1', 'GET, HEAD, PUT, DELETE'],
      ['/contract/1/cancel', 'POST'],
    ]) {
      const res = await call(ctx, { method: 'PATCH', url: `/api/v1${path}`, token: tokens.admin });
      expect(res.statusCode, path).toBe(405);
      expect(res.headers.allow, path).toBe(allow);
      expect(res.json).toEqual({
        success: false,
        code: 'METHOD_NOT_ALLOWED',
        message: MESSAGES.http.methodNotAllowed('PATCH', `/api/v1${path}`),
      });
    }
    // A path no route can take stays 404.
    expect((await call(ctx, { method: 'PATCH', url: '/api/v1/lahan/abc' })).statusCode).toBe(404);
  });

  it('answers every other method Node reads (WebDAV ones included) with 405 and the same Allow', async () => {
    const others = METHODS.filter((m) => !['GET', 'HEAD', 'CONNECT'].includes(m));
    for (const method of others) {
      const res = await rawRequest(
        ctx,
        `${method} /api/v1/downloads HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
      expect(JSON.parse(res.body), method).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('answers the method before reading the body: a wrong method with a malformed body is still a 405', async () => {
    for (const method of ['DELETE', 'PUT', 'QUERY']) {
      const res = await rawRequest(
        ctx,
        `${method} /api/v1/downloads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          'Content-Length: 1\r\nConnection: close\r\n\r\n{',
      );
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
    }
  });

  it('answers a method no HTTP parser knows with 501 in the envelope, not a 400', async () => {
    for (const method of ['FOO', 'BREW', 'GETS']) {
      const res = await rawRequest(
        ctx,
        `${method} /api/v1/downloads HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, method).toBe(501);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        code: 'METHOD_NOT_ALLOWED',
        message: MESSAGES.http.unknownMethod,
      });
    }
  });
});
