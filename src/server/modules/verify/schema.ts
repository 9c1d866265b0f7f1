import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { CONTRACT_PARTIES } from '../../../shared/contracts.js';
import { Nullable, Timestamp } from '../../http/schemas.js';

export const VERIFY_STATES = ['signed', 'incomplete', 'invalid'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];

export const VerifyParams = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 40,
    description:
      'The verification code printed on the PDF (XXXX-XXXX-XXXX-XXXX): any case, dashes and spaces optional',
  }),
});

export const VerifyQuery = Type.Object({
  sha256: Type.Optional(
    Type.String({
      pattern: '^[0-9a-fA-F]{64}$',
      description: 'A SHA-256 (64 hex digits, any case) to compare with the document’s: adds `matches`',
    }),
  ),
});

const Terms = Type.Object(
  {
    commodity: Type.String(),
    quantity: Type.Number(),
    unit: Type.String(),
    price: Type.Number({ description: 'Rupiah per unit: the first grade’s' }),
    prices: Type.Array(Type.Object({ grade: Type.String(), price: Type.Integer() }), {
      description: 'Rupiah per unit of each grade, in the order offered',
    }),
    payment_days: Type.Integer({ description: 'Days after a delivery’s confirmation by which it is paid' }),
    total_value: Type.Number({ description: 'Rupiah' }),
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date' }),
    kabupaten: Nullable(Type.String({ description: 'The lahan’s kabupaten/kota' })),
    province: Nullable(Type.String()),
  },
  { description: 'The current version’s terms as frozen when it was proposed: what the paper must show' },
);

/** What anyone may learn from a code: the signed terms and signature times; no names, NIK or contacts. */
export const Verification = Type.Object({
  code: Type.String({ description: 'The code, normalised (XXXX-XXXX-XXXX-XXXX)' }),
  state: Type.Enum(VERIFY_STATES, {
    description:
      '`signed`: both parties signed the current version and the stored evidence holds; `incomplete`: the ' +
      'current version is not yet signed by both parties; `invalid`: signatures exist but the stored ' +
      'evidence does not hold (changed behind the application)',
  }),
  authentic: Type.Boolean({ description: 'Kept for existing clients: `state` is `signed`' }),
  status: Type.Enum(CONTRACT_STATUSES),
  terms_version: Type.Integer(),
  sha256: Nullable(Type.String({ description: 'SHA-256 of the current version’s canonical document' })),
  terms: Terms,
  signatures: Type.Array(
    Type.Object({
      role: Type.Enum(CONTRACT_PARTIES),
      signed_at: Timestamp,
    }),
  ),
  matches: Type.Optional(Type.Boolean({ description: 'Only with ?sha256=: whether it equals `sha256`' })),
});

export const FileVerification = Type.Object({
  ...Verification.properties,
  file: Type.Object({
    matches: Type.Boolean({
      description:
        'The file carries one digital signature by the platform certificate over the whole file, and it ' +
        'is the PDF of this contract’s current version with its current signatures',
    }),
    reason: Nullable(Type.String({ description: 'Why not, in Indonesian; null when it matches' })),
  }),
});
