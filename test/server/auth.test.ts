import { eq, isNotNull, like, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens.js';
import { SIGN_UP_WINDOW_SECONDS } from '../../src/server/modules/auth/limits.js';
import {
  mitraProfiles,
  petaniProfiles,
  rateLimits,
  refreshTokens,
  users,
} from '../../src/server/db/schema.js';
import {
  DEMO_ADMIN,
  DEMO_MITRA,
  DEMO_PETANI,
  call,
  setRateLimitHits,
  type Json,
  useTestApp,
} from './support/app.js';
import { USER_KEYS } from './support/records.js';
import { MESSAGES } from '../../src/shared/messages.js';

const ctx = useTestApp();

const INVALID_ROLE = {
  success: false,
  code: 'INVALID_ROLE',
  message: MESSAGES.invalidRole,
};
const INVALID_CREDENTIALS = {
  success: false,
  code: 'INVALID_CREDENTIALS',
  message: MESSAGES.invalidCredentials,
};

const post = (url: string, payload?: unknown, token?: string) =>
  call(ctx, { method: 'POST', url: `/api/v1/auth${url}`, payload, token });
const me = (token: string) => call(ctx, { url: '/api/v1/user/me', token });

const ipAttempts = () =>
  ctx.db
    .select({ key: rateLimits.key, hits: rateLimits.hits })
    .from(rateLimits)
    .where(like(rateLimits.key, 'ip:%'));

// Every test starts with no sign-in or sign-up attempts counted (they all come from 127.0.0.1).
beforeEach(async () => {
  await ctx.db.delete(rateLimits);
});

describe('POST /auth/admin-signin', () => {
  it('signs an admin in, with any letter case and surrounding spaces in the email', async () => {
    const res = await post('/admin-signin', {
      email: '  Admin@TaniMitra.ID ',
      password: DEMO_ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.message).toBe(MESSAGES.adminLoginSuccess);
    const { token, refreshToken, admin } = res.json.data as Json;
    expect(token.split('.')).toHaveLength(3);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(admin).toMatchObject({ role: 'admin', email: DEMO_ADMIN.email });
    // The User record of docs/API.md, and nothing more (no password hash).
    expect(Object.keys(admin).sort()).toEqual([...USER_KEYS].sort());

    const me = await call(ctx, { url: '/api/v1/user/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json.data.email).toBe(DEMO_ADMIN.email);
  });

  it('stores only the hash of the refresh token', async () => {
    const res = await post('/admin-signin', DEMO_ADMIN);
    const { refreshToken } = res.json.data;
    const rows = await ctx.db
      .select({ token_hash: refreshTokens.token_hash })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, hashToken(refreshToken)));
    expect(rows).toHaveLength(1);
    const raw = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.token_hash, refreshToken));
    expect(raw).toHaveLength(0);
  });

  it('refuses a petani or a mitra with the right password: 403 INVALID_ROLE', async () => {
    for (const account of [DEMO_PETANI, DEMO_MITRA]) {
      const res = await post('/admin-signin', account);
      expect(res.statusCode, account.email).toBe(403);
      expect(res.json).toEqual(INVALID_ROLE);
    }
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await post('/admin-signin', { email: 'nobody@tanimitra.id', password: 'Admin123!' });
    const wrong = await post('/admin-signin', { email: DEMO_ADMIN.email, password: 'Admin123?' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json).toEqual(INVALID_CREDENTIALS);
    }
  });

  it('requires email and password', async () => {
    for (const payload of [{}, { email: DEMO_ADMIN.email }, { email: '', password: 'x' }]) {
      const res = await post('/admin-signin', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
      expect(res.json.message).toBe(MESSAGES.loginRequired);
    }
    const noAt = await post('/admin-signin', { email: 'admin.tanimitra.id', password: 'x' });
    expect(noAt.statusCode).toBe(400);
    expect(noAt.json.message).toBe(MESSAGES.invalidEmail);
  });
});

describe('POST /auth/signin', () => {
  it('signs a petani and a mitra in with their record', async () => {
    for (const account of [DEMO_PETANI, DEMO_MITRA]) {
      const res = await post('/signin', { email: account.email.toUpperCase(), password: account.password });
      expect(res.statusCode, account.email).toBe(200);
      const { token, refreshToken, user } = res.json.data as Json;
      expect(typeof token).toBe('string');
      expect(typeof refreshToken).toBe('string');
      expect(user).toMatchObject({
        email: account.email,
        role: account === DEMO_PETANI ? 'petani' : 'mitra',
      });
      // The full record of the role, with document URLs the user can open with the token.
      expect(user.nik).toMatch(/^\d{16}$/);
      expect(user.ktp).toMatch(/^\/api\/v1\/documents\/\d+$/);
      expect((await call(ctx, { url: user.ktp, token })).statusCode).toBe(200);
    }
  });

  it('refuses an admin: 403 INVALID_ROLE (admins use admin-signin)', async () => {
    const res = await post('/signin', DEMO_ADMIN);
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual(INVALID_ROLE);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password', async () => {
    const res = await post('/signin', { email: DEMO_PETANI.email, password: 'Salah1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(INVALID_CREDENTIALS);
  });
});

describe('sign-in rate limit', () => {
  const RATE_LIMITED = {
    success: false,
    code: 'RATE_LIMITED',
    message: MESSAGES.rateLimited,
  };

  it('blocks an email at this address after five failures, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post('/signin', { email: DEMO_PETANI.email, password: `Wrong${i}pass` });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await post('/signin', DEMO_PETANI);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json).toEqual(RATE_LIMITED);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await post('/signin', DEMO_PETANI)).statusCode).toBe(429);

    // Another account is not affected.
    expect((await post('/signin', DEMO_MITRA)).statusCode).toBe(200);

    // The window passes.
    await ctx.db
      .update(rateLimits)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(like(rateLimits.key, `email-ip:${DEMO_PETANI.email}|%`));
    expect((await post('/signin', DEMO_PETANI)).statusCode).toBe(200);
  });

  it('counts failures in the database, case-insensitively, and a success clears them', async () => {
    for (let i = 0; i < 4; i++)
      await post('/signin', { email: DEMO_MITRA.email.toUpperCase(), password: 'nope1234' });
    const [row] = await ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `email-ip:${DEMO_MITRA.email}|127.0.0.1`));
    expect(row?.hits).toBe(4);
    expect((await post('/signin', DEMO_MITRA)).statusCode).toBe(200);
    // Cleared: five more failures are needed before the next block.
    for (let i = 0; i < 5; i++) {
      expect((await post('/signin', { email: DEMO_MITRA.email, password: 'nope1234' })).statusCode).toBe(401);
    }
    expect((await post('/signin', DEMO_MITRA)).statusCode).toBe(429);
  });

  it('blocks one IP address after 20 failures, whatever the email', async () => {
    await setRateLimitHits(ctx, 'ip:127.0.0.1', 19);
    expect((await post('/signin', { email: 'tamu@contoh.id', password: 'nope1234' })).statusCode).toBe(401);
    const blocked = await post('/admin-signin', DEMO_ADMIN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json).toEqual(RATE_LIMITED);
  });

  it('deletes counters whose window is over when a new window opens, so the table does not grow', async () => {
    await setRateLimitHits(ctx, 'ip:192.0.2.1', 20);
    await ctx.db.update(rateLimits).set({ expires_at: sql`now() - interval '1 second'` });
    await post('/signin', { email: 'tamu@contoh.id', password: 'nope1234' });
    const keys = await ctx.db.select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key);
    expect(keys.map((row) => row.key)).toEqual([
      'email-ip:tamu@contoh.id|127.0.0.1',
      'email:tamu@contoh.id',
      'ip:127.0.0.1',
    ]);
  });

  it('counts the connecting address, whatever X-Forwarded-For says, unless TRUST_PROXY is set', async () => {
    const forwarded = (ip: string, payload: object) =>
      call(ctx, { method: 'POST', url: '/api/v1/auth/signin', headers: { 'x-forwarded-for': ip }, payload });
    await forwarded('203.0.113.1', { email: 'tamu@contoh.id', password: 'nope1234' });
    expect(await ipAttempts()).toEqual([{ key: 'ip:127.0.0.1', hits: 1 }]);
    await setRateLimitHits(ctx, 'ip:127.0.0.1', 20);
    expect((await forwarded('203.0.113.2', DEMO_PETANI)).statusCode).toBe(429);
  });
});

describe('POST /auth/signout', () => {
  it('revokes the family of the given refresh token and always answers success', async () => {
    const session = (await post('/admin-signin', DEMO_ADMIN)).json.data as Json;
    const rotated = (await post('/refresh-token', { refreshToken: session.refreshToken })).json.data as Json;
    const res = await post('/signout', { refreshToken: rotated.refreshToken }, rotated.token);
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, message: MESSAGES.session.logoutSuccess, data: null });
    expect((await post('/refresh-token', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    // The session's access tokens, old and new, end with it.
    expect((await me(rotated.token)).statusCode).toBe(401);
    expect((await me(session.token)).json).toMatchObject({
      code: 'UNAUTHORIZED',
      message: MESSAGES.session.invalidToken,
    });

    for (const payload of [undefined, {}, { refreshToken: 'unknown' }]) {
      const again = await post('/signout', payload);
      expect(again.statusCode).toBe(200);
      expect(again.json.success).toBe(true);
    }
  });

  it('with only a bearer token, signs its user out of every session', async () => {
    const a = (await post('/signin', DEMO_PETANI)).json.data as Json;
    const b = (await post('/signin', DEMO_PETANI)).json.data as Json;
    const mitra = (await post('/signin', DEMO_MITRA)).json.data as Json;
    expect((await post('/signout', {}, a.token)).statusCode).toBe(200);
    expect((await post('/refresh-token', { refreshToken: a.refreshToken })).statusCode).toBe(401);
    expect((await post('/refresh-token', { refreshToken: b.refreshToken })).statusCode).toBe(401);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(401);
    expect((await me(mitra.token)).statusCode).toBe(200);
    expect((await post('/refresh-token', { refreshToken: mitra.refreshToken })).statusCode).toBe(200);
  });

  /** Reads `reads` with `token` (none answers 401), signs the token out, then every one of `reads` answers 401. */
  async function expectEndedAtSignOut(token: string, reads: string[], after: string[] = []) {
    for (const url of reads) expect((await call(ctx, { url, token })).statusCode).not.toBe(401);
    expect((await post('/signout', {}, token)).statusCode).toBe(200);
    for (const url of [...reads, ...after]) {
      const res = await call(ctx, { url, token });
      const { code, message } = res.json as Json;
      expect({ url, status: res.statusCode, code, message }).toEqual({
        url,
        status: 401,
        code: 'UNAUTHORIZED',
        message: MESSAGES.session.invalidToken,
      });
    }
  }

  it("ends an admin's reads whose statement checks the session itself: lists, pages, searches, lahan found or not", async () => {
    const { token } = (await post('/admin-signin', DEMO_ADMIN)).json.data as Json;
    await expectEndedAtSignOut(token as string, [
      '/api/v1/admin/petani',
      '/api/v1/admin/users?page=11',
      '/api/v1/admin/mitra?page=999',
      '/api/v1/admin/users?q=zzzz-nobody',
      '/api/v1/lahan?limit=1',
      '/api/v1/lahan/1',
      '/api/v1/lahan/99999999',
    ]);
  });

  it("ends a petani's lahan reads at sign-out (their statement checks the session), and others' routes still 403", async () => {
    const { token } = (await post('/signin', DEMO_PETANI)).json.data as Json;
    // A role the route does not allow is told so while the session lives, and 401 after.
    expect((await call(ctx, { url: '/api/v1/admin/petani', token: token as string })).statusCode).toBe(403);
    await expectEndedAtSignOut(
      token as string,
      [
        '/api/v1/lahan',
        '/api/v1/lahan?page=11&limit=1',
        '/api/v1/lahan?q=zzzz-nothing',
        '/api/v1/lahan/1',
        '/api/v1/lahan/99999999',
      ],
      ['/api/v1/admin/petani'],
    );
  });
});

describe('POST /auth/signup', () => {
  const petani = {
    role: 'petani',
    full_name: '  Sri Wahyuni ',
    email: 'Sri.Wahyuni@Contoh.id',
    password: 'Padi2025',
    phone: '0812-3456-7890',
    nik: '3203014512900001',
    alamat: 'Jl. Melati No. 3, Cianjur',
  };

  it('creates an unverified petani with a profile, signed in; the account then signs in and reads /user/me', async () => {
    const res = await post('/signup', petani);
    expect(res.statusCode).toBe(201);
    expect(res.json.message).toBe(MESSAGES.account.signupSuccess);
    const { token, refreshToken, user } = res.json.data as Json;
    expect(typeof refreshToken).toBe('string');
    expect(user).toMatchObject({
      role: 'petani',
      email: 'sri.wahyuni@contoh.id',
      full_name: 'Sri Wahyuni',
      phone: '+6281234567890',
      status_verifikasi: false,
    });
    const [profile] = await ctx.db.select().from(petaniProfiles).where(eq(petaniProfiles.user_id, user.id));
    expect(profile).toMatchObject({ fullname_petani: 'Sri Wahyuni', nik: petani.nik, alamat: petani.alamat });

    const me = await call(ctx, { url: '/api/v1/user/me', token });
    expect(me.json.data).toMatchObject({ id: user.id, nik: petani.nik });

    const signin = await post('/signin', { email: 'SRI.WAHYUNI@contoh.id', password: 'Padi2025' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json.data.user.id).toBe(user.id);
  });

  it('creates a mitra with company fields', async () => {
    const res = await post('/signup', {
      role: 'mitra',
      full_name: 'Andi Pratama',
      email: 'andi@agro.example',
      password: 'Kopi1234',
      phone: '+62 21 555 1234',
      company_name: 'PT Agro Makmur',
      company_address: 'Jl. Sudirman 1, Jakarta',
      company_position: 'Direktur',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.data.user).toMatchObject({ role: 'mitra', phone: '+62215551234' });
    const [profile] = await ctx.db
      .select()
      .from(mitraProfiles)
      .where(eq(mitraProfiles.user_id, res.json.data.user.id));
    expect(profile).toMatchObject({
      company_name: 'PT Agro Makmur',
      company_position: 'Direktur',
      nik: null,
    });
  });

  it('lists every invalid field with its own message and creates nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await post('/signup', {
      role: 'admin',
      full_name: '   ',
      email: 'bukan-email',
      password: 'abcdefgh',
      phone: '12345',
      nik: '1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.message).toBe(MESSAGES.account.invalidData);
    expect(res.json.errors).toEqual([
      { field: 'role', message: "Peran harus 'petani' atau 'mitra'" },
      { field: 'full_name', message: MESSAGES.account.fullNameRequired },
      { field: 'email', message: MESSAGES.invalidEmail },
      { field: 'password', message: MESSAGES.account.passwordRules },
      {
        field: 'phone',
        message: MESSAGES.account.phoneFormat,
      },
      { field: 'nik', message: MESSAGES.account.nikFormat },
    ]);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it('names the single invalid field in the message', async () => {
    const res = await post('/signup', {
      ...petani,
      email: 'baru@contoh.id',
      nik: undefined,
      password: '12345678',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(MESSAGES.account.passwordRules);
    expect(res.json.errors).toEqual([{ field: 'password', message: MESSAGES.account.passwordRules }]);
  });

  it('answers 409 for an email (any letter case) or NIK already registered', async () => {
    const email = await post('/signup', { ...petani, email: DEMO_MITRA.email.toUpperCase(), nik: undefined });
    expect(email.statusCode).toBe(409);
    expect(email.json).toMatchObject({ code: 'CONFLICT', message: MESSAGES.account.emailTaken });

    // A demo mitra's: the mitra signed up above has no NIK, and `limit(1)` alone may find it first.
    const [seeded] = await ctx.db
      .select({ nik: mitraProfiles.nik })
      .from(mitraProfiles)
      .where(isNotNull(mitraProfiles.nik))
      .orderBy(mitraProfiles.user_id)
      .limit(1);
    const nik = await post('/signup', { ...petani, email: 'lain@contoh.id', nik: seeded!.nik });
    expect(nik.statusCode).toBe(409);
    expect(nik.json.message).toBe(MESSAGES.account.nikTaken);
    const created = await ctx.db.select().from(users).where(eq(users.email, 'lain@contoh.id'));
    expect(created).toHaveLength(0);
  });

  it('lets one address try 10 sign-ups an hour: the 11th answers 429 with Retry-After, not whether the email is taken', async () => {
    await setRateLimitHits(ctx, 'signup:127.0.0.1', 9, SIGN_UP_WINDOW_SECONDS);
    const probe = { ...petani, email: DEMO_MITRA.email, nik: undefined };
    expect((await post('/signup', probe)).statusCode).toBe(409); // the 10th
    const limited = await post('/signup', probe);
    expect(limited.statusCode).toBe(429);
    expect(limited.json).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.signupRateLimited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect((await post('/signup', { ...petani, email: 'baru.lagi@contoh.id' })).statusCode).toBe(429);
  });
});

describe('access tokens end with their session', () => {
  const signUp = async (email: string) =>
    (await post('/signup', { role: 'petani', full_name: 'Uji Sesi', email, password: 'Padi2025' })).json
      .data as Json;

  it('refuses a token without an expiry, or without a session', async () => {
    const { token } = (await post('/signin', DEMO_PETANI)).json.data as Json;
    const key = new TextEncoder().encode(ctx.app.config.jwtSecret);
    const forge = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const { exp: _exp, ...noExpiry } = decodeJwt(token);
    const { sid: _sid, ...noSession } = decodeJwt(token);
    expect((await me(await forge(decodeJwt(token)))).statusCode).toBe(200);
    expect((await me(await forge(noExpiry))).json).toMatchObject({
      code: 'UNAUTHORIZED',
      message: MESSAGES.session.invalidToken,
    });
    expect((await me(await forge(noSession))).statusCode).toBe(401);
  });

  it('refuses a token once it has expired, however often it was accepted before: 401 TOKEN_EXPIRED', async () => {
    const { token } = (await post('/signin', DEMO_PETANI)).json.data as Json;
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    const { exp } = decodeJwt(token);
    vi.useFakeTimers({ toFake: ['Date'], now: (exp! + 1) * 1000 });
    try {
      expect((await me(token)).json).toEqual({
        success: false,
        code: 'TOKEN_EXPIRED',
        message: MESSAGES.session.tokenExpired,
      });
    } finally {
      vi.useRealTimers();
    }
  });
  it('end at a password change; the fresh pair works', async () => {
    const first = await signUp('sesi.satu@contoh.id');
    const other = (await post('/signin', { email: 'sesi.satu@contoh.id', password: 'Padi2025' })).json
      .data as Json;
    const res = await call(ctx, {
      method: 'PUT',
      url: '/api/v1/user/me/password',
      token: first.token,
      payload: { currentPassword: 'Padi2025', newPassword: 'Padi2026' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(res.json.data.token)).statusCode).toBe(200);
  });

  it('end when an admin sets a password, changes the role or deletes the account', async () => {
    const admin = (await post('/admin-signin', DEMO_ADMIN)).json.data.token as string;
    const email = 'sesi.dua@contoh.id';
    const { token, user } = await signUp(email);
    const url = `/api/v1/admin/users/${user.id}`;
    const put = (payload: Json) => call(ctx, { method: 'PUT', url, token: admin, payload });
    const signIn = async (password: string) =>
      (await post('/signin', { email, password })).json.data.token as string;

    expect((await put({ full_name: 'Uji Sesi', email, password: 'Baru2025' })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);

    const beforeRoleChange = await signIn('Baru2025');
    expect((await put({ full_name: 'Uji Sesi', email, role: 'mitra' })).statusCode).toBe(200);
    expect((await me(beforeRoleChange)).statusCode).toBe(401);

    const beforeDelete = await signIn('Baru2025');
    expect((await me(beforeDelete)).statusCode).toBe(200);
    expect((await call(ctx, { method: 'DELETE', url, token: admin })).statusCode).toBe(200);
    expect((await me(beforeDelete)).statusCode).toBe(401);
  });
});
