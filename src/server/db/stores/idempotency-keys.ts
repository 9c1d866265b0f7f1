import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../engine/client.js';
import { idempotencyKeys } from '../schema.js';

/** How long an answer is kept for repeats of its key. */
export const KEY_RETENTION_SECONDS = 24 * 60 * 60;
/**
 * How long a running request holds its key: a repeat after that (its process died before it answered) runs
 * again. Longer than any write runs (statements stop after 30 s).
 */
export const KEY_LEASE_SECONDS = 120;
/** Expired keys deleted at a time when a key is taken (see `claimKey`). */
const PURGE_BATCH = 100;

/** One person's key. */
export interface KeyRef {
  userId: number;
  key: string;
}

/** A request's answer as a repeat gets it again. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What became of a request's attempt to take its key. */
export type Claim =
  | { kind: 'owned' }
  | { kind: 'answered'; fingerprint: string; answer: StoredAnswer }
  | { kind: 'running'; fingerprint: string };

const expired = sql`idempotency_keys.expires_at <= now()`;
const after = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
const rowOf = ({ userId, key }: KeyRef) =>
  and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));

/**
 * Takes `ref` for a request (`claim` names it) in one atomic upsert, so that of concurrent requests with the
 * same key, on any number of server processes, exactly one owns it. An expired key is taken over, and so is a
 * running one whose lease is over when the request is the same (`fingerprint`); otherwise the key's row says
 * what is there. A new row is the moment to purge a batch of expired ones.
 */
export async function claimKey(db: Db | Tx, ref: KeyRef, fingerprint: string, claim: string): Promise<Claim> {
  const taken = await db
    .insert(idempotencyKeys)
    .values({
      user_id: ref.userId,
      key: ref.key,
      fingerprint,
      claim,
      locked_until: after(KEY_LEASE_SECONDS),
      expires_at: after(KEY_RETENTION_SECONDS),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        claim: sql`excluded.claim`,
        locked_until: sql`excluded.locked_until`,
        status: null,
        headers: null,
        body: null,
        created_at: sql`now()`,
        expires_at: sql`excluded.expires_at`,
      },
      setWhere: sql`${expired} OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= now()
        AND idempotency_keys.fingerprint = excluded.fingerprint)`,
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  if (taken[0]) {
    if (taken[0].inserted) await purgeExpired(db);
    return { kind: 'owned' };
  }
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      headers: idempotencyKeys.headers,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(and(rowOf(ref), sql`NOT ${expired}`));
  // Gone since the upsert (released or expired): the caller tries again.
  if (!row) return { kind: 'running', fingerprint };
  if (row.status === null) return { kind: 'running', fingerprint: row.fingerprint };
  return {
    kind: 'answered',
    fingerprint: row.fingerprint,
    answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
  };
}

/** The key while `claim` holds it and no answer is kept: an answer once kept is never replaced nor released. */
const heldBy = (ref: KeyRef, claim: string) =>
  and(rowOf(ref), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.status));

/**
 * Keeps the answer of the request that owns `ref`; false when it owns it no more (a repeat took it over once
 * its lease ran out), which keeps nothing.
 */
export async function storeAnswer(
  db: Db | Tx,
  ref: KeyRef,
  claim: string,
  answer: StoredAnswer,
): Promise<boolean> {
  const kept = await db
    .update(idempotencyKeys)
    .set({ status: answer.status, headers: answer.headers, body: answer.body })
    .where(heldBy(ref, claim))
    .returning({ key: idempotencyKeys.key });
  return kept.length > 0;
}

/** Whether `ref`'s row is there at all (a person's keys go with the person: ON DELETE CASCADE). */
export async function keyExists(db: Db | Tx, ref: KeyRef): Promise<boolean> {
  const rows = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(rowOf(ref));
  return rows.length > 0;
}

/** Gives `ref` up, so that a repeat runs again. */
export async function releaseKey(db: Db, ref: KeyRef, claim: string): Promise<void> {
  await db.delete(idempotencyKeys).where(heldBy(ref, claim));
}

/** Deletes a batch of expired keys (served by the index on expires_at), skipping rows another request holds. */
async function purgeExpired(db: Db | Tx): Promise<void> {
  const batch = db
    .select({ user_id: idempotencyKeys.user_id, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(expired)
    .limit(PURGE_BATCH)
    .for('update', { skipLocked: true });
  await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.user_id}, ${idempotencyKeys.key}) IN ${batch}`);
}
