/* Part of MESSAGES (../messages.ts): the public trace of a delivered lot (/lacak, GET /trace/{lot}). */

export const trace = {
  lotUnknown: 'Kode lot tidak ditemukan',
  rateLimited: 'Terlalu banyak pelacakan dari alamat ini. Coba lagi nanti.',
} as const;
