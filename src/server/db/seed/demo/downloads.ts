import type { downloads } from '../../schema.js';
import { daysAgo } from './catalog.js';

/** The public download page's entries. */
export const demoDownloads = (): (typeof downloads.$inferInsert)[] => [
  {
    name: 'TaniMitra untuk Android',
    platform: 'android',
    version: '1.2.0',
    size: '32.4 MB',
    downloads: 0,
    rating: 0,
    release_date: '2025-01-15',
    description:
      'Aplikasi TaniMitra untuk ponsel Android: kelola lahan, ajukan dan pantau kontrak, dan terima notifikasi dari mitra.',
    download_url: 'https://play.google.com/store/apps/details?id=id.tanimitra.app',
    changelog: [
      'Pemantauan lahan dengan titik GPS',
      'Notifikasi status kontrak',
      'Perbaikan kinerja dan stabilitas',
    ],
    is_active: true,
    created_at: daysAgo(290),
    updated_at: daysAgo(290),
  },
  {
    name: 'TaniMitra untuk Windows',
    platform: 'windows',
    version: '1.0.3',
    size: '84.1 MB',
    downloads: 0,
    rating: 0,
    release_date: '2024-12-02',
    description:
      'Aplikasi desktop untuk mitra dan koperasi: kelola banyak kontrak sekaligus dan ekspor laporan.',
    download_url: 'https://tanimitra.id/unduh/TaniMitra-Setup-1.0.3.exe',
    changelog: [
      'Ekspor laporan kontrak ke Excel',
      'Tampilan daftar lahan yang lebih cepat',
      'Perbaikan sinkronisasi data',
    ],
    is_active: true,
    created_at: daysAgo(330),
    updated_at: daysAgo(330),
  },
  {
    name: 'TaniMitra Web',
    platform: 'web',
    version: '1.2.0',
    size: 'Tanpa instalasi',
    downloads: 0,
    rating: 0,
    release_date: '2025-01-15',
    description: 'Gunakan TaniMitra langsung dari peramban di komputer atau ponsel, tanpa instalasi.',
    download_url: '/login',
    changelog: ['Masuk untuk petani dan mitra', 'Unduh data akun Anda kapan saja'],
    is_active: true,
    created_at: daysAgo(290),
    updated_at: daysAgo(290),
  },
];
