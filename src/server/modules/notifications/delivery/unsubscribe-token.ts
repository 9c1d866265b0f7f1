import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from '../../../../shared/notifications.js';
import type { SendChannel } from './queue.js';

/** Whose messages of which kind on which channel a one-click unsubscribe link stops. */
export interface Unsubscribe {
  userId: number;
  kind: NotificationKind;
  channel: SendChannel;
}

/** The link's key: derived from the JWT secret for this use only, so a token of one use is never valid for the other. */
const keyOf = (secret: string) => createHmac('sha256', secret).update('notification-unsubscribe').digest();

const mac = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

/** `<user>.<kind>.<channel>.<HMAC>`: no expiry, since an old email's link must still work. */
export function unsubscribeToken(secret: string, { userId, kind, channel }: Unsubscribe): string {
  const payload = `${userId}.${kind}.${channel}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** What a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const match = /^(\d{1,10})\.([a-z_.]+)\.(email|whatsapp)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, kind, channel, signature] = match as unknown as [
    string,
    string,
    string,
    SendChannel,
    string,
  ];
  const expected = Buffer.from(mac(secret, `${user}.${kind}.${channel}`));
  if (!timingSafeEqual(expected, Buffer.from(signature)) || !isNotificationKind(kind)) return null;
  const userId = Number(user);
  return userId >= 1 && userId <= 2147483647 ? { userId, kind, channel } : null;
}
