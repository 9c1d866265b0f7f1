import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { ROLES, type Role } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { withAliases } from '../../http/body-fields.js';
import { AppError, validationError, type FieldError } from '../../http/errors.js';
import { parseAccountFields, type AccountField } from '../auth/account-fields.js';

const ACCOUNT: readonly AccountField[] = ['full_name', 'email', 'password', 'username', 'phone'];
const PROFILE: readonly AccountField[] = ['nik', 'alamat'];
const COMPANY: readonly AccountField[] = ['company_name', 'company_address', 'company_position'];
const CLEARABLE: readonly AccountField[] = ['username', 'phone', ...PROFILE, ...COMPANY];
const NO_LOA_MAX = 64;

/** The account fields an admin edits for a role; `undefined` (/admin/users) covers every role. */
export const fieldsOf = (role: Role | undefined): readonly AccountField[] =>
  role === 'admin'
    ? ACCOUNT
    : role === 'petani'
      ? [...ACCOUNT, ...PROFILE]
      : [...ACCOUNT, ...PROFILE, ...COMPANY];

export interface PersonInput {
  role?: Role;
  full_name: string;
  email: string;
  password?: string;
  username?: string | null;
  phone?: string | null;
  nik?: string | null;
  alamat?: string | null;
  company_name?: string | null;
  company_address?: string | null;
  company_position?: string | null;
  no_loa?: string | null;
  status_verifikasi?: boolean;
}

/** Null first: with ajv's type coercion, `[String, Null]` would turn a null into ''. */

/** For OpenAPI; the preValidation hook below has already checked and normalised every field. */
export const PersonBody = Type.Object(
  withAliases({
    role: Type.Optional(
      Type.Union([Type.Literal('admin'), Type.Literal('petani'), Type.Literal('mitra')], {
        description: '/admin/users only: required on create; changing it moves the profile',
      }),
    ),
    full_name: Type.String({ maxLength: 160 }),
    email: Type.String({ maxLength: 254, description: 'Stored lower-cased; unique' }),
    password: Type.Optional(
      Type.String({ description: 'Required on create; on update only to change it (8+, letter and digit)' }),
    ),
    username: Type.Optional(Nullable(Type.String({ description: '3–32: a-z, 0-9, . and _' }))),
    phone: Type.Optional(Nullable(Type.String({ description: '+62…, 62… or 08…; stored as +62…' }))),
    nik: Type.Optional(Nullable(Type.String({ description: '16 digits (petani, mitra)' }))),
    alamat: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    company_name: Type.Optional(Nullable(Type.String({ maxLength: 160, description: 'mitra' }))),
    company_address: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'mitra' }))),
    company_position: Type.Optional(Nullable(Type.String({ maxLength: 120, description: 'mitra' }))),
    no_loa: Type.Optional(Nullable(Type.String({ maxLength: NO_LOA_MAX, description: 'mitra' }))),
    status_verifikasi: Type.Optional(Type.Boolean()),
  }),
  { additionalProperties: false },
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function parseExtras(body: Record<string, unknown>, role: Role | undefined, creating: boolean) {
  const values: Partial<PersonInput> = {};
  const errors: FieldError[] = [];
  if (role === undefined) {
    if (body.role !== undefined || creating) {
      if (ROLES.includes(body.role as Role)) values.role = body.role as Role;
      else errors.push({ field: 'role', message: MESSAGES.people.roleInvalid });
    }
  } else if (body.role !== undefined && body.role !== role) {
    errors.push({ field: 'role', message: MESSAGES.people.roleFixed(role) });
  }
  if (body.status_verifikasi !== undefined) {
    if (typeof body.status_verifikasi === 'boolean') values.status_verifikasi = body.status_verifikasi;
    else errors.push({ field: 'status_verifikasi', message: MESSAGES.people.statusInvalid });
  }
  if (body.no_loa !== undefined && (role === 'admin' || role === 'petani')) {
    errors.push({ field: 'no_loa', message: MESSAGES.account.notForRole });
  } else if (body.no_loa !== undefined) {
    const noLoa = typeof body.no_loa === 'string' ? body.no_loa.trim() : body.no_loa;
    if (isEmpty(noLoa)) values.no_loa = null;
    else if (typeof noLoa !== 'string' || noLoa.length > NO_LOA_MAX)
      errors.push({ field: 'no_loa', message: MESSAGES.account.tooLong('No. LOA', NO_LOA_MAX) });
    else values.no_loa = noLoa;
  }
  return { values, errors };
}

/**
 * preValidation hook of create (`creating`) and update: replaces the body with its checked, normalised
 * fields, reporting every problem at once (the account rules of sign-up: email, password, NIK, phone…).
 * A field of another role is refused (unknown ones never get here: http/body-fields.ts). On update an empty
 * password means "unchanged".
 */
export const personFields =
  (role: Role | undefined, creating: boolean) =>
  async (request: FastifyRequest): Promise<void> => {
    const body = isRecord(request.body) ? { ...request.body } : {};
    if (!creating && isEmpty(body.password)) delete body.password;
    const extras = parseExtras(body, role, creating);
    let account: Record<string, unknown> = {};
    let errors = extras.errors;
    try {
      const { role: _role, ...accountBody } = body;
      account = parseAccountFields(accountBody, {
        fields: fieldsOf(role),
        required: creating ? ['full_name', 'email', 'password'] : ['full_name', 'email'],
        clearable: CLEARABLE,
      });
    } catch (err) {
      if (!(err instanceof AppError) || !err.errors) throw err;
      errors = [...err.errors, ...errors];
    }
    if (errors.length > 0) {
      throw validationError(errors.length === 1 ? errors[0]!.message : MESSAGES.account.invalidData, errors);
    }
    request.body = { ...account, ...extras.values };
  };
