import { sql } from 'drizzle-orm';
import { check, pgTable, smallint } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

/**
 * The platform's generated signing key and self-signed certificate (PKCS#12, empty password), made on the
 * first PDF when SIGNING_P12 is not set: one row, so that every API process on the database signs alike.
 */
export const platformSigningKey = pgTable(
  'platform_signing_key',
  {
    id: smallint('id').primaryKey().default(1),
    p12: bytea('p12').notNull(),
    created_at: createdAt(),
  },
  (t) => [check('platform_signing_key_one_row', sql`${t.id} = 1`)],
);
