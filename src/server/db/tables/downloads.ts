import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { DOWNLOAD_PLATFORMS } from '../../../shared/constants.js';
import { ownSearchText, timestamps, trgm } from './columns.js';

export const platformEnum = pgEnum('download_platform', DOWNLOAD_PLATFORMS);

export const downloads = pgTable(
  'downloads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 160 }).notNull(),
    platform: platformEnum('platform').notNull(),
    version: varchar('version', { length: 40 }).notNull(),
    size: varchar('size', { length: 40 }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(4.5),
    release_date: date('release_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    download_url: text('download_url').notNull(),
    changelog: text('changelog')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_active: boolean('is_active').notNull().default(true),
    search_text: ownSearchText('name', 'version', 'description'),
    ...timestamps,
  },
  (t) => [
    index('downloads_active_platform_idx').on(t.is_active, t.platform),
    index('downloads_created_idx').on(t.created_at, t.id),
    trgm('downloads_search_trgm', t.search_text),
  ],
);
