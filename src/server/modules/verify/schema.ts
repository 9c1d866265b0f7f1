import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { CONTRACT_PARTIES } from '../../../shared/contracts.js';
import { Nullable, Timestamp } from '../../http/schemas.js';

export const VerifyParams = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'The verification code printed on the PDF (XXXX-XXXX-XXXX-XXXX), any case, dashes optional',
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

/** What anyone may learn from a code: no names, no NIK, no amounts. */
export const Verification = Type.Object({
  authentic: Type.Boolean({
    description:
      'The current terms version is signed, every signature signed the stored document, the stored document ' +
      'still has its hash, and the contract still carries that version’s terms',
  }),
  status: Type.Enum(CONTRACT_STATUSES),
  terms_version: Type.Integer(),
  sha256: Nullable(Type.String({ description: 'SHA-256 of the current version’s canonical document' })),
  signatures: Type.Array(
    Type.Object({
      role: Type.Enum(CONTRACT_PARTIES),
      signed_at: Timestamp,
    }),
  ),
  matches: Type.Optional(Type.Boolean({ description: 'Only with ?sha256=: whether it equals `sha256`' })),
});
