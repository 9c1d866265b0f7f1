import { and, count, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contracts,
  documents,
  lahan,
  mitraProfiles,
  petaniProfiles,
  rateLimits,
  refreshTokens,
  users,
} from '../../src/server/db/schema.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  DEMO_ADMIN,
  DEMO_MITRA,
  DEMO_PETANI,
  call,
  demoTokens,
  useTestApp,
  signIn,
  userIdOf,
  type Json,
} from './support/app.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;

beforeAll(async () => ({ admin, petani, mitra } = await demoTokens(ctx)));

beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

const ME = '/api/v1/user/me';

/** A fresh petani or mitra, signed in through the API. */
async function signUp(role: 'petani' | 'mitra', email: string, extra: Json = {}) {
  const res = await call(ctx, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { role, full_name: 'Akun Uji', email, password: 'Rahasia123', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json.data as { token: string; refreshToken: string; user: Json };
}

describe('GET /user/me', () => {
  it('answers the caller’s own full record', async () => {
    const res = await call(ctx, { url: ME, token: petani });
    expect(res.statusCode).toBe(200);
    const [profile] = await ctx.db
      .select()
      .from(petaniProfiles)
      .where(eq(petaniProfiles.user_id, await userIdOf(ctx, 'petani')));
    expect(res.json.data).toMatchObject({
      role: 'petani',
      email: DEMO_PETANI.email,
      nik: profile!.nik,
      fullname_petani: profile!.fullname_petani,
    });
    expect(res.json.data).not.toHaveProperty('password_hash');

    const m = await call(ctx, { url: ME, token: mitra });
    expect(m.json.data).toMatchObject({ role: 'mitra', email: DEMO_MITRA.email });
    expect(m.json.data.company_name).toEqual(expect.any(String));

    const a = await call(ctx, { url: ME, token: admin });
    expect(a.json.data).toMatchObject({ role: 'admin', email: DEMO_ADMIN.email });
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', ME],
      ['PUT', ME],
      ['DELETE', ME],
      ['GET', `${ME}/export`],
      ['PUT', `${ME}/password`],
    ] as const) {
      const res = await call(ctx, { method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('PUT /user/me', () => {
  it('edits the petani’s own account and profile, normalising the phone', async () => {
    const { token, user } = await signUp('petani', 'edit.petani@contoh.id');
    const res = await call(ctx, {
      method: 'PUT',
      url: ME,
      token,
      payload: {
        full_name: ' Siti Aminah ',
        username: 'Siti_Aminah',
        phone: '0813 1111 2222',
        alamat: 'Dusun Krajan RT 2',
        nik: '3509014101900002',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe(MESSAGES.account.profileUpdated);
    expect(res.json.data).toMatchObject({
      id: user.id,
      full_name: 'Siti Aminah',
      username: 'siti_aminah',
      phone: '+6281311112222',
      nik: '3509014101900002',
      alamat: 'Dusun Krajan RT 2',
      fullname_petani: 'Siti Aminah',
    });

    const cleared = await call(ctx, { method: 'PUT', url: ME, token, payload: { phone: null, alamat: '' } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json.data).toMatchObject({ phone: null, alamat: null, full_name: 'Siti Aminah' });
  });

  it('edits a mitra’s company fields and refuses fields of another role', async () => {
    const { token, user } = await signUp('mitra', 'edit.mitra@contoh.id');
    const res = await call(ctx, {
      method: 'PUT',
      url: ME,
      token,
      payload: { company_name: 'CV Tani Jaya', company_position: 'Pemilik' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ company_name: 'CV Tani Jaya', company_position: 'Pemilik' });

    const adminRes = await call(ctx, {
      method: 'PUT',
      url: ME,
      token: admin,
      payload: { nik: '3509014101900003', company_name: 'X' },
    });
    expect(adminRes.statusCode).toBe(400);
    expect(adminRes.json).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.account.invalidData });
    expect(adminRes.json.errors).toEqual([
      { field: 'nik', message: MESSAGES.account.notForRole },
      { field: 'company_name', message: MESSAGES.account.notForRole },
    ]);
    const [profile] = await ctx.db.select().from(mitraProfiles).where(eq(mitraProfiles.user_id, user.id));
    expect(profile!.company_name).toBe('CV Tani Jaya');
  });

  it('changes the email, which must be free in any letter case', async () => {
    const { token } = await signUp('petani', 'lama@contoh.id');
    const taken = await call(ctx, {
      method: 'PUT',
      url: ME,
      token,
      payload: { email: DEMO_MITRA.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json).toMatchObject({ code: 'CONFLICT', message: MESSAGES.account.emailTaken });

    const res = await call(ctx, { method: 'PUT', url: ME, token, payload: { email: ' Baru@Contoh.ID ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.email).toBe('baru@contoh.id');
    const signin = await signIn(ctx, 'baru@contoh.id', 'Rahasia123');
    expect(signin.statusCode).toBe(200);
  });

  it('answers 409 for a username or NIK of someone else, and keeps its own', async () => {
    const [other] = await ctx.db.select({ nik: petaniProfiles.nik }).from(petaniProfiles).limit(1);
    const [otherUser] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.email, DEMO_MITRA.email));
    const { token } = await signUp('petani', 'unik@contoh.id', { nik: '3509014101900009' });

    const nik = await call(ctx, { method: 'PUT', url: ME, token, payload: { nik: other!.nik } });
    expect(nik.statusCode).toBe(409);
    expect(nik.json.message).toBe(MESSAGES.account.nikTaken);
    const username = await call(ctx, {
      method: 'PUT',
      url: ME,
      token,
      payload: { username: otherUser!.username },
    });
    expect(username.statusCode).toBe(409);
    expect(username.json.message).toBe(MESSAGES.account.usernameTaken);

    const same = await call(ctx, { method: 'PUT', url: ME, token, payload: { nik: '3509014101900009' } });
    expect(same.statusCode).toBe(200);
  });

  it('lists invalid fields and changes nothing', async () => {
    const before = (await call(ctx, { url: ME, token: petani })).json.data;
    const res = await call(ctx, {
      method: 'PUT',
      url: ME,
      token: petani,
      payload: { full_name: 'Nama Baru', email: null, phone: '+1 555 0100', nik: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.errors).toEqual([
      { field: 'email', message: MESSAGES.account.emailRequired },
      {
        field: 'phone',
        message: MESSAGES.account.phoneFormat,
      },
      { field: 'nik', message: MESSAGES.account.nikFormat },
    ]);
    const after = (await call(ctx, { url: ME, token: petani })).json.data;
    expect(after).toEqual(before);
  });
});

describe('PUT /user/me/password', () => {
  it('refuses a wrong current password or a weak new one with a clear 400', async () => {
    const { token } = await signUp('petani', 'sandi.lemah@contoh.id');
    const wrong = await call(ctx, {
      method: 'PUT',
      url: `${ME}/password`,
      token,
      payload: { currentPassword: 'Salah9999', newPassword: 'Baru12345' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toMatchObject({
      message: MESSAGES.account.currentPasswordWrong,
      errors: [{ field: 'currentPassword', message: MESSAGES.account.currentPasswordWrong }],
    });
    const weak = await call(ctx, {
      method: 'PUT',
      url: `${ME}/password`,
      token,
      payload: { currentPassword: 'Rahasia123', newPassword: 'pendek1' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json.errors).toEqual([{ field: 'newPassword', message: MESSAGES.account.passwordRules }]);
  });

  it('changes the password, ends the other sessions and answers a fresh pair', async () => {
    const first = await signUp('mitra', 'ganti.sandi@contoh.id');
    const res = await call(ctx, {
      method: 'PUT',
      url: `${ME}/password`,
      token: first.token,
      payload: { currentPassword: 'Rahasia123', newPassword: 'BaruSekali2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe(MESSAGES.account.passwordChanged);
    const { token, refreshToken } = res.json.data;

    const refresh = (t: string) =>
      call(ctx, { method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken: t } });
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
    expect((await call(ctx, { url: ME, token })).statusCode).toBe(200);

    const signin = (password: string) => signIn(ctx, 'ganti.sandi@contoh.id', password);
    expect((await signin('Rahasia123')).statusCode).toBe(401);
    expect((await signin('BaruSekali2026')).statusCode).toBe(200);
  });

  it('requires both fields', async () => {
    const res = await call(ctx, { method: 'PUT', url: `${ME}/password`, token: petani, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors.map((e: Json) => e.field)).toEqual(['currentPassword', 'newPassword']);
  });

  it('counts wrong current passwords per session: 429 after five', async () => {
    const { token } = await signUp('petani', 'tebak.sandi@contoh.id');
    const change = (currentPassword: string) =>
      call(ctx, {
        method: 'PUT',
        url: `${ME}/password`,
        token,
        payload: { currentPassword, newPassword: 'BaruSekali2026' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`Tebakan${i}x`)).statusCode).toBe(400);
    const blocked = await change('Rahasia123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /user/me/export', () => {
  it('downloads the petani’s account, lahan, contracts and document metadata', async () => {
    const id = await userIdOf(ctx, 'petani');
    const res = await call(ctx, { url: `${ME}/export`, token: petani });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="tanimitra-data-${id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = res.json.data;
    expect(data.account).toMatchObject({ id, email: DEMO_PETANI.email });

    const ownLahan = await ctx.db.select({ id: lahan.id }).from(lahan).where(eq(lahan.petani_id, id));
    expect(ownLahan.length).toBeGreaterThan(0);
    expect(data.lahan.map((l: Json) => l.id).sort()).toEqual(ownLahan.map((l) => l.id).sort());
    expect(data.lahan[0]).toMatchObject({ nama_lahan: expect.any(String), luas_lahan: expect.any(Number) });

    const ownContracts = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.petani_id, id));
    expect(ownContracts.length).toBeGreaterThan(0);
    expect(data.contracts.map((c: Json) => c.id).sort()).toEqual(ownContracts.map((c) => c.id).sort());
    expect(data.contracts[0]).toMatchObject({ petani_id: id, title: expect.any(String) });

    const ownDocuments = await ctx.db.select({ n: count() }).from(documents).where(eq(documents.user_id, id));
    expect(data.documents).toHaveLength(ownDocuments[0]!.n);
    expect(data.documents[0]).toEqual({
      id: expect.any(Number),
      kind: expect.any(String),
      file_name: expect.any(String),
      mime_type: expect.any(String),
      size_bytes: expect.any(Number),
      url: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
      created_at: expect.any(String),
    });
    expect(res.body).not.toContain('"content"');
  });

  it('gives a mitra their contracts as mitra', async () => {
    const id = await userIdOf(ctx, 'mitra');
    const res = await call(ctx, { url: `${ME}/export`, token: mitra });
    const own = await ctx.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.mitra_id, id));
    expect(res.json.data.contracts).toHaveLength(own.length);
    expect(res.json.data.lahan).toEqual([]);
  });
});

describe('DELETE /user/me', () => {
  it('asks for the password', async () => {
    const res = await call(ctx, { method: 'DELETE', url: ME, token: petani });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(MESSAGES.account.passwordRequired);
  });

  it('needs the right password', async () => {
    const res = await call(ctx, {
      method: 'DELETE',
      url: ME,
      token: petani,
      payload: { password: 'Salah123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(MESSAGES.account.passwordWrong);
    expect((await call(ctx, { url: ME, token: petani })).statusCode).toBe(200);
  });

  it('deletes the account for good and keeps its contracts without an owner', async () => {
    // A seeded petani with contracts (every demo petani has the demo password).
    const [withContract] = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(contracts)
      .innerJoin(users, eq(users.id, contracts.petani_id))
      .where(ne(users.email, DEMO_PETANI.email))
      .limit(1);
    const { id, email } = withContract!;
    const signin = () => signIn(ctx, email, DEMO_PETANI.password);
    const session = (await signin()).json.data;
    const contractIds = (
      await ctx.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.petani_id, id))
    ).map((c) => c.id);
    expect(contractIds.length).toBeGreaterThan(0);

    const res = await call(ctx, {
      method: 'DELETE',
      url: ME,
      token: session.token,
      payload: { password: DEMO_PETANI.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, message: MESSAGES.account.accountDeleted, data: null });

    expect((await call(ctx, { url: ME, token: session.token })).statusCode).toBe(401);
    const again = await signin();
    expect(again.statusCode).toBe(401);
    expect(again.json.code).toBe('INVALID_CREDENTIALS');
    const refresh = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await ctx.db.select().from(petaniProfiles).where(eq(petaniProfiles.user_id, id))).toEqual([]);
    expect(await ctx.db.select().from(documents).where(eq(documents.user_id, id))).toEqual([]);
    expect(await ctx.db.select().from(lahan).where(eq(lahan.petani_id, id))).toEqual([]);
    expect(await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.user_id, id))).toEqual([]);
    for (const contractId of contractIds) {
      const [kept] = await ctx.db.select().from(contracts).where(eq(contracts.id, contractId));
      expect(kept).toMatchObject({ id: contractId, petani_id: null });
      const shown = await call(ctx, { url: `/api/v1/contract/${contractId}`, token: admin });
      expect(shown.statusCode).toBe(200);
      expect(shown.json.data).toMatchObject({
        petani_id: null,
        fullname_petani: MESSAGES.contract.deletedAccount,
      });
    }
  });

  it('deletes the account when the app sends an Idempotency-Key, as /akun does with every write', async () => {
    const [other] = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.role, 'petani'),
          ne(users.email, DEMO_PETANI.email),
          sql`NOT EXISTS (SELECT 1 FROM contracts WHERE contracts.petani_id = ${users.id})`,
        ),
      )
      .orderBy(users.id)
      .limit(1);
    const session = (await signIn(ctx, other!.email, DEMO_PETANI.password)).json.data;
    const res = await call(ctx, {
      method: 'DELETE',
      url: ME,
      token: session.token,
      headers: { 'idempotency-key': 'hapus-akun-1' },
      payload: { password: DEMO_PETANI.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.message).toBe(MESSAGES.account.accountDeleted);
    expect(await ctx.db.select().from(users).where(eq(users.id, other!.id))).toEqual([]);
  });

  it('refuses to delete the last admin', async () => {
    const res = await call(ctx, {
      method: 'DELETE',
      url: ME,
      token: admin,
      payload: { password: DEMO_ADMIN.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json.message).toBe(MESSAGES.account.lastAdmin);
    expect((await call(ctx, { url: ME, token: admin })).statusCode).toBe(200);
  });
});
