import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A number typed without a country code is Indonesian. */
export const PHONE_REGION = 'ID';

/** The longest phone number a form takes as typed, separators included. */
export const PHONE_TYPED_MAX = 32;

/** Digits, a leading `+`, and the separators people type between groups. */
const TYPED = /^\+?[\d\s.\-()/]+$/;
const SEPARATOR = /[\s.\-()/]/;

const valid = (text: string) => {
  const parsed = parsePhoneNumberFromString(text, PHONE_REGION);
  return parsed?.isValid() ? parsed.number : null;
};

/**
 * The E.164 form (`+62…`) of a phone number typed in any usual way — `0812…`, `62812…`, `+62 812-…`, with
 * spaces, dots, dashes or brackets — or null when it is not a valid number. Only digits and separators are read:
 * libphonenumber alone would pick a number out of any text ("abc0812…"). The full metadata decides validity,
 * since the small one lets through lengths no Indonesian range has (e.g. `0062…`). A number starting with 62 is
 * read with 62 as the country code first: libphonenumber would take `62 21 5551234` for an area code 0622.
 */
export function toE164(typed: string): string | null {
  const text = typed.normalize('NFKC').trim();
  if (text.length > PHONE_TYPED_MAX || !TYPED.test(text)) return null;
  return (text.startsWith('62') && valid(`+${text}`)) || valid(text);
}

/**
 * A search for a whole phone number typed with separators (`0812-3456-7890`, `(021) 555-1234`) looks for its
 * E.164 form, which is what is stored; anything else is searched as typed (digits alone already match the stored
 * `+62…` and `0…` forms, and a NIK or a part of a number must not be rewritten).
 */
export const phoneSearch = (q: string | undefined): string | undefined => {
  if (q === undefined || !SEPARATOR.test(q.trim())) return q;
  return toE164(q) ?? q;
};
