import { Type, type Static } from 'typebox';
import { Id, listQueryProperties, Timestamp } from '../../http/schemas.js';

/** One row of the audit log: who wrote what, where, and the (redacted) body they sent. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_email: Type.Union([Type.String(), Type.Null()]),
  action: Type.String({ description: 'The HTTP method: POST, PUT, PATCH or DELETE' }),
  resource: Type.String({
    description: 'The first path segment after /api/v1 (and admin/), e.g. lahan, verify-role',
  }),
  resource_id: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Unknown({ description: 'The request body; secrets read [redacted]' }),
  created_at: Timestamp,
});

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
