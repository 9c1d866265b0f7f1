import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/messages.js';
import { validationError, type FieldError } from '../../http/errors.js';
import { Invalid } from '../../http/field-rules.js';

type Rule = (value: unknown) => unknown;

const M = MESSAGES.account;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

const string = (value: unknown, message: string): string => {
  if (typeof value !== 'string') throw new Invalid(message);
  return value;
};

/** Trimmed text of 1..max characters. */
const text =
  (label: string, max: number, required = `${label} wajib diisi`): Rule =>
  (value) => {
    const trimmed = string(value, required).trim();
    if (trimmed === '') throw new Invalid(required);
    if (trimmed.length > max) throw new Invalid(M.tooLong(label, max));
    return trimmed;
  };

/** Lower-cased and trimmed: emails are case-insensitive everywhere. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email: Rule = (value) => {
  const normalised = normaliseEmail(string(value, M.emailRequired));
  if (normalised === '') throw new Invalid(M.emailRequired);
  if (normalised.length > EMAIL_MAX || !EMAIL.test(normalised)) throw new Invalid(MESSAGES.invalidEmail);
  return normalised;
};

/** At least 8 characters with a letter and a digit; not trimmed (spaces are part of a password). */
const password: Rule = (value) => {
  const raw = string(value, M.passwordRequired);
  if (raw === '') throw new Invalid(M.passwordRequired);
  if (raw.length > PASSWORD_MAX) throw new Invalid(M.passwordTooLong);
  if (raw.length < PASSWORD_MIN || !/\p{L}/u.test(raw) || !/\d/.test(raw)) throw new Invalid(M.passwordRules);
  return raw;
};

/** Indonesian numbers as `+62…`: accepts `+62…`, `62…` and `0…`, ignoring spaces, dots, dashes and brackets. */
const phone: Rule = (value) => {
  const compact = string(value, M.phoneFormat).replace(/[\s.\-()]/g, '');
  const national = /^(?:\+62|62|0)([1-9]\d{8,11})$/.exec(compact)?.[1];
  if (!national) throw new Invalid(M.phoneFormat);
  return `+62${national}`;
};

const nik: Rule = (value) => {
  const trimmed = string(value, M.nikFormat).trim();
  if (!/^\d{16}$/.test(trimmed)) throw new Invalid(M.nikFormat);
  return trimmed;
};

const username: Rule = (value) => {
  const normalised = string(value, M.usernameFormat).trim().toLowerCase();
  if (!/^[a-z0-9_.]{3,32}$/.test(normalised)) throw new Invalid(M.usernameFormat);
  return normalised;
};

const role: Rule = (value) => {
  if (value !== 'petani' && value !== 'mitra') throw new Invalid(M.roleInvalid);
  return value;
};

/** Every account field a client may send, with its rule. */
export const ACCOUNT_RULES = {
  role,
  full_name: text('Nama lengkap', 160, M.fullNameRequired),
  email,
  password,
  username,
  phone,
  nik,
  alamat: text('Alamat', 500),
  company_name: text('Nama perusahaan', 160),
  company_address: text('Alamat perusahaan', 500),
  company_position: text('Jabatan', 120),
} satisfies Record<string, Rule>;

export type AccountField = keyof typeof ACCOUNT_RULES;

export interface FieldsSpec {
  fields: readonly AccountField[];
  /** Must be present (and not empty). */
  required?: readonly AccountField[];
  /** May be sent as null or '' to clear the stored value. */
  clearable?: readonly AccountField[];
}

/**
 * Checks and normalises the account fields of `body`: every problem is reported at once as
 * `errors: [{ field, message }]` with a clear message. An account field not listed (another role's, e.g. a
 * company field from a petani) is refused; other fields are left to the caller.
 */
export function parseAccountFields(body: unknown, spec: FieldsSpec): Record<string, unknown> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = Object.keys(input)
    .filter((field) => field in ACCOUNT_RULES && !spec.fields.includes(field as AccountField))
    .map((field) => ({ field, message: M.notForRole }));
  for (const field of spec.fields) {
    const raw = (input as Record<string, unknown>)[field];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (spec.required?.includes(field)) {
        errors.push({ field, message: requiredMessage(field) });
      } else if (raw !== undefined && spec.clearable?.includes(field)) {
        values[field] = null;
      } else if (raw !== undefined) {
        errors.push({ field, message: requiredMessage(field) });
      }
      continue;
    }
    try {
      values[field] = ACCOUNT_RULES[field](raw);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      errors.push({ field, message: err.message });
    }
  }
  if (errors.length > 0) {
    throw validationError(errors.length === 1 ? errors[0]!.message : M.invalidData, errors);
  }
  return values;
}

/** Every rule, given '', throws the message that fits a missing value (e.g. 'Email wajib diisi'). */
function requiredMessage(field: AccountField): string {
  try {
    ACCOUNT_RULES[field]('');
  } catch (err) {
    if (err instanceof Invalid) return err.message;
  }
  return M.invalidData;
}

/** preValidation hook: replaces the body with its checked, normalised account fields. */
export const accountFields =
  (spec: FieldsSpec | ((request: FastifyRequest) => FieldsSpec)) => async (request: FastifyRequest) => {
    request.body = parseAccountFields(request.body, typeof spec === 'function' ? spec(request) : spec);
  };

/** The message for a new password that breaks the rules, or undefined when it is acceptable. */
export function passwordProblem(value: unknown): string | undefined {
  try {
    password(value);
    return undefined;
  } catch (err) {
    if (err instanceof Invalid) return err.message;
    throw err;
  }
}
