import { Type, type Static } from 'typebox';
import { integer, nullable, record, shaped, text, timestamp } from '../../db/lists/field.js';
import { auditLog } from '../../db/schema.js';
import { Id, listQueryProperties } from '../../http/schemas.js';

/** One row of the audit log: who wrote what, where, and the (redacted) body they sent; declared once. */
export const auditEntry = record({
  id: integer(auditLog.id),
  actor_id: nullable(integer(auditLog.actor_id)),
  actor_email: nullable(text(auditLog.actor_email)),
  action: text(auditLog.action, { description: 'The HTTP method: POST, PUT, PATCH or DELETE' }),
  resource: text(auditLog.resource, {
    description: 'The first path segment after /api/v1 (and admin/), e.g. lahan, verify-role',
  }),
  resource_id: nullable(text(auditLog.resource_id)),
  changes: shaped(
    auditLog.changes,
    Type.Unknown({ description: 'The request body; secrets read [redacted]' }),
  ),
  created_at: timestamp(auditLog.created_at),
});
export const AuditEntry = auditEntry.schema;

const Day = (description: string) => Type.String({ format: 'date', description });

export const AuditListQuery = Type.Object(
  {
    page: listQueryProperties.page,
    limit: listQueryProperties.limit,
    sort: Type.Optional(Type.Literal('created_at')),
    order: listQueryProperties.order,
    actor_id: Type.Optional(Id('The acting admin')),
    resource: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9-]+$' })),
    resource_id: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\u0000]*$' })),
    from: Type.Optional(Day('First day, YYYY-MM-DD (Asia/Jakarta), inclusive')),
    to: Type.Optional(Day('Last day, YYYY-MM-DD (Asia/Jakarta), inclusive')),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditListQuery>;
