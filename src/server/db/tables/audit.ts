import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Append-only (a trigger refuses UPDATE and DELETE): one row per admin write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor_id: integer('actor_id'),
    actor_email: varchar('actor_email', { length: 254 }),
    action: varchar('action', { length: 40 }).notNull(),
    resource: varchar('resource', { length: 60 }).notNull(),
    resource_id: varchar('resource_id', { length: 60 }),
    changes: jsonb('changes'),
    created_at: createdAt(),
  },
  // GET /admin/audit: newest first, alone or filtered by one of these columns.
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at, t.id),
    index('audit_log_resource_idx').on(t.resource, t.created_at, t.id),
    index('audit_log_resource_id_idx').on(t.resource_id, t.created_at, t.id),
  ],
);
