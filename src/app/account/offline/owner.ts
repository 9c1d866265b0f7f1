import { bearerToken } from '../../api/session';

/**
 * Who is signed in, as the session's token names them (its subject), or '' signed out. A write queued on the
 * device belongs to them: another person signing in on the same phone neither sends it nor sees it counted.
 */
export function signedInPerson(): string {
  const payload = bearerToken()?.split('.')[1];
  if (!payload) return '';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return String((JSON.parse(json) as { sub?: unknown }).sub ?? '');
  } catch {
    return '';
  }
}
