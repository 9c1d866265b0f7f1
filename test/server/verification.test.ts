import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { DEMO_MITRA, DEMO_PETANI, call, demoTokens, userIdOf, useTestApp, type Json } from './support/app.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;

beforeAll(async () => ({ admin, petani, mitra } = await demoTokens(ctx)));

/** A seeded petani other than the demo one, with the given verification status. */
async function otherPetani(verified: boolean) {
  const demo = await userIdOf(ctx, 'petani');
  const rows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'petani'), eq(users.status_verifikasi, verified)))
    .orderBy(users.id);
  return rows.find((r) => r.id !== demo)!;
}

const verifiedInDb = async (id: number) =>
  (await ctx.db.select({ v: users.status_verifikasi }).from(users).where(eq(users.id, id)))[0]!.v;

describe('PUT /admin/verify/{id}', () => {
  it('verifies a user and answers the record', async () => {
    const { id } = await otherPetani(false);
    const res = await call(ctx, { method: 'PUT', url: `/api/v1/admin/verify/${id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: MESSAGES.people.verified,
      data: { id, role: 'petani', status_verifikasi: true },
    });
    expect(await verifiedInDb(id)).toBe(true);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'verify'), eq(auditLog.resource_id, String(id))));
    expect(audit).toMatchObject({ action: 'PUT' });
  });

  it('answers 404 for an unknown user, 400 for a bad id, 401/403 for others', async () => {
    expect(
      (await call(ctx, { method: 'PUT', url: '/api/v1/admin/verify/999999', token: admin })).statusCode,
    ).toBe(404);
    expect((await call(ctx, { method: 'PUT', url: '/api/v1/admin/verify/x', token: admin })).statusCode).toBe(
      400,
    );
    expect((await call(ctx, { method: 'PUT', url: '/api/v1/admin/verify/1' })).statusCode).toBe(401);
    const farmer = await call(ctx, { method: 'PUT', url: '/api/v1/admin/verify/1', token: petani });
    expect(farmer.statusCode).toBe(403);
    expect(farmer.json.message).toBe(MESSAGES.invalidRole);
  });
});

describe('PUT /admin/verify-role/{user_id}', () => {
  it('sets and withdraws verification with a success flag and status "success"', async () => {
    const { id } = await otherPetani(false);
    const url = `/api/v1/admin/verify-role/${id}`;
    const on = await call(ctx, { method: 'PUT', url, token: admin, payload: { status_verifikasi: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json).toEqual({
      success: true,
      status: 'success',
      message: MESSAGES.people.verificationUpdated,
      data: expect.objectContaining({ id, status_verifikasi: true, nik: expect.any(String) }),
    });
    expect(await verifiedInDb(id)).toBe(true);
    const off = await call(ctx, { method: 'PUT', url, token: admin, payload: { status_verifikasi: false } });
    expect(off.json).toMatchObject({ success: true, status: 'success', data: { status_verifikasi: false } });
    expect(await verifiedInDb(id)).toBe(false);
  });

  it('works for a mitra', async () => {
    const id = await userIdOf(ctx, 'mitra', 1);
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify-role/${id}`,
      token: admin,
      payload: { status_verifikasi: true },
    });
    expect(res.json).toMatchObject({ status: 'success', data: { role: 'mitra', status_verifikasi: true } });
  });

  it('refuses an admin account, an unknown id and a missing or non-boolean status; nothing changes', async () => {
    const adminId = await userIdOf(ctx, 'admin');
    const forAdmin = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify-role/${adminId}`,
      token: admin,
      payload: { status_verifikasi: false },
    });
    expect(forAdmin.statusCode).toBe(400);
    expect(forAdmin.json).toMatchObject({ success: false, message: MESSAGES.people.verifyRoleMembersOnly });
    const missing = await call(ctx, {
      method: 'PUT',
      url: '/api/v1/admin/verify-role/999999',
      token: admin,
      payload: { status_verifikasi: true },
    });
    expect(missing.statusCode).toBe(404);
    const { id } = await otherPetani(false);
    for (const payload of [
      {},
      { status_verifikasi: 'maybe' },
      { status_verifikasi: null },
      { status_verifikasi: 0 },
    ]) {
      const res = await call(ctx, {
        method: 'PUT',
        url: `/api/v1/admin/verify-role/${id}`,
        token: admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
    }
    expect(await verifiedInDb(id)).toBe(false);
  });

  it('is for admins only', async () => {
    const id = await userIdOf(ctx, 'petani');
    for (const token of [petani, mitra]) {
      const res = await call(ctx, {
        method: 'PUT',
        url: `/api/v1/admin/verify-role/${id}`,
        token,
        payload: { status_verifikasi: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
  });
});

describe('GET /petani/{id}', () => {
  const PRIVATE = ['nik', 'ktp', 'verifikasi_ktp', 'supporting_documents'];

  it('gives an admin and the petani themself the full record', async () => {
    const id = await userIdOf(ctx, 'petani');
    for (const token of [admin, petani]) {
      const res = await call(ctx, { url: `/api/v1/petani/${id}`, token });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toMatchObject({
        id,
        email: DEMO_PETANI.email,
        nik: expect.stringMatching(/^\d{16}$/),
        ktp: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
        lahan_count: expect.any(Number),
      });
    }
  });

  it('gives a mitra without a contract a verified petani without contact details, NIK or documents', async () => {
    const { id } = await otherPetani(true);
    const res = await call(ctx, { url: `/api/v1/petani/${id}`, token: mitra });
    expect(res.statusCode).toBe(200);
    const data = res.json.data as Json;
    expect(data).toMatchObject({
      id,
      email: null,
      phone: null,
      alamat: null,
      status_verifikasi: true,
      url_image: null,
      fullname_petani: expect.any(String),
    });
    for (const field of PRIVATE) expect(data[field]).toBeNull();
    expect(res.body).not.toMatch(/\/api\/v1\/documents\//);
  });

  it('hides an unverified petani from a mitra', async () => {
    const { id } = await otherPetani(false);
    const res = await call(ctx, { url: `/api/v1/petani/${id}`, token: mitra });
    expect(res.statusCode).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
  });

  it('refuses another petani with 403 INVALID_ROLE', async () => {
    const { id } = await otherPetani(true);
    const res = await call(ctx, { url: `/api/v1/petani/${id}`, token: petani });
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ success: false, code: 'INVALID_ROLE', message: MESSAGES.invalidRole });
  });

  it('answers 404 for an unknown id or a non-petani, 400 for a bad id, 401 without a token', async () => {
    expect((await call(ctx, { url: '/api/v1/petani/999999', token: admin })).statusCode).toBe(404);
    const mitraId = await userIdOf(ctx, 'mitra');
    expect((await call(ctx, { url: `/api/v1/petani/${mitraId}`, token: admin })).statusCode).toBe(404);
    expect((await call(ctx, { url: '/api/v1/petani/abc', token: admin })).statusCode).toBe(400);
    expect((await call(ctx, { url: '/api/v1/petani/1' })).statusCode).toBe(401);
  });
});

describe('GET /user/{id}', () => {
  it('gives an admin any user and a user themself', async () => {
    const mitraId = await userIdOf(ctx, 'mitra');
    const byAdmin = await call(ctx, { url: `/api/v1/user/${mitraId}`, token: admin });
    expect(byAdmin.json.data).toMatchObject({ id: mitraId, role: 'mitra', email: DEMO_MITRA.email });
    const self = await call(ctx, { url: `/api/v1/user/${mitraId}`, token: mitra });
    expect(self.json.data).toEqual(byAdmin.json.data);
  });

  it('refuses anyone else with 403, and answers 404 to an admin for an unknown id', async () => {
    const petaniId = await userIdOf(ctx, 'petani');
    for (const [token, role] of [
      [mitra, 'mitra'],
      [petani, 'petani'],
    ] as const) {
      const res = await call(ctx, { url: `/api/v1/user/${await userIdOf(ctx, role, 1)}`, token });
      expect(res.statusCode).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
    expect((await call(ctx, { url: '/api/v1/user/999999', token: petani })).statusCode).toBe(403);
    expect((await call(ctx, { url: '/api/v1/user/999999', token: admin })).statusCode).toBe(404);
    expect((await call(ctx, { url: `/api/v1/user/${petaniId}` })).statusCode).toBe(401);
  });

  it('does not take over /user/me', async () => {
    const res = await call(ctx, { url: '/api/v1/user/me', token: petani });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.email).toBe(DEMO_PETANI.email);
  });
});

describe('OpenAPI', () => {
  it('documents the people routes with their schemas', async () => {
    const res = await call(ctx, { url: '/api/docs/json' });
    const paths = res.json.paths as Json;
    for (const path of [
      '/api/v1/admin/',
      '/api/v1/admin/{id}',
      '/api/v1/admin/petani/{id}',
      '/api/v1/admin/verify-role/{id}',
      '/api/v1/petani/{id}',
      '/api/v1/user/{id}',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(paths['/api/v1/admin/petani/']?.get?.responses?.['200']).toBeDefined();
  });
});
