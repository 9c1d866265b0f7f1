import { STORAGE_KEYS } from '../../shared/constants';

/**
 * The browser session. Admin keys are the spec's (docs/spec-notes.md §3, §9); the signed-in petani or mitra uses the
 * ordinary `token` / `refreshToken` pair. Nothing else reads or writes these keys.
 */

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

export interface SessionProfile {
  id: number;
  email: string;
  role: string;
  full_name?: string;
  [key: string]: unknown;
}

const store = () => window.localStorage;

function readJson<T>(key: string): T | null {
  const raw = store().getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function saveAdminSession({ token, refreshToken, admin }: SessionTokens & { admin: SessionProfile }) {
  store().setItem(STORAGE_KEYS.adminToken, token);
  store().setItem(STORAGE_KEYS.adminRefreshToken, refreshToken);
  store().setItem(STORAGE_KEYS.adminData, JSON.stringify(admin));
}

export function clearAdminSession() {
  store().removeItem(STORAGE_KEYS.adminToken);
  store().removeItem(STORAGE_KEYS.adminRefreshToken);
  store().removeItem(STORAGE_KEYS.adminData);
}

/** After the admin edited their own profile. */
export function saveAdminProfile(admin: SessionProfile) {
  store().setItem(STORAGE_KEYS.adminData, JSON.stringify(admin));
}

export const readAdmin = () => readJson<SessionProfile>(STORAGE_KEYS.adminData);
export const hasAdminToken = () => Boolean(store().getItem(STORAGE_KEYS.adminToken));

export function saveUserSession({ token, refreshToken }: SessionTokens) {
  store().setItem(STORAGE_KEYS.token, token);
  store().setItem(STORAGE_KEYS.refreshToken, refreshToken);
}

export function clearUserSession() {
  store().removeItem(STORAGE_KEYS.token);
  store().removeItem(STORAGE_KEYS.refreshToken);
}
export const hasUserToken = () => Boolean(store().getItem(STORAGE_KEYS.token));

/** The admin panel lives under /admin; everywhere else is the petani and mitra side. */
export const inAdminArea = () => window.location.pathname.startsWith('/admin');

/**
 * The bearer token. In the admin panel the admin token has priority over the ordinary one (docs/spec-notes.md §6);
 * elsewhere only the petani or mitra session counts, so an admin signed in in the same browser never
 * acts on the account pages.
 */
export const bearerToken = () =>
  (inAdminArea() ? store().getItem(STORAGE_KEYS.adminToken) : null) ?? store().getItem(STORAGE_KEYS.token);

/** Which refresh token applies, by the same rule, and how to store its result. */
export function refreshTokenInUse(): { kind: 'admin' | 'user'; refreshToken: string } | null {
  const admin = inAdminArea() ? store().getItem(STORAGE_KEYS.adminRefreshToken) : null;
  if (admin) return { kind: 'admin', refreshToken: admin };
  const user = store().getItem(STORAGE_KEYS.refreshToken);
  return user ? { kind: 'user', refreshToken: user } : null;
}

export function storeRefreshed(kind: 'admin' | 'user', { token, refreshToken }: SessionTokens) {
  store().setItem(kind === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.token, token);
  store().setItem(
    kind === 'admin' ? STORAGE_KEYS.adminRefreshToken : STORAGE_KEYS.refreshToken,
    refreshToken,
  );
}

export const clearAll = () => store().clear();
