import axios from 'axios';
import { HttpError, type AuthProvider } from 'react-admin';
import { MESSAGES } from '../../../shared/messages';
import { http } from '../../api/client';
import {
  clearAdminSession,
  clearUserSession,
  hasAdminToken,
  readAdmin,
  refreshTokenInUse,
  saveAdminSession,
  type SessionProfile,
  type SessionTokens,
} from '../../api/session';

interface SignInAnswer {
  success?: boolean;
  message?: string;
  data?: SessionTokens & { admin: SessionProfile };
}

/**
 * POST /auth/admin-signin. A refusal (an answer with success false, or an error status) rejects with an
 * HttpError carrying the server's message or 'Login gagal'; anything else (no answer at all) rejects with
 * the original error, which the login screen reports as an exception (docs/spec-notes.md §8).
 */
async function signIn(email: string, password: string): Promise<SessionProfile> {
  let body: SignInAnswer;
  try {
    body = (await http.post<SignInAnswer>('/auth/admin-signin', { email, password })).data;
  } catch (error) {
    if (axios.isAxiosError(error) && error.response) {
      const answer = error.response.data as SignInAnswer | undefined;
      throw new HttpError(answer?.message || MESSAGES.loginFailed, error.response.status, answer);
    }
    throw error;
  }
  const session = body?.data;
  if (body?.success === false || !session?.token) {
    throw new HttpError(body?.message || MESSAGES.loginFailed, 401, body);
  }
  saveAdminSession(session);
  return session.admin;
}

async function signOut() {
  if (hasAdminToken()) {
    await http
      .post('/auth/signout', { refreshToken: refreshTokenInUse()?.refreshToken })
      .catch(() => undefined);
  }
  clearAdminSession();
  clearUserSession();
}

const displayName = (profile: SessionProfile) =>
  String(profile.full_name || profile.name || profile.username || profile.email || 'Administrator');

export const authProvider: AuthProvider = {
  // The login screen shows its own success banner and redirects after a delay: no redirect here.
  login: async ({ email, password }: { email: string; password: string }) => {
    await signIn(email, password);
    return { redirectTo: false };
  },
  // docs/spec-notes.md §4: sign-out only with an admin token, storage cleared, always successful.
  logout: async () => {
    await signOut();
  },
  checkAuth: async () => {
    if (!hasAdminToken()) throw new Error('ra.auth.auth_check_error');
  },
  checkError: async (error: { status?: number; body?: { code?: string } }) => {
    // A 401 reaching here means the client's one refresh already failed.
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
    if (error?.status === 403 && error.body?.code === 'INVALID_ROLE') throw new Error(MESSAGES.invalidRole);
  },
  getIdentity: async () => {
    const admin = readAdmin();
    if (!admin) throw new Error('ra.auth.auth_check_error');
    return { id: admin.id, fullName: displayName(admin) };
  },
  getPermissions: async () => undefined,
};
