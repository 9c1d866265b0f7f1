import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { field, Invalid, numberIn, optionalText } from '../../http/field-rules.js';
import { MAX_INT4 } from '../../http/schemas.js';
import { form, type FormValues } from '../../http/forms.js';
import { presentedPassword } from '../auth/account-fields.js';
import { CONTRACT_FIELDS, priceProblems } from './fields.js';

const M = MESSAGES.contract;
const NOTE_MAX = 1000;
const note = (description: string) =>
  optionalText(NOTE_MAX, M.noteInvalid, MESSAGES.account.tooLong('Catatan', NOTE_MAX), description);

/**
 * The terms a petani's counter-offer or a mitra's revision may change (at least one), with a note, and the
 * version the proposer read: a counter written offline against a version the other party has since revised
 * is refused (409) instead of overwriting terms nobody saw.
 */
export const TERM_STEP_FIELDS = {
  terms_version: numberIn(1, MAX_INT4, M.termsVersionInvalid, {
    integer: true,
    description:
      'Optional: the version of the terms the proposer read (the record’s terms_version); not the current one → 409',
  }),
  price: CONTRACT_FIELDS.price,
  prices: CONTRACT_FIELDS.prices,
  payment_days: CONTRACT_FIELDS.payment_days,
  quantity: CONTRACT_FIELDS.quantity,
  start_date: CONTRACT_FIELDS.start_date,
  end_date: CONTRACT_FIELDS.end_date,
  delivery_terms: CONTRACT_FIELDS.delivery_terms,
  note: note('Why these terms (shown in the timeline and the versions)'),
};
export type TermStepFields = FormValues<typeof TERM_STEP_FIELDS>;

export const TermStepBody = form(TERM_STEP_FIELDS, {
  summary: M.invalidData,
  across: priceProblems(false),
  description:
    'Any of the terms, at least one different from the current version; a new version of the terms.',
});

export const NoteBody = form({ note: note('Optional; shown in the timeline') }, { summary: M.invalidData });

export const CancelBody = form(
  {
    reason: optionalText(
      NOTE_MAX,
      M.noteInvalid,
      MESSAGES.account.tooLong('Alasan pembatalan', NOTE_MAX),
      'Required for admins; optional for the parties',
    ),
  },
  { summary: M.invalidData },
);

/** `consent` must be literally `true`: the signer agrees to ELECTRONIC_SIGNATURE_CONSENT. */
const consent = field(
  Type.Boolean({ description: 'Must be true (src/shared/contracts.ts consent text)' }),
  (value) => {
    if (value !== true) throw new Invalid(M.consentRequired);
    return true as const;
  },
);

/** The version of the terms the signer read; not the current one → 409 (signing.ts). */
const termsVersion = numberIn(1, MAX_INT4, M.termsVersionRequired, {
  integer: true,
  description: 'The version of the terms the signer read (the record’s terms_version when shown)',
});

export const SignBody = form(
  {
    password: presentedPassword(M.passwordRequired, { description: "The signer's password" }),
    consent,
    terms_version: termsVersion,
  },
  { required: ['password', 'consent', 'terms_version'], summary: M.invalidData },
);
