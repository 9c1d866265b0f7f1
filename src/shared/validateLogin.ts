import { MESSAGES } from './messages.js';

/** docs/spec-notes.md §5: both fields required, the email needs an at-sign; null when the call may be made. */
export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return MESSAGES.loginRequired;
  if (!email.includes('@')) return MESSAGES.invalidEmail;
  return null;
}
