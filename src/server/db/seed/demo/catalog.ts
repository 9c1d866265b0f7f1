import { CONTRACT_STATUSES } from '../../../../shared/constants.js';

/** The fixed data of the demo seed: farming regions, categories and dates. */

/**
 * Agricultural kabupaten whose villages become demo locations, each with an approximate centre among its farmland
 * (WGS84), about which the demo lahan are drawn: inland, and away from the towns and the kota beside them.
 */
export const FARMING_REGENCIES: { code: string; lat: number; lon: number }[] = [
  { code: '32.03', lat: -6.88, lon: 107.14 }, // Cianjur: Cilaku, south of the town
  { code: '32.05', lat: -7.19, lon: 107.88 }, // Garut: the Tarogong plain
  { code: '33.02', lat: -7.45, lon: 109.16 }, // Banyumas: Karanglewas, west of Purwokerto
  { code: '35.07', lat: -8.13, lon: 112.57 }, // Malang: Kepanjen, south of Kota Malang
  { code: '35.09', lat: -8.21, lon: 113.63 }, // Jember: Ajung and Rambipuji
  { code: '18.02', lat: -4.93, lon: 105.25 }, // Lampung Tengah: Gunung Sugih
  { code: '73.02', lat: -5.45, lon: 120.15 }, // Bulukumba: Gantarang, inland
];

export const LAND_CATEGORIES = [
  [
    'Sawah Irigasi',
    'Lahan sawah dengan pengairan irigasi teknis, dapat ditanami padi dua sampai tiga kali setahun.',
  ],
  ['Sawah Tadah Hujan', 'Lahan sawah yang pengairannya bergantung pada curah hujan.'],
  ['Tegalan', 'Lahan kering untuk palawija seperti jagung, kedelai dan singkong.'],
  ['Perkebunan', 'Lahan untuk tanaman tahunan seperti kopi, kakao dan kelapa.'],
  ['Hortikultura', 'Lahan sayuran dan buah: cabai, bawang merah, tomat, kentang.'],
  ['Pekarangan', 'Lahan di sekitar rumah untuk tanaman pangan dan obat keluarga.'],
] as const;

export const CONTRACT_CATEGORIES = [
  [
    'Pembelian Hasil Panen',
    'Mitra membeli hasil panen petani dengan harga dan jumlah yang disepakati di awal.',
  ],
  [
    'Kemitraan Budidaya',
    'Mitra menyediakan benih, pupuk dan pendampingan; petani menjual hasil panen kepada mitra.',
  ],
  ['Sewa Lahan', 'Mitra menyewa lahan petani untuk jangka waktu tertentu.'],
  ['Penyediaan Sarana Produksi', 'Mitra memasok sarana produksi pertanian dengan pembayaran setelah panen.'],
] as const;

export const DAY = 86_400_000;
/** Demo dates count back from a fixed day so that every fresh database is the same. */
export const ANCHOR = Date.UTC(2026, 10, 1);
export const daysAgo = (days: number) => new Date(ANCHOR - days * DAY);
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

const PETANI_LAHAN_NAMES = [
  'Sawah Irigasi Blok A',
  'Sawah Irigasi Blok B',
  'Kebun Jagung Pematang',
  'Sawah Tadah Hujan Kulon',
  'Tegalan Kedelai Wetan',
  'Kebun Cabai Lereng',
  'Sawah Pinggir Sungai',
  'Tegalan Jagung Utara',
  'Sawah Irigasi Blok C',
] as const;

/** Lahan of the demo petani: one for each contract status, holding the demo pair's contract in it (a contract
 * rejected or cancelled leaves its lahan active), and two more that stay free for a new offer. */
export const DEMO_PETANI_LAHAN = Array.from({ length: CONTRACT_STATUSES.length + 2 }, (_, i) => {
  const round = Math.floor(i / PETANI_LAHAN_NAMES.length);
  return `${PETANI_LAHAN_NAMES[i % PETANI_LAHAN_NAMES.length]}${round ? ` ${round + 1}` : ''}`;
});
