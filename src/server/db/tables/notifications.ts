import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { contracts } from './contracts.js';
import { users } from './people.js';

/**
 * One notification for one person (issue 29): written in the transaction of the change that causes it
 * (modules/notifications/service.ts notify); an AFTER INSERT trigger (db/functions) tells the live streams.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (src/shared/notifications.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The app path where the person acts on it. */
    link: text('link').notNull(),
    contract_id: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /**
     * false: the person turned this kind off in the app; the row exists only for the other channels' sends and
     * is neither listed, counted nor announced.
     */
    in_app: boolean('in_app').notNull().default(true),
    created_at: createdAt(),
    read_at: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_user_id_idx')
      .on(t.user_id, t.id.desc())
      .where(sql`${t.in_app}`),
    index('notifications_unread_idx')
      .on(t.user_id)
      .where(sql`${t.read_at} IS NULL AND ${t.in_app}`),
    index('notifications_contract_idx').on(t.contract_id),
  ],
);

/** A person's choice per kind and channel; a missing row is the default: on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.kind, t.channel] }),
    check('notification_preferences_channel', sql`${t.channel} IN ('in_app', 'email', 'whatsapp')`),
  ],
);
