import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { cappedTotal, countUpTo } from '../../db/lists/list-spec.js';
import { isRequiredKind, type NotificationKind } from '../../../shared/notifications.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { notificationMarks as marks, notificationPreferences, notifications } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { queueSends } from './sends.js';

/** One notification to write: for whom, what, and where it leads. */
export interface NotificationItem {
  userId: number;
  kind: NotificationKind;
  /** One line in Indonesian (src/shared/messages/notifications.ts). */
  title: string;
  /** The app path where the person acts on it. */
  link: string;
  contractId?: number | null;
}

/** A written notification, as the delivery (email, WhatsApp) reads it. */
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Whether the person keeps `kind` in the app: true unless they turned it off (no row is the default, on). A
 * kind that waits for the person is always shown.
 */
const shownInApp = (item: NotificationItem) =>
  isRequiredKind(item.kind)
    ? true
    : sql<boolean>`NOT EXISTS (SELECT 1 FROM ${notificationPreferences} WHERE ${notificationPreferences.user_id} = ${item.userId}
        AND ${notificationPreferences.kind} = ${item.kind} AND ${notificationPreferences.channel} = 'in_app'
        AND NOT ${notificationPreferences.enabled})`;

/** The row of a notification item. */
export const notificationRow = (item: NotificationItem) => ({
  user_id: item.userId,
  kind: item.kind,
  title: item.title,
  link: item.link,
  contract_id: item.contractId ?? null,
});

/**
 * Writes notifications in the caller's transaction (the change that causes them), one INSERT. A kind the person
 * turned off in the app is written with `in_app` false: kept for the other channels, never listed or announced.
 * The insert trigger (db/functions/70-notifications.sql) announces the rest to the live streams after commit.
 */
export async function notify(tx: Db | Tx, items: readonly NotificationItem[]): Promise<NotificationRow[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(items.map((item) => ({ ...notificationRow(item), in_app: shownInApp(item) })))
    .returning();
  await queueSends(tx, rows);
  return rows;
}

/** The caller's notifications shown in the app. */
export const own = (userId: number) => and(eq(notifications.user_id, userId), eq(notifications.in_app, true));

/** The person's read-all mark (notificationMarks): none is 0, before every notification. */
const readThrough = (userId: number) =>
  sql`coalesce((SELECT ${marks.read_through} FROM ${marks} WHERE ${marks.user_id} = ${userId}), 0)`;

/** When a notification was read: itself, or the read-all mark that covers it (marks joined to the list). */
const readAt = sql<Date | null>`coalesce(${notifications.read_at},
  CASE WHEN ${notifications.id} <= ${marks.read_through} THEN ${marks.read_at} END)`.mapWith(
  notifications.read_at,
);

/** What the API shows of a notification. */
const shown = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  link: notifications.link,
  contract_id: notifications.contract_id,
  created_at: notifications.created_at,
  read_at: notifications.read_at,
};

/** The caller's notifications the `where` finds, newest first, counted up to COUNT_CAP + 1 (countUpTo). */
const cappedCount = (db: Db | Tx, where: SQL | undefined) =>
  countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .$dynamic(),
  );

/** Unread: not read one by one, and newer than the person's read-all mark. */
const unreadOf = (userId: number) =>
  and(own(userId), isNull(notifications.read_at), sql`${notifications.id} > ${readThrough(userId)}`);

/** How many of the caller's notifications are unread: COUNT_CAP + 1 means more than COUNT_CAP. */
export const unreadCount = (db: Db | Tx, userId: number): Promise<number> =>
  cappedCount(db, unreadOf(userId));

/**
 * One page of the caller's notifications, newest first, with their total (exact up to COUNT_CAP, like a
 * search's) and how many are unread (unreadCount).
 */
export async function listNotifications(db: Db | Tx, userId: number, page: number, limit: number) {
  const [data, found, unread] = await Promise.all([
    db
      .select({ ...shown, read_at: readAt })
      .from(notifications)
      .leftJoin(marks, eq(marks.user_id, notifications.user_id))
      .where(own(userId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    cappedCount(db, own(userId)),
    unreadCount(db, userId),
  ]);
  return { data, ...cappedTotal(found), unread };
}

/**
 * Marks one of the caller's notifications read; one read before (by itself or under the read-all mark) keeps
 * that time. Another's or a missing one: 404.
 */
export async function markRead(db: Db | Tx, userId: number, id: number) {
  const markedAt = sql`(SELECT ${marks.read_at} FROM ${marks} WHERE ${marks.user_id} = ${userId}
    AND ${marks.read_through} >= ${notifications.id})`;
  const [marked] = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, ${markedAt}, now())` })
    .where(and(eq(notifications.id, id), own(userId)))
    .returning(shown);
  if (!marked) throw notFound('Notification');
  return marked;
}

/**
 * Marks every notification of the caller read by moving their read-all mark to their newest one: one row
 * written however many were unread. Answers how many were (counted as unreadCount: up to COUNT_CAP + 1).
 * A notification whose transaction commits after this with a lower id than the newest (written concurrently)
 * falls under the mark: it is listed as read, and still sent by email and WhatsApp.
 */
export async function markAllRead(db: Db | Tx, userId: number): Promise<number> {
  const read = await unreadCount(db, userId);
  // own(): the shown ones, read from their index (without in_app the newest id was looked for backwards
  // through the whole table: 2.5 s at 20M notifications).
  const newest = sql`(SELECT coalesce(max(${notifications.id}), 0) FROM ${notifications}
    WHERE ${own(userId)})`;
  await db
    .insert(marks)
    .values({ user_id: userId, read_through: newest, read_at: sql`now()` })
    .onConflictDoUpdate({
      target: marks.user_id,
      set: { read_through: sql`greatest(${marks.read_through}, excluded.read_through)`, read_at: sql`now()` },
    });
  return read;
}
