import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { PASSWORD_MAX, PASSWORD_MIN, type Role } from '../../../shared/constants.js';
import {
  clearable,
  describe,
  field,
  Invalid,
  oneOf,
  string,
  text,
  type Field,
} from '../../http/field-rules.js';
import { PHONE_TYPED_MAX, toE164 } from '../../../shared/phone.js';
import { nikField } from './nik.js';

const M = MESSAGES.account;

export const EMAIL_MAX = 254;

/** The account fields of sign-up and of the admin's people forms, as parsed (role and password apart). */
export interface AccountDetails {
  full_name: string;
  email: string;
  username?: string | null;
  phone?: string | null;
  nik?: string | null;
  alamat?: string | null;
  company_name?: string | null;
  company_address?: string | null;
  company_position?: string | null;
}

const asText = (value: unknown, message: string): string => {
  if (typeof value !== 'string') throw new Invalid(message);
  return value;
};

/** Trimmed text of 1..max characters; U+0000 is kept, so storing it is refused. */
export const accountText = (label: string, max: number, required = `${label} wajib diisi`) =>
  text({ max, required, tooLong: M.tooLong(label, max), keepNul: true });

/** Lower-cased and trimmed: emails are case-insensitive everywhere. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = field(
  Type.String({ maxLength: EMAIL_MAX, description: 'Unique in any letter case; stored lower-cased' }),
  (value) => {
    const normalised = normaliseEmail(asText(value, M.emailRequired));
    if (normalised === '') throw new Invalid(M.emailRequired);
    if (normalised.length > EMAIL_MAX || !EMAIL.test(normalised)) throw new Invalid(MESSAGES.invalidEmail);
    return normalised;
  },
);

/** A password given to confirm who one is (sign-in, password change, account deletion), as typed. */
export const presentedPassword = (
  message: string,
  { min = 1, description }: { min?: number; description?: string } = {},
) => string({ min, max: 1024, message, ...(description ? { description } : {}) });

/** A new password: at least 8 characters with a letter and a digit; not trimmed (spaces are part of it). */
export const newPassword = field(
  Type.String({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    description: 'At least 8 characters with a letter and a digit',
  }),
  (value) => {
    const raw = asText(value, M.passwordRequired);
    if (raw === '') throw new Invalid(M.passwordRequired);
    if (raw.length > PASSWORD_MAX) throw new Invalid(M.passwordTooLong);
    if (raw.length < PASSWORD_MIN || !/\p{L}/u.test(raw) || !/\d/.test(raw))
      throw new Invalid(M.passwordRules);
    return raw;
  },
);

/** A phone number in any usual form (shared/phone.ts), kept as E.164. */
const phone = field(
  Type.String({
    maxLength: PHONE_TYPED_MAX,
    description:
      '0812…, 62812…, +62 812-… (spaces, dots, dashes, brackets allowed; without a country code it is Indonesian) ' +
      'or another country’s +…; a valid number only, stored in E.164 (+62…)',
  }),
  (value) => {
    const e164 = toE164(asText(value, M.phoneFormat));
    if (!e164) throw new Invalid(M.phoneFormat);
    return e164;
  },
);

const username = field(
  Type.String({ maxLength: 32, description: '3–32 of a-z, 0-9, "." and "_"; stored lower-cased; unique' }),
  (value) => {
    const normalised = asText(value, M.usernameFormat).trim().toLowerCase();
    if (!/^[a-z0-9_.]{3,32}$/.test(normalised)) throw new Invalid(M.usernameFormat);
    return normalised;
  },
);

const COMPANY = 'mitra only';

/**
 * Every account field a client may send (sign-up, /user/me, the people routes), with its rule. The optional
 * ones are cleared by null, '' or only spaces; the others take a blank as missing.
 */
export const ACCOUNT_FIELDS = {
  role: oneOf(['petani', 'mitra'] as const, M.roleInvalid),
  full_name: accountText('Nama lengkap', 160, M.fullNameRequired),
  email,
  password: field(newPassword.schema, (value, name) => {
    if (typeof value === 'string' && value.trim() === '') throw new Invalid(M.passwordRequired);
    return newPassword.parse(value, name);
  }),
  username: clearable(username),
  phone: clearable(phone),
  nik: clearable(nikField),
  alamat: clearable(accountText('Alamat', 500)),
  company_name: clearable(describe(accountText('Nama perusahaan', 160), COMPANY)),
  company_address: clearable(describe(accountText('Alamat perusahaan', 500), COMPANY)),
  company_position: clearable(describe(accountText('Jabatan', 120), COMPANY)),
} satisfies Record<string, Field>;

export type AccountField = keyof typeof ACCOUNT_FIELDS;

const USER_FIELDS = ['full_name', 'email', 'password', 'username', 'phone'] as const;
export const PROFILE_FIELDS = ['nik', 'alamat'] as const;
export const COMPANY_FIELDS = ['company_name', 'company_address', 'company_position'] as const;

/** The account fields of a role (the profile's are a petani's and a mitra's, the company's a mitra's); `undefined` (any role) has them all. */
export const accountFieldsOf = (role: Role | undefined): readonly AccountField[] =>
  role === 'admin'
    ? USER_FIELDS
    : role === 'petani'
      ? [...USER_FIELDS, ...PROFILE_FIELDS]
      : [...USER_FIELDS, ...PROFILE_FIELDS, ...COMPANY_FIELDS];
