import { sql } from 'drizzle-orm';
import { notificationDelivery as TEXT } from '../../../shared/messages/notification-delivery.js';
import { notifications as NOTIFICATION_TEXT } from '../../../shared/messages/notifications.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { notificationPreferences as prefs } from '../../db/schema.js';
import { escapeHtml } from './delivery/message.js';
import type { Unsubscribe } from './delivery/unsubscribe-token.js';

/** Turns the channel off for the person and kind the link names (again: unchanged). */
export async function unsubscribe(db: Db | Tx, { userId, kind, channel }: Unsubscribe): Promise<void> {
  await db
    .insert(prefs)
    .values({ user_id: userId, kind, channel, enabled: false })
    .onConflictDoUpdate({ target: [prefs.user_id, prefs.kind, prefs.channel], set: { enabled: sql`false` } });
}

const page = (body: string) =>
  '<!doctype html><html lang="id"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${escapeHtml(TEXT.unsubscribePage.title)} · TaniMitra</title></head>` +
  `<body><main><h1>${escapeHtml(TEXT.unsubscribePage.title)}</h1>${body}</main></body></html>`;

const names = ({ kind, channel }: Unsubscribe) =>
  [NOTIFICATION_TEXT.kindLabels[kind], TEXT.channelNames[channel]] as const;

/**
 * What the link in an email opens (GET): the question and one button that posts the same link. Opening it changes
 * nothing, so that a mail scanner following links does not unsubscribe anyone.
 */
export const confirmPage = (what: Unsubscribe, action: string) =>
  page(
    `<p>${escapeHtml(TEXT.unsubscribePage.confirm(...names(what)))}</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      `<button type="submit">${escapeHtml(TEXT.unsubscribePage.button)}</button></form>`,
  );

export const donePage = (what: Unsubscribe) =>
  page(`<p>${escapeHtml(TEXT.unsubscribePage.done(...names(what)))}</p>`);

export const invalidPage = () => page(`<p>${escapeHtml(TEXT.unsubscribePage.invalid)}</p>`);
