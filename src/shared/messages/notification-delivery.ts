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
