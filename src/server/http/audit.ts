import type { FastifyInstance } from 'fastify';
import { auditLog } from '../db/schema.js';

const SECRET_FIELDS = /password|token|secret|content/i;

function redact(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redact);
  if (body && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return body;
}

/** `/api/v1/admin/verify-role/:user_id` → `verify-role`; `/api/v1/admin/:id` (the admin accounts) → `admin`. */
export function resourceOf(routeUrl: string): string {
  const first = routeUrl
    .split('?')[0]!
    .replace(/^.*?\/admin\/?/, '')
    .split('/')[0];
  return !first || first.startsWith(':') ? 'admin' : first;
}

/** Every successful admin write leaves one row in the append-only audit log. */
export function installAuditLog(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const params = request.params as Record<string, unknown> | undefined;
    await scope.db.insert(auditLog).values({
      actor_id: request.user?.id ?? null,
      actor_email: request.user?.email ?? null,
      action: request.method,
      resource: resourceOf(request.routeOptions.url ?? request.url),
      resource_id: params?.id !== undefined ? String(params.id) : null,
      changes: request.body === undefined ? null : (redact(request.body) as object),
    });
    return payload;
  });
}
