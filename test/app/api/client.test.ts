import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorMessage,
  http,
  listResult,
  setSessionExpiredHandler,
  unwrap,
} from '../../../src/app/api/client';
import { fieldErrorMap } from '../../../src/app/api/envelope';
import { serve } from './serve';
import { MESSAGES } from '../../../src/shared/messages';

const auth = (config: InternalAxiosRequestConfig) => AxiosHeaders.from(config.headers).get('Authorization');

describe('the shared HTTP client', () => {
  const expired = vi.fn();
  beforeEach(() => {
    window.history.pushState({}, '', '/admin/users');
    localStorage.clear();
    expired.mockReset();
    setSessionExpiredHandler(expired);
  });
  it('sends the admin token before the ordinary token', async () => {
    localStorage.setItem('token', 'user-token');
    localStorage.setItem('adminToken', 'admin-token');
    let seen: unknown;
    serve((config) => ((seen = auth(config)), { status: 200, data: { success: true, data: [] } }));
    await http.get('/admin/users');
    expect(seen).toBe('Bearer admin-token');
  });

  it('on the account pages sends and refreshes the petani or mitra session, never the admin one', async () => {
    window.history.pushState({}, '', '/akun');
    localStorage.setItem('adminToken', 'admin-token');
    localStorage.setItem('adminRefreshToken', 'admin-refresh');
    localStorage.setItem('token', 'user-old');
    localStorage.setItem('refreshToken', 'user-refresh');
    const seen: unknown[] = [];
    serve((config) => {
      if (config.url?.endsWith('/auth/refresh-token')) {
        seen.push(JSON.parse(config.data as string));
        return {
          status: 200,
          data: { success: true, data: { token: 'user-new', refreshToken: 'user-refresh-2' } },
        };
      }
      seen.push(auth(config));
      return auth(config) === 'Bearer user-new'
        ? { status: 200, data: { success: true, data: {} } }
        : {
            status: 401,
            data: { success: false, code: 'TOKEN_EXPIRED', message: MESSAGES.session.tokenExpired },
          };
    });
    await http.get('/user/me');
    expect(seen).toEqual(['Bearer user-old', { refreshToken: 'user-refresh' }, 'Bearer user-new']);
    expect(localStorage.getItem('adminToken')).toBe('admin-token');
    expect(localStorage.getItem('adminRefreshToken')).toBe('admin-refresh');
    expect(localStorage.getItem('refreshToken')).toBe('user-refresh-2');
  });

  it('refreshes once for several requests failing with 401, stores the new tokens and repeats each request', async () => {
    localStorage.setItem('adminToken', 'old');
    localStorage.setItem('adminRefreshToken', 'refresh-1');
    let refreshCalls = 0;
    serve((config) => {
      if (config.url?.endsWith('/auth/refresh-token')) {
        refreshCalls++;
        expect(JSON.parse(config.data as string)).toEqual({ refreshToken: 'refresh-1' });
        return { status: 200, data: { success: true, data: { token: 'new', refreshToken: 'refresh-2' } } };
      }
      return auth(config) === 'Bearer new'
        ? { status: 200, data: { success: true, data: { url: config.url } } }
        : {
            status: 401,
            data: { success: false, code: 'TOKEN_EXPIRED', message: MESSAGES.session.tokenExpired },
          };
    });
    const answers = await Promise.all(['/a', '/b', '/c'].map((url) => http.get(url).then(unwrap)));
    expect(answers).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(refreshCalls).toBe(1);
    expect(localStorage.getItem('adminToken')).toBe('new');
    expect(localStorage.getItem('adminRefreshToken')).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('on a failed admin refresh clears the admin keys only and goes to the admin login', async () => {
    window.history.pushState({}, '', '/admin/users');
    localStorage.setItem('adminToken', 'old');
    localStorage.setItem('adminRefreshToken', 'revoked');
    localStorage.setItem('adminData', '{"id":1}');
    localStorage.setItem('token', 'user-token');
    serve(() => ({
      status: 401,
      data: { success: false, code: 'UNAUTHORIZED', message: MESSAGES.session.invalidToken },
    }));
    await expect(http.get('/admin/users')).rejects.toThrow();
    expect(['adminToken', 'adminRefreshToken', 'adminData'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('token')).toBe('user-token');
    expect(expired).toHaveBeenCalledWith('/admin/login');
  });

  it('on a failed ordinary refresh clears the ordinary token only', async () => {
    window.history.pushState({}, '', '/admin/users');
    localStorage.setItem('token', 'user-token');
    localStorage.setItem('refreshToken', 'revoked');
    localStorage.setItem('other', 'x');
    serve(() => ({
      status: 401,
      data: { success: false, code: 'UNAUTHORIZED', message: MESSAGES.session.invalidToken },
    }));
    await expect(http.get('/lahan/my')).rejects.toThrow();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('other')).toBe('x');
    expect(expired).toHaveBeenCalledWith('/admin/login');
  });

  it('with no refresh token clears all storage', async () => {
    window.history.pushState({}, '', '/akun');
    localStorage.setItem('token', 'old');
    localStorage.setItem('other', 'x');
    serve(() => ({
      status: 401,
      data: { success: false, code: 'UNAUTHORIZED', message: MESSAGES.session.invalidToken },
    }));
    await expect(http.get('/user/me')).rejects.toThrow();
    expect(localStorage.length).toBe(0);
    expect(expired).toHaveBeenCalledWith('/login');
  });

  it('maps failures to the spec messages', async () => {
    serve(() => ({
      status: 400,
      data: { success: false, code: 'VALIDATION_ERROR', message: MESSAGES.requiredFields },
    }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.requiredFields);
    serve(() => ({ status: 403, data: { success: false, code: 'INVALID_ROLE', message: 'x' } }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.invalidRole);
    serve(() => ({ status: 500, data: {} }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.operationFailed);
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.networkError);
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(null)).toBe(MESSAGES.unexpectedError);
  });

  it("takes the server's error text when an answer has no message (the spec's 'error')", async () => {
    serve(() => ({ status: 502, data: { error: 'Bad gateway upstream' } }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe('Bad gateway upstream');
    serve(() => ({ status: 500, data: { message: { nested: true }, error: 42 } }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.operationFailed);
    serve(() => ({ status: 500, data: null }));
    expect(errorMessage(await http.get('/x').catch((e) => e))).toBe(MESSAGES.operationFailed);
  });

  it('reads an answer from data.data, falling back to the body itself', async () => {
    serve(() => ({ status: 200, data: { success: true, data: { id: 7 } } }));
    expect(unwrap(await http.get('/x'))).toEqual({ id: 7 });
    serve(() => ({ status: 200, data: { token: 't', refreshToken: 'r' } }));
    expect(unwrap(await http.get('/x'))).toEqual({ token: 't', refreshToken: 'r' });
    serve(() => ({ status: 200, data: [{ id: 1 }] }));
    expect(unwrap(await http.get('/x'))).toEqual([{ id: 1 }]);
  });

  it('reads lists directly, under data or items (one level down too), with the pagination totals', () => {
    const response = (data: unknown) => ({ data }) as never;
    expect(
      listResult(response({ data: [1, 2], pagination: { total: 12, totalPages: 2, limit: 10 } })),
    ).toEqual({ data: [1, 2], total: 12, totalPages: 2 });
    expect(listResult(response({ success: true, data: [1, 2, 3] }))).toEqual({
      data: [1, 2, 3],
      total: 3,
      totalPages: 1,
    });
    expect(listResult(response([1, 2, 3]))).toEqual({ data: [1, 2, 3], total: 3, totalPages: 1 });
    expect(listResult(response({ items: [1], pagination: { total: 1 } }))).toEqual({
      data: [1],
      total: 1,
      totalPages: 1,
    });
    expect(listResult(response({ data: { data: [4], pagination: { total: 30, limit: 10 } } }))).toEqual({
      data: [4],
      total: 30,
      totalPages: 3,
    });
    expect(listResult(response({ data: { items: [5, 6] } }))).toEqual({
      data: [5, 6],
      total: 2,
      totalPages: 1,
    });
    expect(listResult(response({ success: true, message: 'OK' }))).toEqual({
      data: [],
      total: 0,
      totalPages: 1,
    });
  });

  it("reads field errors as the API's list or as a keyed object, first message of each field", () => {
    expect(
      fieldErrorMap([
        { field: 'email', message: 'Format email tidak valid' },
        { field: 'email', message: 'kedua' },
        { field: 'nik', message: 'NIK harus 16 digit' },
        { nothing: true },
        null,
      ]),
    ).toEqual({ email: 'Format email tidak valid', nik: 'NIK harus 16 digit' });
    expect(fieldErrorMap({ type_name: MESSAGES.requiredFields, bad: 3 })).toEqual({
      type_name: MESSAGES.requiredFields,
    });
    expect(fieldErrorMap(undefined)).toEqual({});
    expect(fieldErrorMap('oops')).toEqual({});
  });
});
