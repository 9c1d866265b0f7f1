import { CONTRACT_ARTICLES } from './helpContractArticles';

/** The help centre's articles (/help/{slug}); the help search (helpSearch.ts) runs over these. */
export interface ArticleSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  /** Other words people type for what the article answers (found by the search, not shown). */
  keywords?: string[];
  sections: ArticleSection[];
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    slug: 'terms',
    title: 'Syarat & Ketentuan',
    summary: 'Aturan penggunaan platform TaniMitra bagi petani, mitra bisnis dan pengunjung.',
    sections: [
      {
        heading: '1. Penerimaan Ketentuan',
        paragraphs: [
          'Dengan membuat akun atau menggunakan aplikasi TaniMitra di perangkat mobile, web maupun desktop, Anda menyetujui Syarat & Ketentuan ini serta Kebijakan Privasi kami.',
        ],
      },
      {
        heading: '2. Akun dan Usia Minimum',
        items: [
          'Layanan ini tidak ditujukan bagi pengguna di bawah 16 tahun.',
          'Anda wajib memberikan data yang benar, termasuk NIK dan nomor telepon, serta menjaga kerahasiaan password.',
          'Satu akun hanya untuk satu orang atau satu badan usaha.',
        ],
      },
      {
        heading: '3. Kontrak antara Petani dan Mitra',
        paragraphs: [
          'TaniMitra menyediakan sarana pencatatan dan pemantauan kontrak. Isi kontrak (komoditas, jumlah, harga dan jangka waktu) disepakati langsung oleh petani dan mitra, dan keduanya bertanggung jawab memenuhinya.',
        ],
      },
      {
        heading: '4. Larangan',
        items: [
          'Memalsukan identitas, dokumen verifikasi atau data lahan.',
          'Mengakses data pengguna lain tanpa hak.',
          'Mengganggu atau mencoba membobol sistem.',
        ],
      },
      {
        heading: '5. Penghentian Akun',
        paragraphs: [
          'Anda dapat menghapus akun kapan saja dari halaman Akun. Kami dapat menangguhkan akun yang melanggar ketentuan ini.',
        ],
      },
      {
        heading: '6. Hukum yang Berlaku',
        paragraphs: [
          'Ketentuan ini tunduk pada hukum Republik Indonesia. Sengketa diselesaikan secara musyawarah, dan bila tidak tercapai, melalui pengadilan di Jakarta.',
        ],
      },
    ],
  },
  {
    slug: 'registration-guide',
    title: 'Panduan Pendaftaran',
    summary: 'Cara membuat akun petani atau mitra dan menyelesaikan verifikasi identitas.',
    sections: [
      {
        heading: 'Membuat akun',
        items: [
          'Unduh aplikasi TaniMitra untuk Android atau Windows dari halaman Download, lalu pilih Daftar di aplikasi.',
          'Pilih peran: Petani bila Anda mengelola lahan, Mitra bila Anda mewakili usaha pembeli hasil tani.',
          'Isi nama lengkap, email, nomor telepon (format 08…, 62… atau +62…) dan password minimal 8 karakter yang berisi huruf dan angka.',
          'Setelah terdaftar, masuk dengan email dan password yang sama di aplikasi atau di Web App (halaman Masuk).',
        ],
      },
      {
        heading: 'Verifikasi identitas',
        paragraphs: [
          'Akun baru belum terverifikasi. Unggah foto KTP, swafoto dengan KTP dan dokumen pendukung dari aplikasi. Tim admin memeriksa dokumen dan mengubah status akun menjadi Terverifikasi.',
        ],
        items: [
          'NIK harus 16 digit sesuai KTP: sistem memeriksa kode wilayah dan tanggal lahir di dalamnya, jadi salin persis seperti tertulis.',
          'Foto harus jelas, tidak terpotong dan tidak buram (JPEG, PNG atau WebP).',
          'Mitra dapat melengkapi nama perusahaan, alamat perusahaan dan jabatan.',
        ],
      },
    ],
  },
  {
    slug: 'contract-guide',
    title: 'Panduan Kontrak',
    summary: 'Membuat, menegosiasikan dan memantau kontrak pertanian digital.',
    sections: [
      {
        heading: 'Isi kontrak',
        paragraphs: [
          'Setiap kontrak mencatat judul, kategori kontrak, petani, mitra, lahan, komoditas, jumlah dan satuan, harga per satuan, serta tanggal mulai dan selesai.',
        ],
      },
      {
        heading: 'Status kontrak',
        items: [
          'Pending — mitra telah mengajukan penawaran atau revisi; giliran petani menanggapi.',
          'Negosiasi — petani menawar balik; giliran mitra merevisi atau menandatangani.',
          'Disetujui — petani dan mitra telah menandatangani versi syarat yang sama.',
          'Aktif — kontrak berjalan sejak tanggal mulai atau sejak mitra memulainya; mitra mencatat pengiriman dan petani mengonfirmasinya.',
          'Selesai — mitra menutup kontrak setelah semua pengiriman dikonfirmasi.',
          'Ditolak — petani menolak penawaran.',
          'Dibatalkan — petani atau mitra membatalkan sebelum kontrak disetujui, atau admin membatalkannya sesudahnya dengan alasan yang dicatat.',
        ],
      },
      {
        heading: 'Status yang sudah final',
        paragraphs: [
          'Selesai, Ditolak dan Dibatalkan tidak dapat diubah lagi. Periksa isi kontrak dengan teliti sebelum menyetujuinya.',
        ],
      },
      {
        heading: 'Melihat kontrak Anda',
        paragraphs: [
          'Masuk ke akun Anda lalu buka halaman Akun untuk melihat semua kontrak tempat Anda menjadi petani atau mitra.',
        ],
      },
    ],
  },
  {
    slug: 'monitoring-guide',
    title: 'Panduan Monitoring Lahan',
    summary: 'Mendaftarkan lahan, titik GPS dan foto agar lahan mudah diverifikasi dan dipantau.',
    sections: [
      {
        heading: 'Mendaftarkan lahan',
        items: [
          'Isi nama lahan, luas dalam m², alamat, lokasi (provinsi, kabupaten/kota, kecamatan) dan kategori lahan.',
          'Tambahkan titik GPS dengan berdiri di lahan dan menekan tombol lokasi di aplikasi.',
          'Unggah foto lahan yang terbaru.',
        ],
      },
      {
        heading: 'Status lahan',
        items: [
          'Pending — menunggu verifikasi admin.',
          'Aktif / Tidak Aktif — lahan siap atau sedang tidak ditawarkan untuk kontrak.',
          'Negosiasi, Berjalan, Selesai — mengikuti kontrak yang memakai lahan tersebut.',
          'Ditolak — data lahan belum dapat diverifikasi; periksa kembali luas, lokasi dan foto lalu ajukan ulang.',
        ],
      },
      {
        heading: 'Tips',
        paragraphs: [
          'Perbarui foto lahan setiap fase tanam agar mitra dapat memantau perkembangan tanpa harus berkunjung.',
        ],
      },
    ],
  },
  {
    slug: 'faq',
    title: 'Pertanyaan yang Sering Diajukan (FAQ)',
    summary: 'Jawaban singkat atas pertanyaan paling umum tentang akun, kontrak dan data.',
    sections: [
      {
        heading: 'Apakah TaniMitra berbayar?',
        paragraphs: ['Pendaftaran dan penggunaan dasar TaniMitra tidak dipungut biaya bagi petani.'],
      },
      {
        heading: 'Berapa lama verifikasi akun?',
        paragraphs: ['Biasanya 1–2 hari kerja setelah dokumen lengkap diunggah.'],
      },
      {
        heading: 'Bagaimana cara mengunduh data saya?',
        paragraphs: [
          'Masuk, buka halaman Akun, lalu pilih "Unduh Data Saya". Anda mendapat berkas JSON berisi profil, lahan, kontrak dan daftar dokumen Anda.',
        ],
      },
      {
        heading: 'Bagaimana cara menghapus akun?',
        paragraphs: [
          'Di halaman Akun pilih "Hapus Akun Permanen" dan masukkan password Anda. Penghapusan bersifat permanen dan tidak dapat dibatalkan.',
        ],
      },
      {
        heading: 'Siapa yang dapat melihat data saya?',
        paragraphs: [
          'Profil dan lahan Anda terlihat oleh pihak dalam kontrak Anda sebatas yang diperlukan, serta oleh admin TaniMitra untuk verifikasi. Dokumen verifikasi (KTP dan swafoto) hanya dapat dibuka oleh Anda dan admin yang berwenang. Rinciannya ada di Kebijakan Privasi.',
        ],
      },
      {
        heading: 'Bagaimana cara mengubah nama, email atau nomor telepon?',
        paragraphs: [
          'Masuk, buka halaman Akun, ubah isian di bagian Profil lalu tekan "Simpan Profil". Email baru harus belum dipakai akun lain.',
        ],
      },
      {
        heading: 'Apa yang terjadi jika kontrak dibatalkan?',
        paragraphs: [
          'Kontrak berstatus Dibatalkan tetap tersimpan sebagai riwayat bagi kedua pihak dan tidak dapat diaktifkan kembali. Bila ingin melanjutkan kerja sama, ajukan kontrak baru.',
        ],
      },
      {
        heading: 'Saya lupa password',
        paragraphs: [
          'Hubungi tim support melalui email atau telepon dari halaman Hubungi Kami; kami akan membantu memulihkan akses setelah identitas Anda dikonfirmasi.',
        ],
      },
    ],
  },
  {
    slug: 'troubleshooting',
    title: 'Pemecahan Masalah & Panduan Instalasi',
    summary: 'Langkah instalasi aplikasi dan solusi untuk masalah yang sering terjadi.',
    sections: [
      {
        heading: 'Instalasi di Android',
        items: [
          'Pastikan Android 6.0 atau lebih tinggi dengan ruang kosong minimal 50MB.',
          'Tekan Download Sekarang di halaman Download, lalu pasang dari Google Play.',
        ],
      },
      {
        heading: 'Instalasi di Windows',
        items: [
          'Pastikan Windows 10 atau lebih tinggi, RAM 4GB dan ruang kosong 200MB.',
          'Jalankan berkas installer yang diunduh dan ikuti petunjuknya.',
        ],
      },
      {
        heading: 'Tidak bisa masuk',
        items: [
          'Periksa kembali email dan password; huruf besar/kecil pada password berpengaruh.',
          'Setelah 5 kali gagal, tunggu 15 menit sebelum mencoba lagi.',
          'Akun admin masuk melalui Admin Portal, bukan halaman Masuk pengguna.',
        ],
      },
      {
        heading: 'Aplikasi lambat atau data tidak muncul',
        items: [
          'Periksa koneksi internet Anda.',
          'Gunakan browser versi terbaru: Chrome 80+, Firefox 75+, Safari 13+ atau Edge 80+.',
        ],
      },
    ],
  },
  ...CONTRACT_ARTICLES,
];
