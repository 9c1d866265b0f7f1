import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { outboxApi as T } from '../../../shared/messages/notification-delivery.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { notificationSends as sends, notifications, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { cappedTotal, countUpTo } from '../../db/lists/list-spec.js';
import { runningDelivery } from './delivery/registry.js';
import type { OutboxQuery } from './outbox-schema.js';

/** A send as the outbox shows it: with its notification's kind and title and its recipient. */
const shown = {
  id: sends.id,
  notification_id: sends.notification_id,
  kind: notifications.kind,
  title: notifications.title,
  recipient_id: notifications.user_id,
  recipient: users.full_name,
  channel: sends.channel,
  address: sends.address,
  status: sends.status,
  tries: sends.tries,
  last_error: sends.last_error,
  next_at: sends.next_at,
  sent_at: sends.sent_at,
  created_at: sends.created_at,
};

const joined = (db: Db | Tx) =>
  db
    .select(shown)
    .from(sends)
    .innerJoin(notifications, eq(notifications.id, sends.notification_id))
    .innerJoin(users, eq(users.id, notifications.user_id));

/** One page of every send, newest first (or oldest with `order=asc`), filtered by status and channel. */
export async function listSends(db: Db | Tx, query: OutboxQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(sends.status, query.status));
  if (query.channel) conditions.push(eq(sends.channel, query.channel));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.order === 'asc' ? asc(sends.id) : desc(sends.id);
  const [data, found] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(sends)
        .where(where)
        .orderBy(order)
        .$dynamic(),
    ),
  ]);
  return { data, ...cappedTotal(found) };
}

/**
 * Queues a send again, with a fresh budget of tries, and its job, in the caller's transaction (the audited admin
 * write): a failed or dead one, or one left `sending` past its claim (the process sending it stopped, and its job's
 * retries ran out; a worker would take it over on the same terms, delivery/attempt.ts). A send queued, under way
 * or sent is refused (409): resending it could deliver it twice.
 */
export async function resendSend(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      status: sends.status,
      channel: sends.channel,
      lapsed: sql<boolean>`(${sends.status} = 'sending' AND ${sends.next_at} < now())`,
    })
    .from(sends)
    .where(eq(sends.id, id))
    .for('update');
  if (!row) throw notFound('Notification send');
  if (row.status !== 'failed' && row.status !== 'dead' && !row.lapsed)
    throw conflict(T.notResendable(row.status));
  const delivery = runningDelivery();
  if (!delivery?.channels.has(row.channel)) throw conflict(T.channelOff(row.channel));
  await db
    .update(sends)
    .set({ status: 'queued', tries: 0, next_at: sql`now()` })
    .where(eq(sends.id, id));
  await delivery.enqueue(db, [{ id, channel: row.channel }]);
  const [resent] = await joined(db).where(eq(sends.id, id));
  return resent!;
}
