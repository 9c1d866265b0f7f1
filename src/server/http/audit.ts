import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../shared/constants.js';
import { recordAudit, type AuditEntry } from '../db/stores/audit-log.js';
import { MAX_BODY_DEPTH } from './body-rules.js';
import type { WriteStep } from './write-transaction.js';

const SECRET_FIELDS = /password|token|secret|content/i;

/**
 * A request body as the audit log's jsonb `changes` can always store it: secret fields redacted,
 * NUL and unpaired surrogates (which PostgreSQL refuses) replaced by U+FFFD, nesting cut below MAX_BODY_DEPTH
 * (the parser already refuses deeper bodies, so the recursion is bounded).
 */
export function auditChanges(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.map((item) => auditChanges(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      storable(key),
      SECRET_FIELDS.test(key) ? '[redacted]' : auditChanges(item, depth + 1),
    ]),
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');

/**
 * The first path segment after the API base and an optional `admin/`:
 * `/api/v1/admin/verify-role/:id` → `verify-role`, `/api/v1/lahan/:id` → `lahan`,
 * `/api/v1/admin/:id` (the admin accounts) → `admin`.
 */
export function resourceOf(routeUrl: string): string {
  const rest = routeUrl
    .split('?')[0]!
    .slice(API_BASE_PATH.length)
    .replace(/^\/admin(?=\/|$)/, '');
  const first = rest.split('/')[1];
  return !first || first.startsWith(':') ? 'admin' : first;
}

function auditEntry(request: FastifyRequest, result: unknown): AuditEntry {
  const params = request.params as Record<string, unknown> | undefined;
  // A create names its new record only in the answer.
  const id = params?.id ?? (result as { data?: { id?: unknown } } | undefined)?.data?.id;
  return {
    actor_id: request.user!.id,
    actor_email: request.user!.email,
    action: request.method,
    resource: resourceOf(request.routeOptions.url ?? request.url),
    resource_id: id === undefined || id === null ? null : String(id),
    changes: request.body === undefined ? null : (auditChanges(request.body) as object),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Audit this write for every signed-in actor, not only admins (the contract steps). */
    auditEveryActor?: boolean;
  }
}

/** Route config of a write audited for every signed-in actor (e.g. the contract steps). */
export const AUDIT_EVERY_ACTOR = { auditEveryActor: true } as const;

/**
 * Every successful write by an admin, on any route, leaves exactly one row in the append-only audit
 * log, written in the same transaction as the change (http/write-transaction.ts): both commit or neither
 * does. The route guards have run by handler time, so `request.user` is known. A route with
 * `config: AUDIT_EVERY_ACTOR` is audited so for any signed-in actor.
 */
export const auditedWrites: WriteStep = {
  wants: (request) =>
    request.user?.role === 'admin' ||
    (request.routeOptions.config.auditEveryActor === true && request.user != null),
  async beforeCommit(tx, request, reply, result) {
    if (reply.statusCode < 400) await recordAudit(tx, auditEntry(request, result));
    return result;
  },
};
