import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, lahan } from '../../src/server/db/schema.js';
import { loadPerson } from '../../src/server/modules/auth/records.js';
import { DEMO_ADMIN, DEMO_MITRA, DEMO_PETANI, useTestApp, userIdOf } from './support/app.js';
import { USER_KEYS } from './support/records.js';

const ctx = useTestApp();

const PROFILE_KEYS = ['user_id', 'nik', 'alamat', 'address', 'ktp', 'verifikasi_ktp', 'supporting_documents'];

describe('loadPerson', () => {
  it('answers an admin as a User record', async () => {
    const id = await userIdOf(ctx, 'admin');
    const record = await loadPerson(ctx.db, id);
    expect(Object.keys(record).sort()).toEqual([...USER_KEYS].sort());
    expect(record).toMatchObject({ id, role: 'admin', email: DEMO_ADMIN.email, url_image: null });
    expect(record.name).toBe(record.full_name);
  });

  it('answers a petani with profile, document URLs and lahan count', async () => {
    const id = await userIdOf(ctx, 'petani');
    const record = await loadPerson(ctx.db, id);
    expect(Object.keys(record).sort()).toEqual(
      [...USER_KEYS, ...PROFILE_KEYS, 'fullname_petani', 'lahan_count'].sort(),
    );
    const docs = await ctx.db.select().from(documents).where(eq(documents.user_id, id));
    const ktp = docs.find((d) => d.kind === 'ktp')!;
    const owned = await ctx.db.select().from(lahan).where(eq(lahan.petani_id, id));
    expect(record).toMatchObject({
      id,
      user_id: id,
      role: 'petani',
      email: DEMO_PETANI.email,
      ktp: `/api/v1/documents/${ktp.id}`,
      lahan_count: owned.length,
    });
    expect('nik' in record && record.nik).toMatch(/^\d{16}$/);
    expect('address' in record && record.address).toBe('alamat' in record && record.alamat);
    expect(record.no_phone).toBe(record.phone);
  });

  it('answers a mitra with company fields and the LOA URL', async () => {
    const id = await userIdOf(ctx, 'mitra');
    const record = await loadPerson(ctx.db, id);
    expect(Object.keys(record).sort()).toEqual(
      [
        ...USER_KEYS,
        ...PROFILE_KEYS,
        'fullname_mitra',
        'company_name',
        'company_address',
        'company_position',
        'no_loa',
        'loa_file',
      ].sort(),
    );
    expect(record).toMatchObject({ id, role: 'mitra', email: DEMO_MITRA.email });
    expect('loa_file' in record && record.loa_file).toMatch(/^\/api\/v1\/documents\/\d+$/);
  });

  it('throws NOT_FOUND for an unknown id', async () => {
    await expect(loadPerson(ctx.db, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
  });
});
