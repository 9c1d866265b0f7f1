import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';

const M = MESSAGES.account;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignupValues = Record<string, string>;

/**
 * The sign-up checks the browser can make with the server's own messages, so a slip does not spend one of
 * the address's 10 sign-ups an hour; the NIK's area and birth date, and taken values, are the server's.
 */
export function signupProblems(values: SignupValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  const nik = values.nik?.trim() ?? '';
  if (!values.full_name?.trim()) problems.full_name = M.fullNameRequired;
  if (!email) problems.email = M.emailRequired;
  else if (!EMAIL_FORMAT.test(email)) problems.email = MESSAGES.invalidEmail;
  if (!password) problems.password = M.passwordRequired;
  else if (password.length > PASSWORD_MAX) problems.password = M.passwordTooLong;
  else if (password.length < PASSWORD_MIN || !/\p{L}/u.test(password) || !/\d/.test(password))
    problems.password = M.passwordRules;
  if (nik && !/^\d{16}$/.test(nik)) problems.nik = M.nikFormat;
  return problems;
}

/**
 * The server's own phone rule (shared/phone.ts), loaded only once a phone is given: its numbering metadata is
 * larger than the rest of the page.
 */
export async function phoneProblem(phone: string | undefined): Promise<string | undefined> {
  if (!phone?.trim()) return undefined;
  const { toE164 } = await import('../../../shared/phone');
  return toE164(phone) ? undefined : M.phoneFormat;
}
