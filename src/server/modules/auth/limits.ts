import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { refund } from '../../db/rate-limits.js';
import { enforce } from '../../http/rate-limit.js';

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Guesses at one account from one address. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Guesses from one address, whatever the accounts. */
export const MAX_FAILURES_PER_IP = 20;
/** Guesses at one account from all addresses together: high, so that no one can lock the owner out cheaply. */
export const MAX_FAILURES_PER_ACCOUNT = 100;

export const SIGN_UP_WINDOW_SECONDS = 60 * 60;
export const MAX_SIGN_UPS_PER_IP = 10;

const keys = (email: string, ip: string) => ({
  ip: `ip:${ip}`,
  pair: `email-ip:${email}|${ip}`,
  account: `email:${email}`,
});

/**
 * Counts a sign-in attempt *before* the password is checked. The address's own limits come first, and
 * only an attempt they let through counts against the account: so one address can block itself at an
 * account, but cannot push the account to its own limit and lock the owner out everywhere.
 */
export async function reserveSignIn(db: Db, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await enforce(
    db,
    [
      { key: k.ip, max: MAX_FAILURES_PER_IP },
      { key: k.pair, max: MAX_FAILURES_PER_ACCOUNT_AND_IP },
    ],
    SIGN_IN_WINDOW_SECONDS,
  );
  await enforce(db, [{ key: k.account, max: MAX_FAILURES_PER_ACCOUNT }], SIGN_IN_WINDOW_SECONDS);
}

/** Right password: the attempt is given back, and this address starts over at this account. */
export async function signInSucceeded(db: Db, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await refund(db, [k.ip, k.account], [k.pair]);
}

/** Counts a sign-up from the address; the 11th within the hour answers 429. */
export const reserveSignUp = (db: Db, ip: string) =>
  enforce(
    db,
    [{ key: `signup:${ip}`, max: MAX_SIGN_UPS_PER_IP }],
    SIGN_UP_WINDOW_SECONDS,
    MESSAGES.signupRateLimited,
  );
