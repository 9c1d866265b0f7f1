/**
 * The standard clauses of a contract, by the `clauses_version` its canonical document names: a signed
 * document keeps the wording it was signed with, so a new wording is a new version here, never an edit.
 */

export interface Clause {
  title: string;
  paragraphs: string[];
}

export interface ClauseContext {
  /** The delivery terms the parties agreed, or null. */
  deliveryTerms: string | null;
  /** The lahan's district (kabupaten/kota), or null when the contract names no lahan. */
  district: string | null;
  /** Days after a delivery's confirmation by which it is paid (documents of format 2; clauses 2 on). */
  paymentDays?: number;
}

const court = (district: string | null) =>
  district ? `Pengadilan Negeri ${district}` : 'Pengadilan Negeri yang berwenang';

const version1 = ({ deliveryTerms, district }: ClauseContext): Clause[] => [
  {
    title: 'Pengiriman dan Penerimaan',
    paragraphs: [
      deliveryTerms
        ? `Hasil panen diserahkan dengan ketentuan: ${deliveryTerms}.`
        : 'Tempat dan cara penyerahan hasil panen disepakati para pihak sebelum setiap pengiriman.',
      'Setiap pengiriman dicatat oleh Pihak Kedua (tanggal, jumlah, mutu dan jumlah yang dibayar) dan ' +
        'dikonfirmasi penerimaannya oleh Pihak Pertama melalui aplikasi TaniMitra. Kontrak selesai setelah ' +
        'seluruh pengiriman dikonfirmasi.',
    ],
  },
  {
    title: 'Standar Mutu',
    paragraphs: [
      'Mutu A: hasil panen segar, bersih, kering sesuai kebutuhan komoditas, seragam, bebas hama, penyakit ' +
        'dan kerusakan fisik.',
      'Mutu B: hasil panen layak jual dengan cacat ringan atau ukuran tidak seragam, paling banyak 10% dari ' +
        'berat pengiriman.',
      'Mutu C: hasil panen layak olah dengan cacat lebih dari 10% dari berat pengiriman, tetapi tidak busuk.',
      'Harga per satuan dalam kontrak ini berlaku untuk Mutu A. Harga untuk Mutu B dan Mutu C disepakati ' +
        'para pihak pada saat penerimaan dan dicatat sebagai jumlah yang dibayar pada catatan pengiriman.',
    ],
  },
  {
    title: 'Keadaan Kahar (Force Majeure)',
    paragraphs: [
      'Gagal panen karena bencana alam, hama atau cuaca ekstrem yang berada di luar kendali Pihak Pertama ' +
        'merupakan keadaan kahar. Dalam keadaan kahar, Pihak Pertama tidak dianggap lalai atas jumlah yang ' +
        'tidak dapat diserahkan dan tidak dikenai denda.',
      'Pihak yang mengalami keadaan kahar memberitahukannya kepada pihak lain paling lambat 7 (tujuh) hari ' +
        'sejak kejadian, dan para pihak bermusyawarah untuk menyesuaikan jumlah, jadwal atau mengakhiri kontrak.',
    ],
  },
  {
    title: 'Penyelesaian Perselisihan',
    paragraphs: [
      'Setiap perselisihan yang timbul dari kontrak ini diselesaikan terlebih dahulu secara musyawarah untuk ' +
        'mufakat.',
      `Apabila musyawarah tidak mencapai mufakat dalam 30 (tiga puluh) hari, para pihak sepakat ` +
        `menyelesaikannya melalui ${court(district)}.`,
    ],
  },
  {
    title: 'Tanda Tangan Elektronik',
    paragraphs: [
      'Kontrak ini ditandatangani secara elektronik. Tanda tangan elektronik tidak tersertifikasi para pihak ' +
        'sah dan memiliki akibat hukum menurut Undang-Undang Nomor 11 Tahun 2008 tentang Informasi dan ' +
        'Transaksi Elektronik beserta perubahannya dan Peraturan Pemerintah Nomor 71 Tahun 2019. Setiap ' +
        'perubahan atas isi kontrak setelah penandatanganan dapat diketahui melalui kode verifikasi dan hash ' +
        'SHA-256 dokumen.',
    ],
  },
];

const byDeadline = (days: number) =>
  days === 0
    ? 'pada hari penerimaan dikonfirmasi'
    : `paling lambat ${days} hari setelah penerimaan dikonfirmasi`;

/**
 * Version 2 (issue 31): deliveries weighed and graded as lots, a price per grade in the terms, and when each
 * delivery is paid; the other clauses as in version 1.
 */
const version2 = (context: ClauseContext): Clause[] => {
  const [, , ...rest] = version1(context);
  const days = context.paymentDays ?? 7;
  return [
    {
      title: 'Pengiriman dan Penerimaan',
      paragraphs: [
        context.deliveryTerms
          ? `Hasil panen diserahkan dengan ketentuan: ${context.deliveryTerms}.`
          : 'Tempat dan cara penyerahan hasil panen disepakati para pihak sebelum setiap pengiriman.',
        'Setiap pengiriman ditimbang dan dicatat oleh Pihak Kedua melalui aplikasi TaniMitra (tanggal, berat ' +
          'kotor, jumlah yang diterima dan mutunya, jumlah yang ditolak beserta alasannya) dengan kode lot yang ' +
          'dapat ditelusuri. Pihak Pertama mengonfirmasi penerimaan atau menyanggah catatan pengiriman; ' +
          'sanggahan diselesaikan oleh admin TaniMitra.',
      ],
    },
    {
      title: 'Standar Mutu dan Harga',
      paragraphs: [
        'Kecuali disepakati lain, Mutu A adalah hasil panen segar, bersih, kering sesuai kebutuhan komoditas, ' +
          'seragam, bebas hama, penyakit dan kerusakan fisik; Mutu B hasil panen layak jual dengan cacat ringan ' +
          'atau ukuran tidak seragam, paling banyak 10% dari berat pengiriman; Mutu C hasil panen layak olah ' +
          'dengan cacat lebih dari 10% dari berat pengiriman, tetapi tidak busuk.',
        'Harga per satuan setiap mutu tercantum pada tabel harga per mutu dalam Syarat Kontrak. Nilai setiap ' +
          'pengiriman adalah jumlah yang diterima dikalikan harga mutunya, dibulatkan ke rupiah terdekat.',
      ],
    },
    {
      title: 'Pembayaran',
      paragraphs: [
        `Pembayaran atas setiap pengiriman dilakukan oleh Pihak Kedua ${byDeadline(days)} oleh Pihak ` +
          'Pertama, sebesar nilai pengiriman dikurangi uang muka dan sarana produksi yang telah diterima ' +
          'Pihak Pertama dan dikonfirmasi penerimaannya.',
        'Setiap pembayaran dicatat oleh Pihak Kedua (jumlah, cara, nomor referensi, tanggal dan bukti) dan ' +
          'dikonfirmasi penerimaannya oleh Pihak Pertama melalui aplikasi TaniMitra.',
      ],
    },
    ...rest,
  ];
};

const CLAUSES: Record<number, (context: ClauseContext) => Clause[]> = { 1: version1, 2: version2 };

/** The clauses of `version` for this contract; an unknown version is a programming error. */
export function standardClauses(version: number, context: ClauseContext): Clause[] {
  const clauses = CLAUSES[version];
  if (!clauses) throw new Error(`Unknown contract clauses version ${version}`);
  return clauses(context);
}
