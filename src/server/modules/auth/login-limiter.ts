import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A window that started at least LOGIN_WINDOW_SECONDS ago is over: the next attempt starts a new one. */
const windowOver = sql`login_attempts.window_start <= now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})`;

/**
 * Counts a sign-in attempt for the email and for the IP address *before* the password is checked, in
 * one atomic upsert, so parallel guesses (from any number of server processes) cannot slip past the
 * limit. A successful sign-in gives the attempt back (`attemptSucceeded`); a failed one keeps it.
 */
export async function reserveAttempt(db: Db, email: string, ip: string): Promise<Reservation> {
  const rows = await db
    .insert(loginAttempts)
    .values([
      { key: emailKey(email), window_start: sql`now()`, failures: 1 },
      { key: ipKey(ip), window_start: sql`now()`, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE login_attempts.failures + 1 END`,
        window_start: sql`CASE WHEN ${windowOver} THEN now() ELSE login_attempts.window_start END`,
      },
    })
    .returning({
      key: loginAttempts.key,
      failures: loginAttempts.failures,
      retryAfter: sql<number>`ceil(extract(epoch from (${loginAttempts.window_start} + make_interval(secs => ${LOGIN_WINDOW_SECONDS}) - now())))::int`,
    });
  const blocked = rows.filter((r) =>
    r.key.startsWith('email:') ? r.failures > MAX_FAILURES_PER_EMAIL : r.failures > MAX_FAILURES_PER_IP,
  );
  if (blocked.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, ...blocked.map((r) => Number(r.retryAfter))) };
}

/** Right password: the email's counter starts over and the IP's attempt is given back. */
export async function attemptSucceeded(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, emailKey(email)));
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(login_attempts.failures - 1, 0)` })
    .where(eq(loginAttempts.key, ipKey(ip)));
}
