import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import * as registry from '../../src/server/modules/index.js';
import commodity from './fixtures/commodity/routes.js';
import { COMMODITY_SQL } from './fixtures/commodity/schema.js';
import { call, demoTokens, useTestApp } from './support/app.js';

/*
 * Issue 28: a listed resource is one declaration (fixtures/commodity/schema.ts) and a module. It is registered as
 * src/server/modules/README.md says, by its one line of modules/index.ts: here the app is given that registry
 * with the line added (`buildApp`'s `modules`), so no other test file sees the fixture.
 */
const ctx = useTestApp({}, { modules: { ...registry, commodity } });
let admin: string;
let petani: string;
const PATH = '/api/v1/admin/commodity';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  for (const statement of COMMODITY_SQL) await ctx.db.execute(sql.raw(statement));
  ({ admin, petani } = await demoTokens(ctx));
});

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, token = admin) =>
  call(ctx, { method, url, token, payload });

describe('a commodity resource from one declaration', () => {
  let id: number;

  it('creates a record, answering it as the schema says', async () => {
    const res = await send('POST', PATH, { name: '  Jagung Manis ', unit: 'kg' });
    expect(res.statusCode).toBe(201);
    expect(res.json.message).toBe(MESSAGES.record.created('Commodity'));
    expect(res.json.data).toEqual({
      id: expect.any(Number),
      name: 'Jagung Manis',
      unit: 'kg',
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    id = res.json.data.id;
    await send('POST', PATH, { name: 'Padi', unit: 'ton' });
    await send('POST', PATH, { name: 'Kedelai', unit: 'kg' });
  });

  it('refuses a duplicate name (any case), a missing field and an unknown one', async () => {
    const duplicate = await send('POST', PATH, { name: 'jagung manis', unit: 'kg' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json.message).toBe(MESSAGES.record.nameTaken('Commodity', 'jagung manis'));
    const missing = await send('POST', PATH, { name: 'Kopi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'unit', message: 'unit is required' }]);
    const unknown = await send('POST', PATH, { name: 'Kopi', unit: 'kg', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors.map((e: { field: string }) => e.field)).toContain('colour');
  });

  it('lists with the counted total, sorts and searches', async () => {
    const page = await send('GET', `${PATH}?sort=name&order=asc`);
    expect(page.statusCode).toBe(200);
    expect(page.json.data.map((r: { name: string }) => r.name)).toEqual(['Jagung Manis', 'Kedelai', 'Padi']);
    expect(page.json.pagination).toMatchObject({ total: 3, totalExact: true, page: 1 });
    const found = await send('GET', `${PATH}?q=MANIS`);
    expect(found.json.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(found.json.pagination.total).toBe(1);
    expect((await send('GET', `${PATH}?sort=unit`)).statusCode).toBe(400);
  });

  it('reads, replaces and deletes one, and 404s after', async () => {
    expect((await send('GET', `${PATH}/${id}`)).json.data.name).toBe('Jagung Manis');
    const replaced = await send('PUT', `${PATH}/${id}`, { name: 'Jagung', unit: 'ton' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json.data).toMatchObject({ id, name: 'Jagung', unit: 'ton' });
    const removed = await send('DELETE', `${PATH}/${id}`);
    expect(removed.json).toMatchObject({ message: MESSAGES.record.deleted('Commodity'), data: { id } });
    expect((await send('GET', `${PATH}/${id}`)).statusCode).toBe(404);
    expect((await send('GET', PATH)).json.pagination.total).toBe(2);
    const audited = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'commodity'), eq(auditLog.resource_id, String(id))));
    expect(audited.length).toBe(3);
  });

  it('answers 401 without a token and 403 to a petani', async () => {
    expect((await call(ctx, { url: PATH })).statusCode).toBe(401);
    expect((await send('GET', PATH, undefined, petani)).statusCode).toBe(403);
    expect((await send('POST', PATH, { name: 'Kopi', unit: 'kg' }, petani)).statusCode).toBe(403);
  });
});
