import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../../shared/constants.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed
 * in to an account keeps a token for it, `<account id>.<nonce>.<HMAC of both under the JWT secret>`. Its
 * sign-in attempts at that account count against its own allowance (limits.ts), not the one all unknown
 * clients share, so strangers' guesses cannot lock the owner out of a browser they used before. Nothing is
 * stored: the HMAC proves the token was issued for that account.
 */

export const DEVICE_COOKIE = 'tm_device';
const COOKIE_PATH = `${API_BASE_PATH}/auth`;
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is trusted for at once (an admin and a petani on one computer, say). */
const MAX_ACCOUNTS = 5;
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A device token checked for one account; `key` names its own counter. */
export interface Device {
  key: string;
}

const macOf = (secret: string, userId: number, nonce: string) =>
  createHmac('sha256', secret).update(`device|${userId}|${nonce}`).digest('base64url');

function tokensIn(request: FastifyRequest): string[] {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === DEVICE_COOKIE) {
      return part
        .slice(at + 1)
        .trim()
        .split('~')
        .filter((token) => TOKEN.test(token));
    }
  }
  return [];
}

/** The request's device, if its cookie holds a token issued for `userId`. */
export function trustedDevice(request: FastifyRequest, secret: string, userId: number): Device | undefined {
  for (const token of tokensIn(request)) {
    const [, id, nonce, mac] = TOKEN.exec(token)!;
    if (Number(id) !== userId) continue;
    const expected = Buffer.from(macOf(secret, userId, nonce!));
    if (timingSafeEqual(expected, Buffer.from(mac!))) return { key: `${userId}.${nonce}` };
  }
  return undefined;
}

/** After a sign-in: a fresh token for this account joins the cookie (the browser's tokens for other accounts stay). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, secret: string, userId: number) {
  const nonce = randomBytes(16).toString('base64url');
  const others = tokensIn(request).filter((token) => TOKEN.exec(token)![1] !== String(userId));
  const value = [`${userId}.${nonce}.${macOf(secret, userId, nonce)}`, ...others]
    .slice(0, MAX_ACCOUNTS)
    .join('~');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}
