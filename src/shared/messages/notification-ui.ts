/* The notification screens' texts (bells, list, preferences, the panel's outbox and waiting card). The
   notifications' own titles are written by the server (messages/notifications.ts). */

export const notificationUi = {
  bell: (unread: number) =>
    unread === 0
      ? 'Notifikasi, tidak ada yang belum dibaca'
      : `Notifikasi, ${unread > 1000 ? 'lebih dari 1.000' : unread} belum dibaca`,
  heading: 'Notifikasi',
  empty: 'Belum ada notifikasi.',
  loading: 'Memuat notifikasi…',
  unreadMark: 'Belum dibaca',
  markAll: 'Tandai semua sudah dibaca',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  page: (page: number, pages: number) => `Halaman ${page} dari ${pages}`,
  close: 'Tutup',
  settings: 'Pengaturan notifikasi',
  prefsTitle: 'Pengaturan Notifikasi',
  prefsIntro: 'Pilih lewat saluran mana Anda diberi tahu untuk setiap jenis kejadian.',
  prefsKind: 'Kejadian',
  channels: { in_app: 'Di aplikasi', email: 'Email', whatsapp: 'WhatsApp' },
  requiredNote: 'Langkah yang menunggu Anda selalu tampil di aplikasi; email dan WhatsApp bisa dimatikan.',
  requiredLocked: 'Selalu di aplikasi',
  save: 'Simpan Pengaturan',
  saved: 'Pengaturan notifikasi disimpan.',
  back: 'Kembali ke Akun Saya',
} as const;

/** The panel's outbox tab and its dashboard card. */
export const outboxUi = {
  title: 'Notifikasi Keluar',
  name: 'Notifikasi Keluar |||| Notifikasi Keluar',
  empty: 'Belum ada notifikasi yang dikirim',
  fields: {
    created_at: 'Waktu',
    channel: 'Saluran',
    status: 'Status',
    tries: 'Percobaan',
    last_error: 'Galat Terakhir',
    title: 'Notifikasi',
    recipient: 'Penerima',
    address: 'Alamat',
  },
  channel: { email: 'Email', whatsapp: 'WhatsApp' },
  status: { queued: 'Antre', sending: 'Dikirim', sent: 'Terkirim', failed: 'Gagal', dead: 'Gagal permanen' },
  resend: 'Kirim Ulang',
  resent: 'Dijadwalkan untuk dikirim ulang',
  resendFailed: 'Gagal mengirim ulang: %{message}',
  waiting: 'Menunggu verifikasi',
  waitingPetani: 'Petani belum terverifikasi',
  waitingMitra: 'Mitra belum terverifikasi',
  waitingLahan: 'Lahan menunggu verifikasi',
  waitingError: (message: string) => `Gagal memuat: ${message}`,
} as const;
