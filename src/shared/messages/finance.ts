/* Part of MESSAGES (../messages.ts): the admin's finance view (GET /admin/finance/…) and its CSV exports. */

/** The CSV exports' column headers, in the order of their cells (modules/finance/export.ts). */
export const FINANCE_CSV = {
  outstanding: [
    'ID Mitra',
    'Nama Mitra',
    'Perusahaan',
    'Kontrak terutang',
    'Sisa tagihan (Rp)',
    'Terlambat (Rp)',
    'Jatuh tempo terlama',
  ],
  overdue: [
    'ID Kontrak',
    'Judul',
    'ID Mitra',
    'Mitra',
    'ID Petani',
    'Petani',
    'Sisa tagihan (Rp)',
    'Jatuh tempo',
    'Hari terlambat',
  ],
} as const;

export const finance = {
  menu: 'Keuangan',
  title: 'Keuangan',
  valueDelivered: 'Nilai terkirim',
  paid: 'Dibayar',
  outstanding: 'Sisa tagihan',
  overdue: 'Terlambat',
  overdueCount: (n: number) => `${n} kontrak`,
  owingCount: (n: number) => `${n} kontrak belum lunas`,
  medianDays: 'Median hari sampai dibayar',
  medianNone: 'Belum ada pembayaran dalam 90 hari',
  medianDetail: (days: number, n: number) => `${days} hari (${n} pengiriman, 90 hari terakhir)`,
  outstandingTitle: 'Sisa tagihan per mitra',
  overdueTitle: 'Pembayaran terlambat',
  downloadCsv: 'Unduh CSV',
  downloadOutstandingLabel: 'Unduh sisa tagihan per mitra sebagai CSV',
  downloadOverdueLabel: 'Unduh pembayaran terlambat sebagai CSV',
  downloadFailed: (message: string) => `Unduhan CSV gagal: ${message}`,
  empty: 'Tidak ada',
  loadFailed: 'Data keuangan tidak dapat dimuat',
  daysLate: (n: number) => `${n} hari`,
  columns: {
    mitra: 'Mitra',
    contractsOwing: 'Kontrak',
    outstanding: 'Sisa tagihan',
    overdueAmount: 'Terlambat',
    oldestDue: 'Jatuh tempo terlama',
    contract: 'Kontrak',
    petani: 'Petani',
    dueDate: 'Jatuh tempo',
    daysLate: 'Terlambat',
  },
} as const;
