import { Type } from 'typebox';
import { ROLES, type Role } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { boolean, clearable, field, Invalid, oneOf } from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { ACCOUNT_FIELDS, accountFieldsOf, accountText, type AccountDetails } from '../auth/account-fields.js';

const NO_LOA_MAX = 64;
const noLoaTooLong = MESSAGES.account.tooLong('No. LOA', NO_LOA_MAX);

export interface PersonInput extends AccountDetails {
  role?: Role;
  password?: string;
  no_loa?: string | null;
  status_verifikasi?: boolean;
}

/** A real boolean only (null or 0 does not withdraw a verification). */
export const STATUS_VERIFIKASI = boolean(MESSAGES.people.statusInvalid);

const ROLE = '/admin/users only: required on create; changing it moves the profile';

/** /admin/users takes any role; the other lists keep theirs (sending it again is allowed). */
const roleField = (role: Role | undefined) =>
  role === undefined
    ? oneOf(ROLES, MESSAGES.people.roleInvalid, ROLE)
    : field(Type.Enum(ROLES, { description: ROLE }), (value) => {
        if (value !== role) throw new Invalid(MESSAGES.people.roleFixed(role));
        return undefined;
      });

const { role: _role, full_name, email, password, ...OPTIONAL } = ACCOUNT_FIELDS;

/** On update an empty password means "unchanged". */
const passwordField = (creating: boolean) =>
  creating
    ? password
    : field(
        Type.String({ description: 'Only to change it (8+, a letter and a digit); empty: unchanged' }),
        (value, name) => (value === null || value === '' ? undefined : password.parse(value, name)),
      );

/**
 * The body of create (`creating`) and update for one kind of account: the account rules of sign-up
 * (email, password, NIK, phone…) plus what only admins set. A field of another role is refused.
 */
export const personBody = (role: Role | undefined, creating: boolean) =>
  form(
    {
      full_name,
      email,
      password: passwordField(creating),
      ...OPTIONAL,
      role: roleField(role),
      status_verifikasi: STATUS_VERIFIKASI,
      // Anything but a text gets the length message too.
      no_loa: clearable(accountText('No. LOA', NO_LOA_MAX, noLoaTooLong)),
    },
    {
      required: [
        'full_name',
        'email',
        ...(creating ? (['password'] as const) : []),
        ...(creating && role === undefined ? (['role'] as const) : []),
      ],
      allowed: () => [
        ...accountFieldsOf(role),
        'role',
        'status_verifikasi',
        ...(role === 'admin' || role === 'petani' ? [] : ['no_loa']),
      ],
      notAllowed: MESSAGES.account.notForRole,
      summary: MESSAGES.account.invalidData,
      aliases: true,
    },
  );
