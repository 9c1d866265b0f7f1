import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { users } from './people.js';

/**
 * The answers of writes sent with an `Idempotency-Key` (http/idempotency.ts), per person and key. A row
 * without `status` is a request still running (`claim` names it; another one may take it over once
 * `locked_until` has passed, e.g. after its process died); with one, the stored answer a repeat gets until
 * `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 (hex) of the method, URL and body of the request that took the key. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    claim: uuid('claim').notNull(),
    locked_until: timestamptz('locked_until').notNull(),
    status: smallint('status'),
    /** The answer's headers a client needs (content-type, location…). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    created_at: createdAt(),
    expires_at: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    // Expired keys are purged in batches (db/stores/idempotency-keys.ts).
    index('idempotency_keys_expires_idx').on(t.expires_at),
  ],
);
