/* The texts of /akun offline (issue 32): the banner of unsent changes, the last sync, refusals of queued steps. */

export const offline = {
  /** "Menunggu sinyal — N perubahan belum terkirim". */
  pending: (n: number) => `Menunggu sinyal — ${n} perubahan belum terkirim`,
  /** The answer of a write kept on the device: it is sent when the network returns. */
  queued: 'Tidak ada sinyal: perubahan disimpan di perangkat dan dikirim otomatis saat sinyal kembali.',
  offlineNow: 'Anda sedang luring. Data yang tampil adalah data terakhir di perangkat ini.',
  lastSync: (when: string) => `Terakhir disinkronkan ${when}`,
  neverSynced: 'Belum pernah disinkronkan di perangkat ini.',
  signOnline: 'Penandatanganan kontrak memerlukan sinyal (kata sandi diperiksa server).',
  refused: (what: string, why: string) => `${what} ditolak server: ${why}`,
  dismiss: 'Tutup',
  steps: {
    confirmDelivery: 'Konfirmasi pengiriman',
    disputeDelivery: 'Sanggahan pengiriman',
    recordDelivery: 'Pencatatan pengiriman',
    createLahan: 'Pendaftaran lahan',
    updateLahan: 'Perubahan lahan',
    counter: 'Penawaran balik',
    reject: 'Penolakan penawaran',
  },
} as const;
