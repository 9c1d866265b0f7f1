import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { refund } from '../../db/stores/rate-limits.js';
import { enforce } from '../../http/rate-limit.js';
import type { Device } from './device.js';

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Guesses at one account from one address. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Guesses from one address, whatever the accounts. */
export const MAX_FAILURES_PER_IP = 20;
/** Guesses at one account from all unknown clients together (clients without its device cookie). */
export const MAX_FAILURES_PER_ACCOUNT = 100;
/** Guesses from one browser holding the account's device cookie (device.ts): its own allowance. */
export const MAX_FAILURES_PER_DEVICE = 5;
/** Wrong passwords confirming a step inside one session (contract signing, password change, deletion). */
export const MAX_FAILURES_PER_SESSION = 5;

export const SIGN_UP_WINDOW_SECONDS = 60 * 60;
export const MAX_SIGN_UPS_PER_IP = 10;

export const PROBE_WINDOW_SECONDS = 60 * 60;
/** Changes of a unique field (email, username, NIK) per account, and per address: each tells if a value is taken. */
export const MAX_PROBES = 10;

/** Who is trying: the address, and the device if its cookie is the account's. */
export interface SignInClient {
  ip: string;
  device?: Device;
}

const keys = (email: string, ip: string) => ({
  ip: `ip:${ip}`,
  pair: `email-ip:${email}|${ip}`,
  account: `email:${email}`,
});
const deviceKey = (device: Device) => `device:${device.key}`;

/**
 * Counts a sign-in attempt *before* the password is checked. A known device counts against its own
 * allowance only. An unknown client meets its address's limits first, and only an attempt they let
 * through counts against the account: so one address can block itself at an account, but cannot push
 * the account to its own limit alone; and when many addresses do, the owner's known browsers still get in.
 */
export async function reserveSignIn(db: Db, email: string, client: SignInClient): Promise<void> {
  if (client.device) {
    await enforce(
      db,
      [{ key: deviceKey(client.device), max: MAX_FAILURES_PER_DEVICE }],
      SIGN_IN_WINDOW_SECONDS,
    );
    return;
  }
  const k = keys(email, client.ip);
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

/** Right password: the attempt is given back, and this client starts over at this account. */
export async function signInSucceeded(db: Db, email: string, client: SignInClient): Promise<void> {
  if (client.device) return refund(db, [], [deviceKey(client.device)]);
  const k = keys(email, client.ip);
  await refund(db, [k.ip, k.account], [k.pair]);
}

const sessionKey = (sessionId: string) => `session:${sessionId}`;

/**
 * Counts a password confirmation inside a live session against that session alone: other clients'
 * failed sign-ins never refuse it, and its failures lock nobody else out.
 */
export const reserveConfirmation = (db: Db, sessionId: string) =>
  enforce(
    db,
    [{ key: sessionKey(sessionId), max: MAX_FAILURES_PER_SESSION }],
    SIGN_IN_WINDOW_SECONDS,
    MESSAGES.account.passwordTriesLimited,
  );

export const confirmationSucceeded = (db: Db, sessionId: string) => refund(db, [], [sessionKey(sessionId)]);

/** Counts a sign-up from the address; the 11th within the hour answers 429. */
export const reserveSignUp = (db: Db, ip: string) =>
  enforce(
    db,
    [{ key: `signup:${ip}`, max: MAX_SIGN_UPS_PER_IP }],
    SIGN_UP_WINDOW_SECONDS,
    MESSAGES.signupRateLimited,
  );

/** Counts a change of a unique field by the account and from the address; the 11th within the hour answers 429. */
export const reserveUniquenessProbe = (db: Db, userId: number, ip: string) =>
  enforce(
    db,
    [
      { key: `probe-user:${userId}`, max: MAX_PROBES },
      { key: `probe-ip:${ip}`, max: MAX_PROBES },
    ],
    PROBE_WINDOW_SECONDS,
    MESSAGES.account.probeRateLimited,
  );
