import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contractCategories,
  contracts,
  lahan,
  landCategories,
} from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp } from './support/app.js';
import { MESSAGES } from '../../src/shared/messages.js';

const ctx = useTestApp();
let admin: string;
let petani: string;

beforeAll(async () => ({ admin, petani } = await demoTokens(ctx)));

const REQUIRED = MESSAGES.requiredFields;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const kinds = [
  {
    path: '/api/v1/admin/category',
    label: 'Category',
    table: landCategories,
    seeded: 6,
    firstByName: 'Hortikultura',
    usedBy: { table: lahan, column: lahan.category_id, noun: 'lahan' },
  },
  {
    path: '/api/v1/admin/contract-category',
    label: 'Contract category',
    table: contractCategories,
    seeded: 4,
    firstByName: 'Kemitraan Budidaya',
    usedBy: { table: contracts, column: contracts.contract_category_id, noun: 'contract(s)' },
  },
] as const;

describe.each(kinds)('$path', (kind) => {
  const rowCount = async () => (await ctx.db.select({ n: count() }).from(kind.table))[0]!.n;

  it('requires an admin token', async () => {
    for (const [method, url] of [
      ['GET', kind.path],
      ['POST', kind.path],
      ['GET', `${kind.path}/1`],
      ['PUT', `${kind.path}/1`],
      ['DELETE', `${kind.path}/1`],
    ] as const) {
      const anonymous = await call(ctx, { method, url, payload: method === 'GET' ? undefined : {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json.code).toBe('UNAUTHORIZED');
      const farmer = await call(ctx, {
        method,
        url,
        token: petani,
        payload: method === 'GET' ? undefined : {},
      });
      expect(farmer.statusCode, `${method} ${url}`).toBe(403);
      expect(farmer.json).toEqual({
        success: false,
        code: 'INVALID_ROLE',
        message: MESSAGES.invalidRole,
      });
    }
  });

  it('lists the seeded records with pagination', async () => {
    const res = await call(ctx, { method: 'GET', url: `${kind.path}?limit=2&page=2`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.pagination).toEqual({
      page: 2,
      limit: 2,
      total: kind.seeded,
      totalPages: Math.ceil(kind.seeded / 2),
      totalExact: true,
    });
    expect(res.json.data).toHaveLength(2);
    for (const row of res.json.data) {
      expect(Object.keys(row).sort()).toEqual(['created_at', 'description', 'id', 'type_name', 'updated_at']);
      expect(row.created_at).toMatch(ISO);
    }
  });

  it('sorts by type_name and searches beyond the first page', async () => {
    const sorted = await call(ctx, {
      method: 'GET',
      url: `${kind.path}?sort=type_name&order=asc`,
      token: admin,
    });
    const names = sorted.json.data.map((r: { type_name: string }) => r.type_name);
    expect(names[0]).toBe(kind.firstByName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const last = names.at(-1) as string;
    const firstPage = await call(ctx, {
      method: 'GET',
      url: `${kind.path}?sort=type_name&order=asc&limit=1`,
      token: admin,
    });
    expect(firstPage.json.data.map((r: { type_name: string }) => r.type_name)).not.toContain(last);
    const found = await call(ctx, {
      method: 'GET',
      url: `${kind.path}?limit=1&q=${encodeURIComponent(last.toUpperCase())}`,
      token: admin,
    });
    expect(found.json.data.map((r: { type_name: string }) => r.type_name)).toEqual([last]);
    expect(found.json.pagination.total).toBe(1);

    const none = await call(ctx, { method: 'GET', url: `${kind.path}?q=tidak-ada-kategori`, token: admin });
    expect(none.json.data).toEqual([]);
    expect(none.json.pagination).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1, totalExact: true });
  });

  it('refuses an unknown sort key', async () => {
    const res = await call(ctx, { method: 'GET', url: `${kind.path}?sort=description`, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
  });

  it(
    'filters by in_use: the records used or not used by any ' + kind.usedBy.noun + ', with the exact total',
    async () => {
      const created = await call(ctx, {
        method: 'POST',
        url: kind.path,
        token: admin,
        payload: { type_name: `Belum Dipakai ${kind.label}`, description: 'Uji in_use' },
      });
      expect(created.statusCode).toBe(201);
      const unusedId = created.json.data.id as number;
      const usedIds = (
        await ctx.db
          .selectDistinct({ id: kind.usedBy.column })
          .from(kind.usedBy.table)
          .where(isNotNull(kind.usedBy.column))
      ).map((r) => r.id as number);
      expect(usedIds.length).toBeGreaterThan(0);
      const all = await rowCount();

      const list = (query: string) =>
        call(ctx, { method: 'GET', url: `${kind.path}?${query}`, token: admin });
      const ids = (res: Awaited<ReturnType<typeof list>>) =>
        res.json.data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);

      const used = await list('limit=100&in_use=true');
      expect(used.statusCode).toBe(200);
      expect(ids(used)).toEqual([...usedIds].sort((a, b) => a - b));
      expect(used.json.pagination.total).toBe(usedIds.length);
      const unused = await list('limit=100&in_use=false');
      expect(ids(unused)).toContain(unusedId);
      expect(ids(unused).some((id: number) => usedIds.includes(id))).toBe(false);
      expect(unused.json.pagination.total).toBe(all - usedIds.length);

      // A page past the first still counts every match, and the filter combines with the search.
      const paged = await list('in_use=false&limit=1&page=2');
      expect(paged.json.pagination.total).toBe(all - usedIds.length);
      const search = `q=${encodeURIComponent('belum dipakai')}`;
      expect((await list(`limit=100&${search}&in_use=false`)).json.pagination.total).toBe(1);
      expect((await list(`limit=100&${search}&in_use=true`)).json).toMatchObject({
        data: [],
        pagination: { total: 0 },
      });

      await call(ctx, { method: 'DELETE', url: `${kind.path}/${unusedId}`, token: admin });
    },
  );

  it('refuses an in_use that is not true or false, and an unknown query parameter, naming it', async () => {
    for (const query of ['in_use=maybe', 'in_use=', 'used=true']) {
      const res = await call(ctx, { method: 'GET', url: `${kind.path}?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.json), query).toContain(query.split('=')[0]);
    }
  });

  it('creates, reads, updates and deletes a record', async () => {
    const created = await call(ctx, {
      method: 'POST',
      url: kind.path,
      token: admin,
      payload: { type_name: '  Agroforestri  ', description: '  Tanaman kayu bersama tanaman pangan.  ' },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json.data;
    expect(created.json).toEqual({
      success: true,
      message: `${kind.label} created`,
      data: {
        id: expect.any(Number),
        type_name: 'Agroforestri',
        description: 'Tanaman kayu bersama tanaman pangan.',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    });

    const read = await call(ctx, { method: 'GET', url: `${kind.path}/${record.id}`, token: admin });
    expect(read.json).toEqual({ success: true, message: 'OK', data: record });

    const updated = await call(ctx, {
      method: 'PUT',
      url: `${kind.path}/${record.id}`,
      token: admin,
      payload: { type_name: 'agroforestri', description: 'Kebun campur.' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json.data).toMatchObject({
      id: record.id,
      type_name: 'agroforestri',
      description: 'Kebun campur.',
    });
    expect(updated.json.data.created_at).toBe(record.created_at);

    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.resource, kind.path.split('/').at(-1)!), eq(auditLog.resource_id, String(record.id))),
      );
    // The create's row names the new record too.
    expect(audit.map((a) => a.action)).toEqual(['POST', 'PUT']);

    const deleted = await call(ctx, { method: 'DELETE', url: `${kind.path}/${record.id}`, token: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.data).toMatchObject({ id: record.id, type_name: 'agroforestri' });
    const gone = await call(ctx, { method: 'GET', url: `${kind.path}/${record.id}`, token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json).toEqual({ success: false, code: 'NOT_FOUND', message: `${kind.label} not found` });
  });

  it.each([
    ['missing fields', {}],
    ['a missing description', { type_name: 'Baru' }],
    ['empty strings', { type_name: '', description: '' }],
    ['whitespace only', { type_name: '   ', description: 'Ada' }],
    ['a number for a name', { type_name: 42, description: 'Ada' }],
    ['null', { type_name: 'Baru', description: null }],
    ['an array', { type_name: ['Baru'], description: 'Ada' }],
  ])('refuses %s with the spec message and writes nothing', async (_, payload) => {
    const before = await rowCount();
    for (const [method, url] of [
      ['POST', kind.path],
      ['PUT', `${kind.path}/1`],
    ] as const) {
      const res = await call(ctx, { method, url, token: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: REQUIRED });
      expect(res.json.errors.length).toBeGreaterThan(0);
    }
    expect(await rowCount()).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await call(ctx, { method: 'POST', url: kind.path, token: admin, payload: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(MESSAGES.body.notObject);
  });

  it('refuses a name that is too long with a clear message', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: kind.path,
      token: admin,
      payload: { type_name: 'x'.repeat(121), description: 'Ada' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe('type_name must be at most 120 characters');
  });

  it('refuses a duplicate name whatever its letter case', async () => {
    const before = await rowCount();
    const [existing] = await ctx.db.select().from(kind.table).limit(1);
    const res = await call(ctx, {
      method: 'POST',
      url: kind.path,
      token: admin,
      payload: { type_name: ` ${existing!.type_name.toUpperCase()} `, description: 'Lain' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: 'CONFLICT',
      message: `${kind.label} "${existing!.type_name.toUpperCase()}" already exists`,
    });
    expect(await rowCount()).toBe(before);

    const [other] = await ctx.db
      .select()
      .from(kind.table)
      .where(eq(kind.table.id, existing!.id + 1));
    const rename = await call(ctx, {
      method: 'PUT',
      url: `${kind.path}/${other!.id}`,
      token: admin,
      payload: { type_name: existing!.type_name.toLowerCase(), description: 'Lain' },
    });
    expect(rename.statusCode).toBe(409);
    const [unchanged] = await ctx.db.select().from(kind.table).where(eq(kind.table.id, other!.id));
    expect(unchanged).toEqual(other);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(ctx, {
        method,
        url: `${kind.path}/999999`,
        token: admin,
        payload: method === 'PUT' ? { type_name: 'Tidak Ada', description: 'x' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }
    const bad = await call(ctx, { method: 'GET', url: `${kind.path}/abc`, token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to delete a category in use and keeps it', async () => {
    const [used] = await ctx.db
      .select({ id: kind.usedBy.column, n: count() })
      .from(kind.usedBy.table)
      .where(isNotNull(kind.usedBy.column))
      .groupBy(kind.usedBy.column)
      .limit(1);
    expect(used?.id).toBeTypeOf('number');
    const res = await call(ctx, { method: 'DELETE', url: `${kind.path}/${used!.id}`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json.code).toBe('CONFLICT');
    expect(res.json.message).toMatch(
      new RegExp(`is used by ${used!.n} ${kind.usedBy.noun.replace(/[()]/g, '\\$&')}`),
    );
    const still = await call(ctx, { method: 'GET', url: `${kind.path}/${used!.id}`, token: admin });
    expect(still.statusCode).toBe(200);
  });
});
