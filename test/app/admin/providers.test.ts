import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler } from '../../../src/app/api/client';
import { authProvider } from '../../../src/app/admin/providers/authProvider';
import { createDataProvider } from '../../../src/app/admin/providers/dataProvider';
import { resourcePaths } from '../../../src/app/admin/resources';
import { serve } from '../api/serve';
import { MESSAGES } from '../../../src/shared/messages';

interface Seen {
  method?: string;
  url?: string;
  params?: unknown;
  body?: unknown;
  auth?: string | null;
}

/** Answers every request with `answer(config)` and records what was asked. */
function server(answer: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: Seen[] = [];
  serve((config) => {
    seen.push({
      method: config.method,
      url: config.url,
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      auth: AxiosHeaders.from(config.headers).get('Authorization') as string | null,
    });
    return answer(config);
  });
  return seen;
}

/** The panel's data provider, over the registry's paths as AdminApp builds it. */
const dataProvider = createDataProvider(resourcePaths);

const ok = (data: unknown, extra: object = {}) => ({
  status: 200,
  data: { success: true, message: 'OK', data, ...extra },
});

beforeEach(() => {
  // The admin panel runs under /admin, where the admin session has priority.
  window.history.pushState({}, '', '/admin');
  localStorage.clear();
  setSessionExpiredHandler(() => undefined);
});

describe('data provider', () => {
  it('lists with page, limit, search, filters and sort as the API reads them, over the three answer shapes', async () => {
    const seen = server(() =>
      ok([{ id: 1 }], { pagination: { page: 2, limit: 10, total: 31, totalPages: 4 } }),
    );
    const params = {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'full_name', order: 'ASC' as const },
      filter: { q: 'Siti', status_verifikasi: false, role: '' },
    };
    expect(await dataProvider.getList('petani', params)).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(seen[0]).toMatchObject({
      method: 'get',
      url: '/admin/petani',
      params: { page: 2, limit: 10, q: 'Siti', status_verifikasi: false, sort: 'full_name', order: 'asc' },
    });
    server(() => ({ status: 200, data: { items: [{ id: 2 }], pagination: { total: 1 } } }));
    expect(await dataProvider.getList('users', params)).toEqual({ data: [{ id: 2 }], total: 1 });
    server(() => ({ status: 200, data: [{ id: 3 }, { id: 4 }] }));
    expect(await dataProvider.getList('mitra', params)).toEqual({ data: [{ id: 3 }, { id: 4 }], total: 2 });
  });

  it('reads, updates only what changed (lahan through the admin path), creates and deletes', async () => {
    const seen = server((config) => ok({ id: 5, from: config.url }));
    expect((await dataProvider.getOne('users', { id: 5 })).data).toEqual({ id: 5, from: '/admin/users/5' });
    await dataProvider.update('lahan', {
      id: 5,
      data: { id: 5, nama_lahan: 'Baru', luas_lahan: 10 },
      previousData: { id: 5, nama_lahan: 'Lama', luas_lahan: 10 },
    });
    expect(seen[1]).toMatchObject({ method: 'put', url: '/admin/lahan/5', body: { nama_lahan: 'Baru' } });
    await dataProvider.create('petani', { data: { full_name: 'Budi' } });
    expect(seen[2]).toMatchObject({ method: 'post', url: '/admin/petani', body: { full_name: 'Budi' } });
    await dataProvider.deleteMany('mitra', { ids: [7, 8] });
    expect(
      seen
        .slice(3)
        .map(({ method, url }) => `${method} ${url}`)
        .sort(),
    ).toEqual(['delete /admin/mitra/7', 'delete /admin/mitra/8']);
  });

  it("fails lists with the server's message, 'Failed to fetch {x} data', or the INVALID_ROLE text", async () => {
    server(() => ({ status: 500, data: {} }));
    const failure = await dataProvider.getList('users', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ message: 'Failed to fetch users data', status: 500 });
    server(() => ({ status: 403, data: { success: false, code: 'INVALID_ROLE', message: 'Forbidden' } }));
    await expect(dataProvider.getList('petani', {})).rejects.toMatchObject({
      message: MESSAGES.invalidRole,
      status: 403,
      body: { code: 'INVALID_ROLE' },
    });
    server(() => ({ status: 404, data: { success: false, code: 'NOT_FOUND', message: 'User not found' } }));
    await expect(dataProvider.getOne('users', { id: 99 })).rejects.toMatchObject({
      message: 'User not found',
    });
  });

  it("hands the server's field errors to the form as { field: message }", async () => {
    server(() => ({
      status: 400,
      data: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.account.invalidData,
        errors: [
          { field: 'email', message: MESSAGES.account.emailRequired },
          { field: 'nik', message: MESSAGES.account.nikFormat },
        ],
      },
    }));
    await expect(dataProvider.create('petani', { data: {} })).rejects.toMatchObject({
      message: MESSAGES.account.invalidData,
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        errors: {
          email: MESSAGES.account.emailRequired,
          nik: MESSAGES.account.nikFormat,
          root: { serverError: { message: MESSAGES.account.invalidData } },
        },
      },
    });
  });

  it('calls the custom endpoints', async () => {
    const seen = server((config) =>
      config.url === '/admin/verify-role/3'
        ? {
            status: 200,
            data: { success: true, status: 'success', data: { id: 3, status_verifikasi: true } },
          }
        : ok([{ id: 1, nama_lahan: 'Sawah' }]),
    );
    expect(await dataProvider.verifyRole(3, true)).toEqual({
      success: true,
      data: { id: 3, status_verifikasi: true },
    });
    expect(seen[0]).toMatchObject({ method: 'put', body: { status_verifikasi: true } });
    expect(await dataProvider.getPetaniLahan(9)).toEqual({
      data: [{ id: 1, nama_lahan: 'Sawah' }],
      total: 1,
    });
    expect(seen[1]).toMatchObject({ url: '/lahan/petani/9', params: { page: 1, limit: 100 } });
    await dataProvider.getDistricts(4);
    expect(seen[2]).toMatchObject({ url: '/admin/province/4/districts' });
    await dataProvider.create('sub_district', { data: { sub_district_name: 'X', district_id: 2 } });
    expect(seen[3]).toMatchObject({ method: 'post', url: '/admin/sub-district' });
  });

  it('fetches documents as blobs with the bearer token, inside the API base', async () => {
    localStorage.setItem('adminToken', 'admin-token');
    const seen = server(() => ({ status: 200, data: new Blob(['png'], { type: 'image/png' }) }));
    const blob = await dataProvider.fetchDocument('/api/v1/documents/31');
    expect(blob).toBeInstanceOf(Blob);
    expect(seen[0]).toMatchObject({ url: '/documents/31', auth: 'Bearer admin-token' });
  });
});

describe('auth provider', () => {
  const admin = { id: 1, email: 'admin@tanimitra.id', role: 'admin', full_name: 'Admin TaniMitra' };

  it('stores adminToken, adminRefreshToken and adminData after sign-in, and names the admin', async () => {
    const seen = server(() => ok({ token: 't1', refreshToken: 'r1', admin }));
    await authProvider.login({ email: 'admin@tanimitra.id', password: 'Admin123!' });
    expect(seen[0]).toMatchObject({
      url: '/auth/admin-signin',
      body: { email: 'admin@tanimitra.id', password: 'Admin123!' },
    });
    expect(localStorage.getItem('adminToken')).toBe('t1');
    expect(localStorage.getItem('adminRefreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('adminData')!)).toEqual(admin);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getIdentity!()).toEqual({ id: 1, fullName: 'Admin TaniMitra' });
  });

  it("rejects with the server's message, or 'Login gagal'", async () => {
    server(() => ({
      status: 401,
      data: { success: false, code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials },
    }));
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      message: MESSAGES.invalidCredentials,
    });
    server(() => ({ status: 200, data: { success: false } }));
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      message: MESSAGES.loginFailed,
    });
    expect(localStorage.getItem('adminToken')).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('signs out only with an admin token, clears the stored tokens and always succeeds', async () => {
    let seen = server(() => ({ status: 500, data: {} }));
    for (const [key, value] of Object.entries({
      adminToken: 't',
      adminRefreshToken: 'r',
      adminData: '{}',
      token: 'u',
      refreshToken: 'ur',
    }))
      localStorage.setItem(key, value);
    await authProvider.logout({});
    expect(seen).toMatchObject([{ method: 'post', url: '/auth/signout', body: { refreshToken: 'r' } }]);
    expect(
      ['adminToken', 'token', 'adminRefreshToken', 'refreshToken', 'adminData'].map((key) =>
        localStorage.getItem(key),
      ),
    ).toEqual([null, null, null, null, null]);
    seen = server(() => ok(null));
    await authProvider.logout({});
    expect(seen).toEqual([]);
  });

  it('sends INVALID_ROLE and a failed refresh back to the login', async () => {
    await expect(authProvider.checkError({ status: 403, body: { code: 'INVALID_ROLE' } })).rejects.toThrow(
      MESSAGES.invalidRole,
    );
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    await expect(authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
  });
});
