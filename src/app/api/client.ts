import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE_PATH, STORAGE_KEYS } from '../../shared/constants';
import { failures } from '../../shared/messages/failures';
import { listBody, payload, type ListResult } from './envelope';
import { IDEMPOTENCY_HEADER, isWrite, newIdempotencyKey } from './idempotencyKey';
import {
  bearerToken,
  clearAdminSession,
  clearAll,
  inAdminArea,
  refreshTokenInUse,
  storeRefreshed,
  type SessionTokens,
} from './session';

/** The one HTTP client of the browser app: bearer token, refresh-once-on-401, envelope readers. */
export const http = axios.create({ baseURL: API_BASE_PATH });

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

http.interceptors.request.use((config) => {
  const token = bearerToken();
  if (token && !config.headers.Authorization) config.headers.Authorization = `Bearer ${token}`;
  // One key per call, kept by the config: the retry after a renewed session sends the same one.
  if (isWrite(config.method) && !isAuthCall(config.url) && !config.headers[IDEMPOTENCY_HEADER])
    config.headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
  return config;
});

/** Where a failed session goes; replaceable in tests. Public pages send people to /login, the admin panel to /admin/login. */
let onSessionExpired = (target: string) => {
  if (window.location.pathname !== target) window.location.assign(target);
};
export function setSessionExpiredHandler(handler: (target: string) => void) {
  onSessionExpired = handler;
}
const loginPage = () => (inAdminArea() ? '/admin/login' : '/login');

let refreshing: Promise<string> | null = null;

/** One refresh in flight however many requests failed with 401 at once (docs/spec-notes.md §8). */
function refreshOnce(): Promise<string> {
  refreshing ??= (async () => {
    const current = refreshTokenInUse();
    if (!current) {
      clearAll();
      throw new Error('No refresh token');
    }
    try {
      const response = await axios.post(`${API_BASE_PATH}/auth/refresh-token`, {
        refreshToken: current.refreshToken,
      });
      const tokens = unwrap<SessionTokens>(response);
      storeRefreshed(current.kind, tokens);
      return tokens.token;
    } catch (err) {
      if (current.kind === 'admin') clearAdminSession();
      else window.localStorage.removeItem(STORAGE_KEYS.token);
      throw err;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const isAuthCall = (url = '') => /\/auth\/(admin-signin|signin|signup|refresh-token|signout)/.test(url);

http.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  if (error.response?.status !== 401 || !config || config._retried || isAuthCall(config.url)) throw error;
  config._retried = true;
  let token: string;
  try {
    token = await refreshOnce();
  } catch {
    onSessionExpired(loginPage());
    throw error;
  }
  config.headers.Authorization = `Bearer ${token}`;
  return http(config);
});

/** The payload of an answer: `data.data`, falling back to `data` (docs/spec-notes.md §7). */
export const unwrap = <T>(response: AxiosResponse): T => payload<T>(response.data);

/** A paged list from an axios answer (see listBody). */
export const listResult = <T>(response: AxiosResponse): ListResult<T> => listBody<T>(response.data);

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  code?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The message to show for a failed call (docs/spec-notes.md §8). */
export function errorMessage(error: unknown): string {
  if (axios.isAxiosError(error)) {
    if (!error.response) return failures.networkError;
    const body = error.response.data as ErrorBody | null | undefined;
    if (body?.code === 'INVALID_ROLE') return failures.invalidRole;
    return text(body?.message) || text(body?.error) || failures.operationFailed;
  }
  if (error instanceof Error && error.message) return error.message;
  return failures.unexpectedError;
}
