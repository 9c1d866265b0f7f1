import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp, type Json } from './support/app.js';

/** Issue 26, finding 5: the OpenAPI document at /api/docs/json is valid 3.0.3 and says what each route answers. */
const ctx = useTestApp();
let doc: Json;
beforeAll(async () => {
  const res = await call(ctx, { url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json;
});

const operation = (method: string, path: string) => {
  const item = doc.paths[path] ?? doc.paths[`${path}/`];
  expect(item?.[method], `${method} ${path}`).toBeDefined();
  return item[method];
};
const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses);
const operations = () =>
  Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete']
      .filter((method) => item[method])
      .map((method) => ({ key: `${method.toUpperCase()} ${path}`, op: item[method] as Json })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0.3 by its JSON schema', async () => {
    expect(doc.openapi).toBe('3.0.3');
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("writes bounds in 3.0's form: an excluded minimum is a boolean beside `minimum`", () => {
    const body = operation('put', '/api/v1/lahan/{id}').requestBody.content['application/json'].schema;
    expect(body.properties.luas_lahan).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    expect(JSON.stringify(doc)).not.toMatch(/"exclusive(Minimum|Maximum)":-?\d/);
  });

  it('lists the failures each route can answer', () => {
    // Input (400), guard (401; 403 where only some roles may), a record by id (404), a write (409).
    expect(statuses('put', '/api/v1/lahan/{id}')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '503']),
    );
    expect(statuses('delete', '/api/v1/admin/category/{id}')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    expect(statuses('get', '/api/v1/admin/stats')).toEqual(expect.arrayContaining(['401', '403']));
    // Rate-limited routes declare 429.
    for (const path of ['/api/v1/auth/signin', '/api/v1/auth/signup'])
      expect(statuses('post', path)).toEqual(expect.arrayContaining(['400', '409', '429']));
    // Public routes are not said to need a token; any signed-in role may read its own account.
    expect(statuses('get', '/api/v1/downloads')).not.toContain('401');
    expect(statuses('get', '/api/v1/user/me')).toContain('401');
    expect(statuses('get', '/api/v1/user/me')).not.toContain('403');
    expect(statuses('get', '/api/v1/health')).toEqual(['200', '503']);

    for (const { key, op } of operations()) {
      const listed = Object.keys(op.responses);
      if (!(Array.isArray(op.security) && op.security.length === 0)) expect(listed, key).toContain('401');
      if (op.requestBody) expect(listed, key).toEqual(expect.arrayContaining(['400', '413']));
      if (op.parameters?.some((p: Json) => p.in === 'path')) expect(listed, key).toContain('404');
      if (!key.startsWith('GET')) expect(listed, key).toContain('409');
      for (const status of listed.filter((s) => Number(s) >= 400))
        expect(op.responses[status].content['application/json'].schema, `${key} ${status}`).toMatchObject({
          properties: { success: {}, message: {}, code: {} },
        });
    }
  });

  it('gives file downloads the content types they are sent with', () => {
    const types = (path: string) => Object.keys(operation('get', path).responses['200'].content);
    expect(types('/api/v1/documents/{id}')).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'application/pdf',
    ]);
    expect(types('/api/v1/contract/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('/api/v1/lahan/{id}')).toEqual(['application/json']);
  });
});
