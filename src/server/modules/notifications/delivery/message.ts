import type { NotificationKind } from '../../../../shared/notifications.js';

/** One message to send: a notification's send row with what its message says and where it goes. */
export interface Outgoing {
  sendId: number;
  /** An email address or an E.164 phone number, as the send row holds it. */
  address: string;
  name: string;
  kind: NotificationKind;
  title: string;
  /** The absolute link to the place to act (`PUBLIC_URL` + the notification's app path). */
  url: string;
  /** The absolute one-click unsubscribe URL of this person, kind and channel. */
  unsubscribeUrl: string;
}

/**
 * A failed send. `permanent`: trying again cannot help (the server refused the address or the message for good:
 * SMTP 5xx, a Cloud API 4xx other than a rate limit), so the send is dead at once.
 */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Sender {
  send(message: Outgoing): Promise<void>;
  close(): void;
}

/** Text for HTML (an email's body, the unsubscribe pages). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
