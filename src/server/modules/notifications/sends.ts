import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/engine/client.js';
import {
  notificationPreferences as prefs,
  notificationSends as sends,
  notifications,
  users,
} from '../../db/schema.js';
import { runningDelivery, type SendChannel } from './delivery/registry.js';

/** A phone number the Cloud API takes: E.164 (people's phones are stored so, src/shared/phone.ts). */
const E164 = '^\\+[1-9][0-9]{6,14}$';

/**
 * The transactional outbox: for each written notification, one send row per channel this process delivers on
 * that its person has not turned off for the kind and has an address for (an email; an E.164 phone), and its
 * job, all in the caller's transaction: the change, its notifications, their messages and their jobs are saved
 * together or not at all. At most one row per notification and channel (a unique index).
 */
export async function queueSends(tx: Db | Tx, rows: readonly { id: number }[]): Promise<void> {
  const delivery = runningDelivery();
  if (!delivery || rows.length === 0) return;
  const channels = sql.join(
    [...delivery.channels].map((c) => sql`(${c})`),
    sql`, `,
  );
  const ids = sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const queued = await queryRows<{ id: number; channel: SendChannel }>(
    tx,
    sql`INSERT INTO ${sends} (notification_id, channel, address)
        SELECT n.id, c.channel, CASE c.channel WHEN 'email' THEN u.email ELSE u.phone END
        FROM ${notifications} n JOIN ${users} u ON u.id = n.user_id CROSS JOIN (VALUES ${channels}) AS c(channel)
        WHERE n.id IN (${ids}) AND (c.channel = 'email' OR u.phone ~ ${E164})
          AND NOT EXISTS (SELECT 1 FROM ${prefs} p WHERE p.user_id = n.user_id AND p.kind = n.kind
            AND p.channel = c.channel AND NOT p.enabled)
        ON CONFLICT DO NOTHING
        RETURNING id, channel`,
  );
  await delivery.enqueue(
    tx,
    queued.map((q) => ({ id: Number(q.id), channel: q.channel })),
  );
}
