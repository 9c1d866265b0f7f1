import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { users } from './people.js';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    // A session's access tokens are checked on every request against its one live (unrevoked) token.
    index('refresh_tokens_live_family_idx')
      .on(t.family_id)
      .where(sql`${t.revoked_at} IS NULL`),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * Fixed-window counters of the rate limits (sign-in, sign-up, download hits), kept in the database so
 * that a limit holds across several API processes. `key` names the limit and its subject, e.g.
 * `ip:10.0.0.1` or `signup:10.0.0.1`; a row whose window is over is reset on its next use or purged.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expires_at)],
);
