import { Link } from 'react-router-dom';
import { MINIMUM_USER_AGE, PRIVACY_SCROLL_TOP_THRESHOLD_PX } from '../../shared/constants';
import { ArticleFrame, SectionBody } from './ArticlePage';
import { SUPPORT } from './contact';
import { useScrolledPast } from './useScrolledPast';
import type { ArticleSection } from './helpArticles';

const PRIVACY_LAST_UPDATED = '20 Januari 2025';

/** The 13 sections of the privacy policy (docs/spec-notes.md §2, §9). */
const PRIVACY_SECTIONS: ArticleSection[] = [
  {
    heading: '1. Pendahuluan',
    paragraphs: [
      'Kebijakan Privasi ini menjelaskan bagaimana TaniMitra mengumpulkan, menggunakan, menyimpan dan melindungi data pribadi Anda saat menggunakan platform kami di perangkat mobile, web dan desktop. Dengan menggunakan layanan, Anda menyetujui praktik yang dijelaskan di sini.',
    ],
  },
  {
    heading: '2. Informasi yang Kami Kumpulkan',
    items: [
      'Data akun (semua pengguna): nama lengkap, email, password (disimpan dalam bentuk hash), NIK, foto profil dan peran (Petani, Mitra, Admin).',
      'Data profil sesuai peran: petani — alamat, nomor telepon dan informasi lahan; mitra — alamat usaha, nomor telepon dan dokumen pendukung.',
      'Dokumen verifikasi: foto KTP, swafoto dengan KTP dan dokumen pendukung.',
      'Data teknis: token sesi, kode OTP, log aktivitas, informasi perangkat, alamat IP dan lokasi.',
    ],
  },
  {
    heading: '3. Penggunaan Data dan Dasar Hukum',
    items: [
      'Menjalankan kontrak: membuat akun, mencatat lahan dan kontrak antara petani dan mitra.',
      'Kewajiban hukum: verifikasi identitas dan penyimpanan catatan transaksi.',
      'Kepentingan sah: keamanan sistem, pencegahan penipuan dan peningkatan layanan.',
      'Persetujuan: komunikasi opsional dan cookie non-esensial, yang dapat Anda tarik kapan saja.',
    ],
  },
  {
    heading: '4. Penyimpanan dan Keamanan Data',
    paragraphs: [
      'Data disimpan di server yang dilindungi dengan enkripsi saat transit (HTTPS), password di-hash, akses dibatasi berdasarkan peran, dan dokumen verifikasi hanya dapat dibuka oleh pemiliknya dan admin yang berwenang. Setiap perubahan oleh admin tercatat dalam log audit.',
    ],
  },
  {
    heading: '5. Berbagi Data dengan Pihak Ketiga',
    paragraphs: [
      'Kami tidak menjual data Anda. Data hanya dibagikan kepada pihak dalam kontrak Anda (petani atau mitra terkait) sebatas yang diperlukan, penyedia infrastruktur yang terikat perjanjian kerahasiaan, dan otoritas yang berwenang bila diwajibkan hukum.',
    ],
  },
  {
    heading: '6. Hak Pengguna',
    items: [
      'Akses: melihat data Anda di halaman Akun.',
      'Koreksi: mengubah profil Anda kapan saja.',
      'Penghapusan: menghapus akun secara permanen dari pengaturan profil di halaman Akun.',
      'Portabilitas: mengunduh salinan data Anda (berkas JSON) melalui tombol "Unduh Data Saya" di halaman Akun.',
    ],
  },
  {
    heading: '7. Retensi Data',
    items: [
      'Data akun aktif: disimpan selama akun aktif.',
      'Data transaksi: 7 tahun.',
      'Data verifikasi: 5 tahun.',
      'Log sistem: 2 tahun.',
    ],
  },
  {
    heading: '8. Privasi Anak',
    paragraphs: [
      `Layanan ini tidak ditujukan bagi pengguna di bawah ${MINIMUM_USER_AGE} tahun. Bila kami mengetahui data anak di bawah ${MINIMUM_USER_AGE} tahun terkumpul, data tersebut akan segera kami hapus.`,
    ],
  },
  {
    heading: '9. Transfer Data Internasional',
    paragraphs: [
      'Data Anda pada dasarnya diproses di Indonesia. Bila penyedia layanan kami memproses data di luar negeri, kami memastikan tingkat perlindungan yang setara sesuai peraturan perundang-undangan Indonesia.',
    ],
  },
  {
    heading: '10. Perubahan Kebijakan',
    paragraphs: [
      'Perubahan material atas kebijakan ini akan diberitahukan setidaknya 30 hari sebelumnya melalui email atau pemberitahuan di aplikasi.',
    ],
  },
  {
    heading: '11. Cookie',
    items: [
      'Cookie esensial: diperlukan untuk sesi login, berlaku selama sesi.',
      'Cookie fungsional: menyimpan preferensi Anda, hingga 1 tahun.',
      'Cookie analitik: membantu kami memahami penggunaan layanan, hingga 2 tahun.',
    ],
  },
  {
    heading: '12. Hubungi Kami',
    paragraphs: [
      `Pertanyaan tentang privasi dapat dikirim ke ${SUPPORT.privacyEmail} atau ${SUPPORT.email}, telepon ${SUPPORT.phoneDisplay} (${SUPPORT.hours}), atau ke alamat ${SUPPORT.address}.`,
    ],
  },
  {
    heading: '13. Hukum yang Berlaku dan Penyelesaian Sengketa',
    paragraphs: [
      'Kebijakan ini tunduk pada hukum Republik Indonesia, termasuk Undang-Undang Pelindungan Data Pribadi. Sengketa diselesaikan terlebih dahulu secara musyawarah; bila tidak tercapai kesepakatan, sengketa diselesaikan di Jakarta.',
    ],
  },
];

export function PrivacyPage() {
  const showToTop = useScrolledPast(PRIVACY_SCROLL_TOP_THRESHOLD_PX);
  return (
    <ArticleFrame title="Kebijakan Privasi" lead={<p>Terakhir diperbarui: {PRIVACY_LAST_UPDATED}</p>}>
      {PRIVACY_SECTIONS.map((s) => (
        <section key={s.heading} aria-labelledby={idOf(s.heading)} style={{ padding: 0 }}>
          <h2 id={idOf(s.heading)}>{s.heading}</h2>
          <SectionBody section={s} />
        </section>
      ))}
      <h2>Sumber Data Wilayah</h2>
      <p>
        Data wilayah Indonesia (provinsi, kabupaten/kota, kecamatan) bersumber dari{' '}
        <a href="https://github.com/fityannugroho/idn-area-data">idn-area-data</a> © para penulisnya,
        dilisensikan di bawah{' '}
        <a href="https://opendatacommons.org/licenses/odbl/1-0/">Open Database License (ODbL) v1.0</a>.
      </p>
      <p>
        Lihat juga <Link to="/help/terms">Syarat &amp; Ketentuan</Link>.
      </p>
      {showToTop && (
        <button type="button" className="to-top" aria-label="Kembali ke atas" onClick={scrollToTop}>
          ↑
        </button>
      )}
    </ArticleFrame>
  );
}

/** Back to the top, without animation for visitors who ask for reduced motion; focus follows to the title. */
function scrollToTop() {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  document.getElementById('judul-halaman')?.focus({ preventScroll: true });
}

const idOf = (heading: string) => `bagian-${heading.split('.')[0]}`;
