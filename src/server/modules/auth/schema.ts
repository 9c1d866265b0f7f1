import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { string } from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import {
  ACCOUNT_FIELDS,
  accountFieldsOf,
  EMAIL_MAX,
  presentedPassword,
  type AccountField,
} from './account-fields.js';

export const SigninBody = form(
  {
    email: string({
      min: 1,
      max: EMAIL_MAX,
      message: MESSAGES.loginRequired,
      description: 'Any letter case; trimmed',
    }),
    password: presentedPassword(MESSAGES.loginRequired),
  },
  { required: ['email', 'password'], summary: MESSAGES.loginRequired },
);

/** A petani sending a company field is told so (400) rather than having it dropped. */
const signupFields = (request: FastifyRequest): readonly AccountField[] => [
  'role',
  ...accountFieldsOf((request.body as { role?: unknown } | null)?.role === 'petani' ? 'petani' : 'mitra'),
];

export const SignupBody = form(ACCOUNT_FIELDS, {
  required: ['role', 'full_name', 'email', 'password'],
  allowed: signupFields,
  notAllowed: MESSAGES.account.notForRole,
  summary: MESSAGES.account.invalidData,
  aliases: true,
});

const REFRESH_TOKEN_MAX = 200;

export const RefreshBody = form(
  {
    refreshToken: string({ min: 1, max: REFRESH_TOKEN_MAX, message: MESSAGES.session.refreshTokenRequired }),
  },
  { required: ['refreshToken'] },
);

/** No body at all is a sign-out too. */
export const SignoutBody = form({
  refreshToken: string({
    max: REFRESH_TOKEN_MAX,
    message: MESSAGES.session.refreshTokenInvalid(REFRESH_TOKEN_MAX),
  }),
});

export const TokenPair = Type.Object({ token: Type.String(), refreshToken: Type.String() });
