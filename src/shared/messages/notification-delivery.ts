/* Part of the notifications (issue 29): the email and WhatsApp texts of a notification, and the one-click
   unsubscribe page (modules/notifications/delivery). The titles themselves are in messages/notifications.ts. */

export const notificationDelivery = {
  emailSubject: (title: string) => `[TaniMitra] ${title}`,
  greeting: (name: string) => `Halo ${name},`,
  open: 'Buka di TaniMitra',
  why: (kindLabel: string) =>
    `Anda menerima email ini karena pemberitahuan "${kindLabel}" aktif untuk akun TaniMitra Anda.`,
  unsubscribe: 'Berhenti menerima email jenis ini',
  signature: 'Salam,\nTim TaniMitra',
  unsubscribePage: {
    title: 'Berhenti berlangganan',
    confirm: (kindLabel: string, channel: string) =>
      `Berhenti menerima pemberitahuan "${kindLabel}" lewat ${channel}?`,
    button: 'Ya, berhenti',
    done: (kindLabel: string, channel: string) =>
      `Anda tidak akan lagi menerima pemberitahuan "${kindLabel}" lewat ${channel}. Anda dapat mengaktifkannya lagi di Pengaturan Notifikasi pada Akun Saya.`,
    invalid: 'Tautan berhenti berlangganan ini tidak sah.',
  },
  channelNames: { email: 'email', whatsapp: 'WhatsApp' },
} as const;

/** The outbox API's answers (admin). */
export const outboxApi = {
  resent: 'Send queued again',
  notResendable: (status: string) =>
    `Only a failed or dead send, or one whose sending stopped, can be sent again; this one is ${status}`,
  channelOff: (channel: string) =>
    `The ${channel} channel is not configured on this server: the send cannot be queued`,
  unsubscribed: 'Unsubscribed',
  invalidToken: 'The unsubscribe link is not valid',
  oneClickOnly: 'List-Unsubscribe must be One-Click (RFC 8058)',
} as const;
