import type { HelpArticle } from './helpArticles';

/**
 * The articles on a contract's steps, as the product takes them (docs/API.md, "Contract lifecycle"): offers and
 * counter-offers, signing and what it means, deliveries, checking a PDF, cancelling. `keywords` are the other
 * words people type for the same thing; the search reads them with the text.
 */
export const CONTRACT_ARTICLES: HelpArticle[] = [
  {
    slug: 'penawaran',
    title: 'Penawaran dan Tawar-Menawar Kontrak',
    summary:
      'Cara mitra mengajukan penawaran atas lahan, dan cara petani menawar balik, menerima atau menolaknya.',
    keywords: ['tawar', 'nego', 'negosiasi', 'harga', 'ajukan', 'offer', 'counter', 'revisi'],
    sections: [
      {
        heading: 'Mitra mengajukan penawaran',
        items: [
          'Hanya mitra yang sudah terverifikasi yang dapat mengajukan penawaran, dan hanya atas lahan berstatus aktif milik petani yang sudah terverifikasi.',
          'Di halaman Akun, mitra mencari lahan (provinsi, kategori, luas), memilih lahan lalu mengisi syarat: komoditas, jumlah dan satuan, harga per satuan, tanggal mulai dan selesai, serta ketentuan pengiriman.',
          'Setelah penawaran terkirim, kontrak berstatus Pending dan lahan berstatus Negosiasi sehingga tidak dapat ditawar mitra lain.',
        ],
      },
      {
        heading: 'Petani menanggapi',
        items: [
          'Terima: tanda tangani penawaran apa adanya (lihat Tanda Tangan Elektronik).',
          'Tawar balik: ubah harga, jumlah, tanggal atau ketentuan pengiriman dan tambahkan catatan. Kontrak menjadi Negosiasi dan giliran mitra.',
          'Tolak: kontrak menjadi Ditolak dan lahan kembali aktif.',
        ],
      },
      {
        heading: 'Mitra merevisi',
        paragraphs: [
          'Mitra dapat merevisi syarat selama kontrak berstatus Pending atau Negosiasi. Setiap tawar balik dan revisi menjadi versi syarat baru yang bernomor; semua versi tetap tersimpan dan dapat dibandingkan di halaman kontrak.',
          'Versi baru membatalkan tanda tangan atas versi sebelumnya: kedua pihak harus menandatangani versi yang sama.',
        ],
      },
    ],
  },
  {
    slug: 'tanda-tangan',
    title: 'Tanda Tangan Elektronik Kontrak',
    summary: 'Cara menandatangani kontrak dengan kata sandi, kapan kontrak disetujui, dan kekuatan hukumnya.',
    keywords: ['tandatangan', 'ttd', 'teken', 'sign', 'setuju', 'menyetujui', 'sah', 'hukum', 'legal'],
    sections: [
      {
        heading: 'Cara menandatangani',
        items: [
          'Buka kontrak di halaman Akun dan baca syarat versi yang berlaku sampai selesai.',
          'Tekan Tanda tangani, baca pernyataan tanda tangan elektronik, centang persetujuan, lalu masukkan kata sandi akun Anda.',
          'Tanda tangan berlaku untuk versi yang Anda baca. Bila pihak lain mengubah syarat sementara itu, tanda tangan ditolak dan versi terbaru ditampilkan untuk Anda baca.',
        ],
      },
      {
        heading: 'Kapan kontrak disetujui',
        paragraphs: [
          'Kontrak berstatus Disetujui setelah petani dan mitra menandatangani versi syarat yang sama. Kontrak menjadi Aktif pada tanggal mulai, atau lebih awal bila mitra memulainya.',
        ],
      },
      {
        heading: 'Kekuatan hukum',
        paragraphs: [
          'Tanda tangan elektronik diakui oleh Undang-Undang Informasi dan Transaksi Elektronik (UU ITE) dan PP 71/2019. TaniMitra mencatat siapa yang menandatangani, waktunya, alamat IP, perangkat, versi syarat dan sidik (hash) dokumen yang ditandatangani.',
          'PDF kontrak ditandatangani secara digital oleh TaniMitra dan memuat kode verifikasi serta kode QR; setiap perubahan pada berkas membuat tanda tangan digitalnya tidak sah (lihat Memeriksa Keaslian Kontrak).',
        ],
      },
    ],
  },
  {
    slug: 'pengiriman',
    title: 'Pengiriman Hasil Panen dan Konfirmasi Penerimaan',
    summary:
      'Cara mitra mencatat pengiriman, cara petani mengonfirmasinya, dan kapan kontrak dapat diselesaikan.',
    keywords: ['kirim', 'antar', 'setor', 'panen', 'terima', 'diterima', 'konfirmasi', 'selesai', 'grade'],
    sections: [
      {
        heading: 'Mencatat pengiriman',
        items: [
          'Selama kontrak Aktif, mitra mencatat setiap pengiriman: tanggal, jumlah, grade (A, B atau C), jumlah yang dibayar dan foto bila ada.',
          'Tanggal pengiriman dihitung sejak kontrak dimulai dan tidak boleh melewati hari ini.',
        ],
      },
      {
        heading: 'Konfirmasi oleh petani',
        paragraphs: [
          'Petani memeriksa setiap pengiriman di halaman kontrak lalu menekan Konfirmasi penerimaan bila jumlah dan grade sesuai. Pengiriman yang belum dikonfirmasi ditandai sebagai giliran petani.',
        ],
      },
      {
        heading: 'Menyelesaikan kontrak',
        paragraphs: [
          'Mitra dapat menyelesaikan kontrak setelah ada setidaknya satu pengiriman dan semua pengiriman dikonfirmasi. Sebelum menyelesaikan, jumlah terkirim dibandingkan dengan jumlah dalam kontrak. Lahan lalu berstatus Selesai sampai pemiliknya mengaktifkannya lagi untuk musim berikutnya.',
        ],
      },
    ],
  },
  {
    slug: 'verifikasi-kontrak',
    title: 'Memeriksa Keaslian Kontrak',
    summary:
      'Cara memastikan PDF kontrak asli dan tidak diubah: kode verifikasi, kode QR dan tanda tangan digital.',
    keywords: ['asli', 'palsu', 'cek', 'periksa', 'keaslian', 'pdf', 'qr', 'kode', 'verifikasi'],
    sections: [
      {
        heading: 'Dengan kode verifikasi atau kode QR',
        paragraphs: [
          'Setiap halaman PDF kontrak memuat kode verifikasi (XXXX-XXXX-XXXX-XXXX) dan kode QR. Pindai kode QR atau buka halaman Verifikasi Kontrak dan ketik kodenya; huruf kecil dan spasi tidak masalah.',
          'Halaman itu menunjukkan status kontrak dan syarat yang ditandatangani (komoditas, jumlah, harga, nilai total, tanggal, wilayah dan waktu setiap tanda tangan) untuk dibandingkan dengan dokumen yang Anda pegang. Nama, NIK dan kontak tidak pernah ditampilkan.',
        ],
      },
      {
        heading: 'Dengan berkas PDF',
        paragraphs: [
          'Unggah berkas PDF di halaman verifikasi. Berkas dinyatakan cocok hanya bila tanda tangan digital TaniMitra di dalamnya sah, mencakup seluruh berkas, dan berkas itu adalah versi yang berlaku. Pembaca PDF seperti Adobe Acrobat Reader juga menunjukkan bila berkas diubah setelah ditandatangani.',
        ],
      },
      {
        heading: 'Arti hasil pemeriksaan',
        items: [
          'Dokumen asli — kedua pihak telah menandatangani versi yang berlaku.',
          'Belum ditandatangani lengkap — baru satu pihak atau belum ada yang menandatangani; dokumen belum mengikat.',
          'Kontrak dibatalkan atau Penawaran ditolak — kontrak tidak berlaku.',
          'PDF tidak cocok — berkas telah diubah atau bukan dokumen yang ditandatangani; jangan mengandalkannya.',
        ],
      },
    ],
  },
  {
    slug: 'pembatalan',
    title: 'Pembatalan Kontrak',
    summary: 'Siapa yang dapat membatalkan kontrak dan kapan, serta apa yang terjadi sesudahnya.',
    keywords: ['batal', 'batalkan', 'membatalkan', 'cancel', 'tarik', 'mundur', 'tolak'],
    sections: [
      {
        heading: 'Sebelum disetujui',
        paragraphs: [
          'Selama kontrak berstatus Pending atau Negosiasi, petani maupun mitra dapat membatalkannya dari halaman kontrak, dengan alasan bila mau. Petani juga dapat menolak penawaran.',
        ],
      },
      {
        heading: 'Sesudah disetujui',
        paragraphs: [
          'Kontrak yang sudah Disetujui atau Aktif tidak dapat dibatalkan sepihak oleh petani atau mitra. Hubungi tim support: hanya admin TaniMitra yang dapat membatalkannya, dengan alasan yang dicatat, misalnya bila kedua pihak sepakat mengakhirinya.',
        ],
      },
      {
        heading: 'Sesudah dibatalkan',
        paragraphs: [
          'Kontrak berstatus Dibatalkan tetap tersimpan sebagai riwayat bagi kedua pihak, beserta alasannya, dan tidak dapat diaktifkan kembali. Lahan kembali aktif bila tidak terikat kontrak lain. Untuk melanjutkan kerja sama, ajukan penawaran baru.',
        ],
      },
    ],
  },
];
