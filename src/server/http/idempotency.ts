import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import {
  claimKey,
  keyExists,
  releaseKey,
  storeAnswer,
  type KeyRef,
  type StoredAnswer,
} from '../db/stores/idempotency-keys.js';
import { retryable } from './error-handler.js';
import type { AuthUser } from './context.js';
import { AppError } from './errors.js';
import { WRITE_METHODS, type WriteStep } from './write-transaction.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer given again to a repeat, not produced by running the request. */
export const REPLAYED_HEADER = 'Idempotency-Replayed';

/** Visible ASCII characters (1 to 255 of them). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
/** The answer's headers a repeat gets again; the others (security, caching) every answer gets anyway. */
const KEPT_HEADERS = ['content-type', 'location', 'content-disposition'];
/** Answers that say "try again": kept, a retry with the key would be refused forever. */
const TRANSIENT = new Set([408, 429]);
/** How long a repeat waits for the first request with its key to answer, polling the key's row. */
const WAIT_MS = 30_000;
const POLL_MS = { first: 10, max: 200 };

interface Owned {
  ref: KeyRef;
  claim: string;
  /** The request failed in a way that is safe and sensible to retry (a deadlock, a serialisation failure). */
  retry?: boolean;
  /** The answer was kept in the write's own transaction, which committed: nothing is left to keep or release. */
  kept?: boolean;
}

const kOwned = Symbol('idempotency key owned');
type WithKey = FastifyRequest & { [kOwned]?: Owned };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries secrets (a session's tokens), which are stored only hashed: the route ignores Idempotency-Key. */
    answersSecrets?: boolean;
  }
}

/** Route config of a write whose answer carries secrets (e.g. the new token pair of a password change). */
export const ANSWERS_SECRETS = { answersSecrets: true } as const;

const keyProblem = (message: string, status?: number) =>
  new AppError('VALIDATION_ERROR', message, [{ field: IDEMPOTENCY_HEADER, message }], status);

/** The request's key (its header is there), or 400 naming the header. */
function keyOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string' || value.length > 255 || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw keyProblem(MESSAGES.idempotency.invalidKey);
  return value;
}

/**
 * HMAC-SHA-256 of the method, the URL (with its query) and the body as parsed (JSON: the same text, the same
 * body), under the server's secret: a body may hold a password, which must not be kept as a fast hash.
 */
const fingerprintOf = (request: FastifyRequest) =>
  createHmac('sha256', request.server.config.jwtSecret)
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

function replay(reply: FastifyReply, answer: StoredAnswer) {
  return reply.code(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/**
 * Takes the request's `key`, or answers for it (true): the stored answer of the same request, 422 for
 * another request under the key. While the key's first request runs, waits for its answer (polling the
 * database, so that it works across server processes and on the embedded database alike).
 */
async function takeKey(request: FastifyRequest, reply: FastifyReply, user: AuthUser): Promise<boolean> {
  const ref = { userId: user.id, key: keyOf(request) };
  const fingerprint = fingerprintOf(request);
  const claim = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  for (let pause = POLL_MS.first; ; pause = Math.min(pause * 2, POLL_MS.max)) {
    const found = await claimKey(request.server.db, ref, fingerprint, claim);
    if (found.kind === 'owned') {
      (request as WithKey)[kOwned] = { ref, claim };
      return false;
    }
    if (found.fingerprint !== fingerprint) throw keyProblem(MESSAGES.idempotency.keyReused, 422);
    if (found.kind === 'answered') {
      replay(reply, found.answer);
      return true;
    }
    if (Date.now() >= deadline) throw stillRunning(reply);
    await sleep(pause);
  }
}

function stillRunning(reply: FastifyReply) {
  reply.header('Retry-After', '1');
  return new AppError('CONFLICT', MESSAGES.idempotency.stillRunning);
}

/**
 * The text Fastify sends for a handler's JSON result (through the route's response schema), the content-type
 * it is sent under set as Fastify would; undefined for any other result (bytes, a stream, a reply already
 * sent), which onSend keeps as it is sent.
 */
function jsonBody(reply: FastifyReply, result: unknown): string | undefined {
  if (reply.sent || result === undefined || result === null || result === reply) return undefined;
  if (typeof result !== 'object' && typeof result !== 'string') return undefined;
  if (typeof result === 'object' && (ArrayBuffer.isView(result) || 'pipe' in result || 'getReader' in result))
    return undefined;
  const type = reply.getHeader('content-type');
  if (type === undefined) {
    // Fastify sends a string without a content-type as text/plain: that too is kept in onSend.
    if (typeof result === 'string') return undefined;
    reply.type('application/json; charset=utf-8');
  } else if (!/json/i.test(String(type))) return undefined;
  else if (!/charset=/i.test(String(type))) reply.type(`${String(type)}; charset=utf-8`);
  return typeof result === 'string' ? result : String(reply.serialize(result));
}

/**
 * An owned key's answer, kept in the write's own transaction (http/write-transaction.ts) just before it
 * commits: the write and its answer commit together, so a repeat of a key whose write committed gets the
 * answer, whatever became of the request after the commit. The handler's result becomes the very text kept.
 * A request that lost its key meanwhile (its lease ran out and a repeat took it) rolls its write back.
 */
export const answersInTransaction: WriteStep = {
  wants: (request) => (request as WithKey)[kOwned] !== undefined,
  async beforeCommit(tx, request, reply, result) {
    const owned = (request as WithKey)[kOwned]!;
    const body = jsonBody(reply, result);
    const answer = body === undefined ? undefined : answerToKeep(reply, body, owned);
    if (!answer) return result;
    if (!(await storeAnswer(tx, owned.ref, owned.claim, answer))) {
      // The write removed the person, and their keys with them: no repeat can sign in to ask again.
      if (!(await keyExists(tx, owned.ref))) return body;
      owned.retry = true;
      throw stillRunning(reply);
    }
    owned.kept = true;
    return body;
  },
};

/**
 * Keeps the owner's answer as sent (a refusal, bytes), or releases its key; a lost database leaves the key to
 * its lease. An answer kept in the write's transaction is neither replaced nor released.
 */
async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown, owned: Owned) {
  const answer = answerToKeep(reply, payload, owned);
  try {
    if (answer) await storeAnswer(request.server.db, owned.ref, owned.claim, answer);
    else await releaseKey(request.server.db, owned.ref, owned.claim);
  } catch (err) {
    request.log.warn({ err }, 'the answer of an Idempotency-Key could not be kept');
  }
}

/** The answer to keep for the key, or undefined when the key is to be released so that the client may retry. */
function answerToKeep(reply: FastifyReply, payload: unknown, owned: Owned): StoredAnswer | undefined {
  const status = reply.statusCode;
  if (status >= 500 || TRANSIENT.has(status) || owned.retry) return undefined;
  if (payload !== undefined && payload !== null && typeof payload !== 'string') return undefined;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { status, headers, body: payload ?? '' };
}

/**
 * Every write (POST, PUT, PATCH, DELETE) by a signed-in person honours an `Idempotency-Key` header
 * (docs/API.md): the first request with a key runs, its answer (status, body, content-type, location) is
 * kept for that person and key for 24 hours, and a repeat with the same method, URL and body gets that
 * answer again without running (`Idempotency-Replayed: true`); the same key on another request → 422.
 * Answers that say to try again (5xx, 408, 429, a write rolled back for a concurrent one) are not kept:
 * the key is released. Anonymous writes (sign-in, sign-up, sign-out) ignore the header.
 *
 * The key is taken in preValidation, after the route's session check (onRequest) has named the person and
 * before any body check, so a refused body is kept too; a repeat answered here never reaches the handler, so
 * writes nothing and leaves no audit row. A request that owns its key runs its handler in a transaction, and a
 * JSON answer is kept in it (`answersInTransaction`); any other answer (a refusal, whose write rolled back,
 * bytes) is kept in onSend, before the client gets it.
 */
export function installIdempotency(app: FastifyInstance) {
  // Callback-style hooks: every request passes them, most without a key, at the cost of no promise.
  app.addHook('preValidation', (request, reply, done) => {
    const user = request.user;
    if (
      !user ||
      !WRITE_METHODS.has(request.method) ||
      request.headers['idempotency-key'] === undefined ||
      request.routeOptions.config.answersSecrets
    )
      return done();
    takeKey(request, reply, user).then((answered) => {
      if (!answered) done();
    }, done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const owned = (request as WithKey)[kOwned];
    if (owned) {
      // After its answer was kept, the commit failed (or was not confirmed): settled as any answer, which
      // leaves an answer that did commit as it is (storeAnswer, releaseKey).
      owned.kept = false;
      if (retryable(error)) owned.retry = true;
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const owned = (request as WithKey)[kOwned];
    if (!owned) return done(null, payload);
    (request as WithKey)[kOwned] = undefined;
    if (owned.kept) return done(null, payload);
    void settle(request, reply, payload, owned).then(() => done(null, payload));
  });
}
