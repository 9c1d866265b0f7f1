import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    // With id: the unread ones are those past the person's read-all mark (notificationMarks).
    index('notifications_unread_idx')
      .on(t.user_id, t.id)
      .where(sql`${t.read_at} IS NULL AND ${t.in_app}`),
    index('notifications_contract_idx').on(t.contract_id),
  ],
);

/**
 * A person's "read all" (POST /notifications/read-all): every notification of theirs up to `read_through` counts
 * as read at `read_at`. One row, however many were unread: an admin told of every sign-up may have a million.
 */
export const notificationMarks = pgTable('notification_marks', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  read_through: bigint('read_through', { mode: 'number' }).notNull(),
  read_at: timestamptz('read_at').notNull(),
});

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

/** The message kinds a notification is also sent as (issue 29's delivery: modules/notifications/delivery). */
export const SEND_CHANNELS = ['email', 'whatsapp'] as const;
export const SEND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;

/**
 * One message of a notification on one channel (the transactional outbox): written with the notification and its
 * job; the job's worker claims it (`sending`, holding it until `next_at`), sends it, and records the outcome.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notification_id: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: SEND_CHANNELS }).notNull(),
    /** The email address or E.164 phone number the message goes to, as it was when queued. */
    address: text('address').notNull(),
    status: text('status', { enum: SEND_STATUSES }).notNull().default('queued'),
    tries: integer('tries').notNull().default(0),
    last_error: text('last_error'),
    /** Queued or failed: when it is tried next; sending: until when the worker's claim holds. */
    next_at: timestamptz('next_at').notNull().defaultNow(),
    sent_at: timestamptz('sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_sends_once').on(t.notification_id, t.channel),
    index('notification_sends_status_idx').on(t.status, t.id),
    check('notification_sends_channel', sql`${t.channel} IN ('email', 'whatsapp')`),
    check('notification_sends_status', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'dead')`),
  ],
);
