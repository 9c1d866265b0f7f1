/* Part of MESSAGES (../messages.ts): the answers about a write's Idempotency-Key header (server/http/idempotency.ts). */

export const idempotency = {
  invalidKey: 'Idempotency-Key harus berisi 1 sampai 255 karakter ASCII yang terlihat (tanpa spasi)',
  keyReused:
    'Idempotency-Key ini sudah dipakai untuk permintaan lain (alamat atau isi berbeda); buat kunci baru untuk permintaan ini',
  stillRunning: 'Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.',
} as const;
