import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or off paper is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A delivery's lot code: 12 random Crockford base32 characters in groups of four (`K7M2-Q9XH-4D3P`), 60 bits —
 * not guessable from another lot's, and a collision among three million lots has odds of about 4 in a million
 * (the unique index refuses one).
 */
export function newLotCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += (i > 0 && i % 4 === 0 ? '-' : '') + ALPHABET[randomInt(32)];
  return code;
}

export const LOT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
