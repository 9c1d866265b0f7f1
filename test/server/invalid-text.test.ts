import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { DEMO_ADMIN, DEMO_PETANI, call, tokenFor, useTestApp } from './support/app.js';

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

/** Issue 26, finding 5: text-direction controls would show a name in another order than it is stored. */
describe('bidirectional control characters in free text', () => {
  const CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`;

  it('are refused in every member text field with a 400 naming the field; nothing is saved', async () => {
    const petani = await tokenFor(ctx, DEMO_PETANI.email);
    const before = await call(ctx, { method: 'GET', url: '/api/v1/user/me', token: petani });
    for (const control of CONTROLS) {
      const res = await call(ctx, {
        method: 'PUT',
        url: '/api/v1/user/me',
        token: petani,
        payload: { full_name: `Budi ${control}Santoso`, alamat: 'Jl. Mawar 1' },
      });
      expect(res.statusCode, hex(control)).toBe(400);
      expect(res.json, hex(control)).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.bodyFields.id.bidiControl('full_name'),
        errors: [{ field: 'full_name', message: MESSAGES.bodyFields.id.bidiControl('full_name') }],
      });
    }
    expect((await call(ctx, { method: 'GET', url: '/api/v1/user/me', token: petani })).json).toEqual(
      before.json,
    );

    const lahan = await call(ctx, {
      method: 'POST',
      url: '/api/v1/lahan',
      token: petani,
      payload: { nama_lahan: 'Sawah \u202eMakmur', luas_lahan: 1000 },
    });
    expect(lahan.statusCode).toBe(400);
    expect(lahan.json.errors).toContainEqual({
      field: 'nama_lahan',
      message: MESSAGES.bodyFields.id.bidiControl('nama_lahan'),
    });
  });

  it('are refused in an optional text too (a cancellation reason), and in English on admin routes', async () => {
    const admin = await tokenFor(ctx, DEMO_ADMIN.email);
    const cancel = await call(ctx, {
      method: 'POST',
      url: '/api/v1/contract/1/cancel',
      token: admin,
      payload: { reason: 'Harga \u2067berubah' },
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json.errors).toEqual([
      { field: 'reason', message: MESSAGES.bodyFields.id.bidiControl('reason') },
    ]);

    const category = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/category',
      token: admin,
      payload: { type_name: 'Padi \u202dGogo', description: 'Lahan kering' },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json.errors).toEqual([
      { field: 'type_name', message: MESSAGES.bodyFields.en.bidiControl('type_name') },
    ]);
  });

  it('lets the marks U+200E and U+200F through: they reorder nothing after them', async () => {
    const petani = await tokenFor(ctx, DEMO_PETANI.email);
    const res = await call(ctx, {
      method: 'PUT',
      url: '/api/v1/user/me',
      token: petani,
      payload: { full_name: 'Budi Santoso\u200f' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data.full_name).toBe('Budi Santoso\u200f');
  });
});
