import { Type } from 'typebox';
import { withAliases } from '../../http/body-fields.js';
import { Nullable } from '../../http/schemas.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-fields.js';

export const SigninBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX, description: 'Any letter case; trimmed' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/** Optional; null or '' means not given. */
const optionalText = (max: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: max, ...(description ? { description } : {}) })));

/** Documents the sign-up fields; the rules and their messages are in account-fields.ts. */
export const SignupBody = Type.Object(
  withAliases({
    role: Type.Union([Type.Literal('petani'), Type.Literal('mitra')]),
    full_name: Type.String({ maxLength: 160 }),
    email: Type.String({
      maxLength: EMAIL_MAX,
      description: 'Unique in any letter case; stored lower-cased',
    }),
    password: Type.String({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      description: 'At least 8 characters with a letter and a digit',
    }),
    username: optionalText(32, '3–32 of a-z, 0-9, "." and "_"; stored lower-cased; unique'),
    phone: optionalText(20, 'Indonesian number: +62…, 62… or 08…; stored as +62…'),
    nik: optionalText(16, '16 digits'),
    alamat: optionalText(500),
    company_name: optionalText(160, 'mitra only'),
    company_address: optionalText(500, 'mitra only'),
    company_position: optionalText(120, 'mitra only'),
  }),
  { additionalProperties: false },
);

export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const SignoutBody = Type.Object(
  { refreshToken: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export const TokenPair = Type.Object({ token: Type.String(), refreshToken: Type.String() });
