import nodemailer, { type SendMailOptions } from 'nodemailer';
import { notificationDelivery as TEXT } from '../../../../shared/messages/notification-delivery.js';
import { notifications as NOTIFICATION_TEXT } from '../../../../shared/messages/notifications.js';
import type { Config } from '../../../config.js';
import { escapeHtml, SendFailure, type Outgoing, type Sender } from './message.js';

/** Bounds on one SMTP conversation, so that a silent server fails the try instead of holding it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The email of one notification: Indonesian text and HTML, the link, and the one-click unsubscribe (RFC 8058). */
export function emailOf(message: Outgoing, from: string, messageIdDomain: string): SendMailOptions {
  const label = NOTIFICATION_TEXT.kindLabels[message.kind];
  const text = [
    TEXT.greeting(message.name),
    '',
    message.title,
    '',
    `${TEXT.open}: ${message.url}`,
    '',
    TEXT.signature,
    '',
    '--',
    TEXT.why(label),
    `${TEXT.unsubscribe}: ${message.unsubscribeUrl}`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(TEXT.greeting(message.name))}</p>` +
    `<p><strong>${escapeHtml(message.title)}</strong></p>` +
    `<p><a href="${escapeHtml(message.url)}">${escapeHtml(TEXT.open)}</a></p>` +
    `<p>${escapeHtml(TEXT.signature).replace('\n', '<br>')}</p>` +
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(TEXT.why(label))} ` +
    `<a href="${escapeHtml(message.unsubscribeUrl)}">${escapeHtml(TEXT.unsubscribe)}</a></p>`;
  return {
    from,
    to: { name: message.name, address: message.address },
    subject: TEXT.emailSubject(message.title),
    text,
    html,
    // The same send always carries the same id: a copy sent again after a crash is recognisably the same message.
    messageId: `<notification-send-${message.sendId}@${messageIdDomain}>`,
    headers: {
      'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Sends notification emails through `SMTP_URL` (one pooled connection). */
export function emailSender(config: Config, email: NonNullable<Config['email']>): Sender {
  const transport = nodemailer.createTransport({
    url: email.smtpUrl,
    pool: true,
    maxConnections: 1,
    ...SMTP_TIMEOUTS,
  });
  const domain = new URL(config.publicUrl).hostname;
  return {
    async send(message) {
      try {
        await transport.sendMail(emailOf(message, email.from, domain));
      } catch (error) {
        const e = error as Error & { responseCode?: number; response?: string };
        const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
        throw new SendFailure(e.response ?? e.message, permanent);
      }
    },
    close: () => transport.close(),
  };
}
