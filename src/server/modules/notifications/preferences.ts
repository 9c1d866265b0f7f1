import { eq, sql } from 'drizzle-orm';
import {
  isRequiredKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
} from '../../../shared/notifications.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { notificationPreferences } from '../../db/schema.js';
import type { PreferencesBody } from './schema.js';

/** Every kind with the person's choice per channel (no row: on) and whether it waits for them. */
export async function getPreferences(db: Db | Tx, userId: number) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
  const off = new Set(rows.filter((row) => !row.enabled).map((row) => `${row.kind} ${row.channel}`));
  const on = (kind: string, channel: NotificationChannel) => !off.has(`${kind} ${channel}`);
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    in_app: on(kind, 'in_app'),
    email: on(kind, 'email'),
    whatsapp: on(kind, 'whatsapp'),
    required: isRequiredKind(kind),
  }));
}

/** Saves the person's choices for the kinds and channels sent, then answers them all. */
export async function savePreferences(db: Db | Tx, userId: number, body: PreferencesBody) {
  const values = Object.entries(body).flatMap(([kind, channels]) =>
    NOTIFICATION_CHANNELS.flatMap((channel) => {
      const enabled = channels?.[channel];
      return enabled === undefined ? [] : [{ user_id: userId, kind, channel, enabled }];
    }),
  );
  if (values.length > 0)
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [
          notificationPreferences.user_id,
          notificationPreferences.kind,
          notificationPreferences.channel,
        ],
        set: { enabled: sql`excluded.enabled` },
      });
  return getPreferences(db, userId);
}
