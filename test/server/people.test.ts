import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contracts,
  documents,
  lahan,
  mitraProfiles,
  petaniProfiles,
  refreshTokens,
  users,
} from '../../src/server/db/schema.js';
import { DEMO_COUNTS } from '../../src/server/db/seed/demo.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  DEMO_ADMIN,
  DEMO_MITRA,
  DEMO_PETANI,
  call,
  demoTokens,
  userIdOf,
  useTestApp,
  signIn,
  type Json,
} from './support/app.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;
let adminId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  adminId = await userIdOf(ctx, 'admin');
});

const get = (url: string, token = admin) => call(ctx, { url, token });
const ids = (res: { json: Json }) => (res.json.data as Json[]).map((r) => r.id as number);

const RESOURCES = [
  { path: '/api/v1/admin', role: 'admin', total: 1 },
  { path: '/api/v1/admin/users', role: undefined, total: 1 + DEMO_COUNTS.petani + DEMO_COUNTS.mitra },
  { path: '/api/v1/admin/petani', role: 'petani', total: DEMO_COUNTS.petani },
  { path: '/api/v1/admin/mitra', role: 'mitra', total: DEMO_COUNTS.mitra },
] as const;

describe.each(RESOURCES)('$path access and paging', ({ path, role, total }) => {
  it('answers 401 without a token and 403 INVALID_ROLE for petani and mitra', async () => {
    const id = await userIdOf(ctx, role ?? 'petani');
    for (const [method, url] of [
      ['GET', path],
      ['POST', path],
      ['GET', `${path}/${id}`],
      ['PUT', `${path}/${id}`],
      ['DELETE', `${path}/${id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
      const anonymous = await call(ctx, { method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      for (const token of [petani, mitra]) {
        const res = await call(ctx, { method, url, token, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json).toEqual({ success: false, code: 'INVALID_ROLE', message: MESSAGES.invalidRole });
      }
    }
  });

  it('pages over every row with totals', async () => {
    const first = await get(`${path}?limit=10`);
    expect(first.statusCode).toBe(200);
    expect(first.json.pagination).toEqual({
      page: 1,
      limit: 10,
      total,
      totalPages: Math.ceil(total / 10),
      totalExact: true,
    });
    expect(first.json.data).toHaveLength(Math.min(10, total));
    if (role) expect(first.json.data.every((r: Json) => r.role === role)).toBe(true);
    const all = await get(`${path}?limit=100`);
    expect(all.json.data).toHaveLength(Math.min(100, total));
  });

  it('refuses bad paging and sort values with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=abc',
      'page=0',
      'sort=password',
      'order=up',
    ]) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('answers 404 for an unknown id and 400 for a non-integer id', async () => {
    const missing = await get(`${path}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const bad = await get(`${path === '/api/v1/admin' ? '/api/v1/admin/users' : path}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /admin/petani', () => {
  it('answers page 2 with 10 rows, none of them on page 1', async () => {
    const page1 = await get('/api/v1/admin/petani?page=1&limit=10');
    const page2 = await get('/api/v1/admin/petani?page=2&limit=10');
    expect(page2.statusCode).toBe(200);
    expect(page2.json.data).toHaveLength(10);
    expect(page2.json.pagination).toEqual({ page: 2, limit: 10, total: 60, totalPages: 6, totalExact: true });
    expect(ids(page2).filter((id) => ids(page1).includes(id))).toEqual([]);
  });

  it('answers Petani records with profile fields and document URLs', async () => {
    const res = await get(`/api/v1/admin/petani/${await userIdOf(ctx, 'petani')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({
      role: 'petani',
      email: DEMO_PETANI.email,
      nik: expect.stringMatching(/^\d{16}$/),
      ktp: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
      lahan_count: expect.any(Number),
      fullname_petani: res.json.data.full_name,
    });
    expect(res.json.data).not.toHaveProperty('password_hash');
  });

  it('sorts by name both ways and by creation date (newest first by default)', async () => {
    const asc = await get('/api/v1/admin/petani?sort=full_name&order=asc&limit=100');
    // Compared by first letter only: the database's collation decides ties (spaces, case).
    const initials = asc.json.data.map((r: Json) => (r.full_name as string)[0]!.toLowerCase());
    expect(initials).toEqual([...initials].sort());
    const desc = await get('/api/v1/admin/petani?sort=full_name&order=desc&limit=100');
    expect(ids(desc)[0]).toBe(ids(asc)[asc.json.data.length - 1]);
    const byDate = await get('/api/v1/admin/petani?limit=100');
    const dates = byDate.json.data.map((r: Json) => Date.parse(r.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('finds a row that is not on the first page, by name words in any case, NIK or email', async () => {
    const page1 = ids(await get('/api/v1/admin/petani?limit=10'));
    const last = await get('/api/v1/admin/petani?page=6&limit=10');
    const target = last.json.data[9] as Json;
    expect(page1).not.toContain(target.id);
    const [first, ...rest] = (target.full_name as string).split(' ');
    const byWords = await get(
      `/api/v1/admin/petani?limit=100&q=${encodeURIComponent(`${rest.join(' ').toUpperCase()} ${first!.toLowerCase()}`)}`,
    );
    expect(ids(byWords)).toContain(target.id);
    for (const row of byWords.json.data as Json[]) {
      for (const word of target.full_name.toLowerCase().split(' '))
        expect(row.full_name.toLowerCase()).toContain(word);
    }
    const byNik = await get(`/api/v1/admin/petani?q=${target.nik}`);
    expect(ids(byNik)).toEqual([target.id]);
    const byEmail = await get(`/api/v1/admin/petani?q=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(ids(byEmail)).toEqual([target.id]);
    const national = (target.phone as string).replace('+62', '0');
    const byPhone = await get(`/api/v1/admin/petani?q=${national}`);
    expect(ids(byPhone)).toEqual([target.id]);
    const none = await get('/api/v1/admin/petani?q=zzzz%25qqq');
    expect(none.json).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
  });

  it('filters by verification status', async () => {
    const [verified] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'petani'), eq(users.status_verifikasi, true)));
    const yes = await get('/api/v1/admin/petani?status_verifikasi=true&limit=100');
    expect(yes.json.pagination.total).toBe(verified!.n);
    expect(yes.json.data.every((r: Json) => r.status_verifikasi === true)).toBe(true);
    const no = await get('/api/v1/admin/petani?status_verifikasi=false&limit=100');
    expect(no.json.pagination.total).toBe(DEMO_COUNTS.petani - verified!.n);
    expect((await get('/api/v1/admin/petani?status_verifikasi=maybe')).statusCode).toBe(400);
  });
});

describe('GET /admin/users and /admin/mitra', () => {
  it('filters users by role and sorts by role', async () => {
    const res = await get('/api/v1/admin/users?role=mitra&limit=100');
    expect(res.json.pagination.total).toBe(DEMO_COUNTS.mitra);
    expect(res.json.data.every((r: Json) => r.role === 'mitra')).toBe(true);
    expect((await get('/api/v1/admin/users?role=boss')).statusCode).toBe(400);
    const byRole = await get('/api/v1/admin/users?sort=role&order=asc&limit=1');
    expect(byRole.json.data[0].role).toBe('admin');
  });

  it('answers the records of the role filtered by, whichever role was listed before', async () => {
    // One statement per shape (db/lists/prebuilt.ts): the role filter changes the records, not only a value.
    for (const role of ['admin', 'petani', 'mitra', 'admin']) {
      const res = await get(`/api/v1/admin/users?role=${role}&limit=5`);
      const records = res.json.data as Json[];
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(record.role).toBe(role);
        expect('nik' in record).toBe(role !== 'admin');
        expect('company_name' in record).toBe(role === 'mitra');
      }
    }
  });

  it('finds a mitra by company name', async () => {
    const [row] = await ctx.db
      .select()
      .from(mitraProfiles)
      .where(isNotNull(mitraProfiles.company_name))
      .limit(1);
    const res = await get(
      `/api/v1/admin/mitra?limit=100&q=${encodeURIComponent(row!.company_name!.toLowerCase())}`,
    );
    expect(ids(res)).toContain(row!.user_id);
    expect(res.json.data.every((r: Json) => r.company_name === row!.company_name)).toBe(true);
  });

  it('answers Mitra records', async () => {
    const res = await get(`/api/v1/admin/mitra/${await userIdOf(ctx, 'mitra')}`);
    expect(res.json.data).toMatchObject({
      role: 'mitra',
      email: DEMO_MITRA.email,
      company_name: expect.any(String),
      no_loa: expect.any(String),
      loa_file: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
    });
  });

  it('answers 404 when the id belongs to another role', async () => {
    const petaniId = await userIdOf(ctx, 'petani');
    const res = await get(`/api/v1/admin/mitra/${petaniId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json.message).toBe('Mitra not found');
    expect((await get(`/api/v1/admin/${petaniId}`)).statusCode).toBe(404);
  });
});

describe('POST, PUT and DELETE', () => {
  const newPetani = {
    full_name: 'Sri Wahyuni',
    email: 'Sri.Wahyuni@Example.com',
    password: 'Rahasia123',
    phone: '0812-3456-7890',
    nik: '3201980101900001',
    alamat: 'Jl. Melati No. 5',
    username: 'sri_w',
  };

  it('creates a petani with profile, normalising email and phone; visible via GET', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/petani',
      token: admin,
      payload: newPetani,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({
      role: 'petani',
      full_name: 'Sri Wahyuni',
      fullname_petani: 'Sri Wahyuni',
      email: 'sri.wahyuni@example.com',
      phone: '+6281234567890',
      nik: '3201980101900001',
      alamat: 'Jl. Melati No. 5',
      status_verifikasi: false,
      lahan_count: 0,
      ktp: null,
    });
    const id = res.json.data.id as number;
    const again = await get(`/api/v1/admin/petani/${id}`);
    expect(again.json.data).toEqual(res.json.data);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(user!.password_hash).not.toContain('Rahasia123');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'petani'), eq(auditLog.action, 'POST')));
    expect(audit!.changes).toMatchObject({ password: '[redacted]' });
  });

  it('refuses invalid fields, listing each, and changes nothing', async () => {
    const before = (await ctx.db.select({ n: count() }).from(users))[0]!.n;
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/mitra',
      token: admin,
      payload: { full_name: ' ', email: 'no-at-sign', password: 'short', nik: '123', phone: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    const fields = (res.json.errors as Json[]).map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'full_name', 'nik', 'password', 'phone']);
    const password = (res.json.errors as Json[]).find((e) => e.field === 'password');
    expect(password!.message).toBe(MESSAGES.account.passwordRules);
    const letters = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin',
      token: admin,
      payload: { full_name: 'A', email: 'a@b.co', password: 'onlyletters' },
    });
    expect(letters.statusCode).toBe(400);
    for (const payload of ['not json', [1, 2], null]) {
      const odd = await call(ctx, {
        method: 'POST',
        url: '/api/v1/admin/users',
        token: admin,
        payload: payload === null ? 'null' : payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(odd.statusCode).toBe(400);
    }
    expect((await ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('answers 409 for an email, NIK or username already registered', async () => {
    for (const [field, value] of [
      ['email', DEMO_PETANI.email.toUpperCase()],
      ['nik', newPetani.nik],
      ['username', 'SRI_W'],
    ] as const) {
      const res = await call(ctx, {
        method: 'POST',
        url: '/api/v1/admin/mitra',
        token: admin,
        payload: { full_name: 'Dup', email: 'dup@example.com', password: 'Rahasia123', [field]: value },
      });
      expect(res.statusCode, field).toBe(409);
      expect(res.json.code).toBe('CONFLICT');
    }
  });

  it('creates users of any role through /admin/users, and requires a valid role', async () => {
    const missing = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/users',
      token: admin,
      payload: { full_name: 'X', email: 'x@example.com', password: 'Rahasia123' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'role', message: MESSAGES.people.roleInvalid }]);
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/users',
      token: admin,
      payload: {
        role: 'mitra',
        full_name: 'Budi Santoso',
        email: 'budi.s@example.com',
        password: 'Rahasia123',
        company_name: 'CV Tani Maju',
        no_loa: 'LOA/999',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({ role: 'mitra', company_name: 'CV Tani Maju', no_loa: 'LOA/999' });
    const [profile] = await ctx.db
      .select()
      .from(mitraProfiles)
      .where(eq(mitraProfiles.user_id, res.json.data.id));
    expect(profile).toMatchObject({ fullname_mitra: 'Budi Santoso', company_name: 'CV Tani Maju' });
  });

  it('creates an admin who can then be read and listed', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin',
      token: admin,
      payload: { full_name: 'Admin Dua', email: 'admin2@example.com', password: 'Rahasia123' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({ role: 'admin', email: 'admin2@example.com' });
    expect(res.json.data).not.toHaveProperty('nik');
    const list = await get('/api/v1/admin?q=admin2');
    expect(ids(list)).toEqual([res.json.data.id]);
    const update = (payload: Record<string, unknown>) =>
      call(ctx, { method: 'PUT', url: `/api/v1/admin/${res.json.data.id}`, token: admin, payload });
    // Another role, or a field no admin account has, is refused rather than silently dropped.
    const otherRole = await update({
      full_name: 'Admin Kedua',
      email: 'admin2@example.com',
      role: 'petani',
      nik: '3201980101900002',
    });
    expect(otherRole.statusCode).toBe(400);
    expect(otherRole.json.errors).toEqual([
      { field: 'nik', message: MESSAGES.account.notForRole },
      { field: 'role', message: MESSAGES.people.roleFixed('admin') },
    ]);
    const renamed = await update({ full_name: 'Admin Kedua', email: 'admin2@example.com', role: 'admin' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data).toMatchObject({ role: 'admin', full_name: 'Admin Kedua' });
    expect(renamed.json.data).not.toHaveProperty('nik');
    expect((await get(`/api/v1/admin/${res.json.data.id}`)).json.data.full_name).toBe('Admin Kedua');
  });

  it('updates given fields, keeps absent ones, clears null ones; 404 unknown, 409 duplicate email', async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'sri.wahyuni@example.com'));
    const url = `/api/v1/admin/petani/${row!.id}`;
    const res = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { full_name: 'Sri Wahyuningsih', email: 'sri@example.com', alamat: null, password: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({
      full_name: 'Sri Wahyuningsih',
      fullname_petani: 'Sri Wahyuningsih',
      email: 'sri@example.com',
      alamat: null,
      nik: '3201980101900001',
      phone: '+6281234567890',
    });
    expect((await get(url)).json.data.full_name).toBe('Sri Wahyuningsih');
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, row!.id));
    expect(unchanged!.password_hash).toBe(row!.password_hash);

    const dup = await call(ctx, {
      method: 'PUT',
      url,
      token: admin,
      payload: { full_name: 'Sri', email: DEMO_MITRA.email },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await call(ctx, {
      method: 'PUT',
      url: '/api/v1/admin/petani/999999',
      token: admin,
      payload: { full_name: 'Sri', email: 'x@example.com' },
    });
    expect(missing.statusCode).toBe(404);
    const noName = await call(ctx, { method: 'PUT', url, token: admin, payload: { email: 'a@b.co' } });
    expect(noName.statusCode).toBe(400);
    expect((await get(url)).json.data.email).toBe('sri@example.com');
  });

  it('changes the password and signs the account out', async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'sri@example.com'));
    const signin = await signIn(ctx, 'sri@example.com', 'Rahasia123');
    expect(signin.statusCode).toBe(200);
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/petani/${row!.id}`,
      token: admin,
      payload: { full_name: 'Sri Wahyuningsih', email: 'sri@example.com', password: 'BaruSekali9' },
    });
    expect(res.statusCode).toBe(200);
    const sessions = await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.user_id, row!.id), isNotNull(refreshTokens.revoked_at)));
    expect(sessions.length).toBeGreaterThan(0);
    const fresh = await signIn(ctx, 'sri@example.com', 'BaruSekali9');
    expect(fresh.statusCode).toBe(200);
  });

  it('moves a user without lahan or contracts to another role, and refuses one who has them', async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'sri@example.com'));
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/users/${row!.id}`,
      token: admin,
      payload: {
        role: 'mitra',
        full_name: 'Sri Wahyuningsih',
        email: 'sri@example.com',
        company_name: 'UD Sri',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ role: 'mitra', nik: '3201980101900001', company_name: 'UD Sri' });
    expect(await ctx.db.select().from(petaniProfiles).where(eq(petaniProfiles.user_id, row!.id))).toEqual([]);

    const demoPetani = await userIdOf(ctx, 'petani');
    const blocked = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/users/${demoPetani}`,
      token: admin,
      payload: { role: 'mitra', full_name: 'X', email: DEMO_PETANI.email },
    });
    expect(blocked.statusCode).toBe(409);
    expect((await get(`/api/v1/admin/users/${demoPetani}`)).json.data.role).toBe('petani');
  });

  it('does not let an admin demote or delete themselves', async () => {
    const demote = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/users/${adminId}`,
      token: admin,
      payload: { role: 'petani', full_name: 'Admin', email: DEMO_ADMIN.email },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json.message).toBe(MESSAGES.people.cannotChangeOwnRole);
    for (const url of [`/api/v1/admin/${adminId}`, `/api/v1/admin/users/${adminId}`]) {
      const res = await call(ctx, { method: 'DELETE', url, token: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json.message).toBe(MESSAGES.people.cannotDeleteSelf);
    }
    expect((await get(`/api/v1/admin/${adminId}`)).statusCode).toBe(200);
  });

  it('lets an admin delete another admin', async () => {
    const [other] = await ctx.db.select().from(users).where(eq(users.email, 'admin2@example.com'));
    const res = await call(ctx, { method: 'DELETE', url: `/api/v1/admin/${other!.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ id: other!.id, email: 'admin2@example.com' });
    expect((await get(`/api/v1/admin/${other!.id}`)).statusCode).toBe(404);
    const audit = await ctx.db
      .select({ resource: auditLog.resource, actor: auditLog.actor_email })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DELETE'), eq(auditLog.resource_id, String(other!.id))));
    expect(audit).toEqual([{ resource: 'admin', actor: DEMO_ADMIN.email }]);
  });

  it('deletes a petani with documents, profile and lahan; contracts stay with petani_id null', async () => {
    const [withContract] = await ctx.db
      .select({ petaniId: contracts.petani_id, contractId: contracts.id })
      .from(contracts)
      .where(isNotNull(contracts.petani_id))
      .limit(1);
    const id = withContract!.petaniId!;
    const before = await get(`/api/v1/admin/petani/${id}`);
    const res = await call(ctx, { method: 'DELETE', url: `/api/v1/admin/petani/${id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual(before.json.data);
    expect((await get(`/api/v1/admin/petani/${id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(documents).where(eq(documents.user_id, id))).toEqual([]);
    expect(await ctx.db.select().from(petaniProfiles).where(eq(petaniProfiles.user_id, id))).toEqual([]);
    expect(await ctx.db.select().from(lahan).where(eq(lahan.petani_id, id))).toEqual([]);
    const [kept] = await ctx.db.select().from(contracts).where(eq(contracts.id, withContract!.contractId));
    expect(kept).toMatchObject({ id: withContract!.contractId, petani_id: null });
    const again = await call(ctx, { method: 'DELETE', url: `/api/v1/admin/petani/${id}`, token: admin });
    expect(again.statusCode).toBe(404);
  });

  it('deletes a mitra; their contracts stay with mitra_id null', async () => {
    const [withContract] = await ctx.db
      .select({ mitraId: contracts.mitra_id, contractId: contracts.id })
      .from(contracts)
      .where(isNotNull(contracts.mitra_id))
      .limit(1);
    const res = await call(ctx, {
      method: 'DELETE',
      url: `/api/v1/admin/mitra/${withContract!.mitraId}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.role).toBe('mitra');
    const [kept] = await ctx.db.select().from(contracts).where(eq(contracts.id, withContract!.contractId));
    expect(kept!.mitra_id).toBeNull();
  });

  it('does not shadow other admin routes with /admin/{id}', async () => {
    const res = await get('/api/v1/admin/not-a-number');
    expect(res.statusCode).toBe(404);
    expect((await get('/api/v1/admin/users')).json.pagination).toBeDefined();
  });
});
