import { Link } from 'react-router-dom';
import { ServiceIcon, type ServiceIconName } from './ServiceIcon';
import { SiteSection } from './SiteSection';
import { StatList } from './StatList';

const FEATURES: { icon: ServiceIconName; title: string; text: string }[] = [
  {
    icon: 'document',
    title: 'Kontrak Digital Transparan',
    text: 'Setiap kesepakatan tercatat jelas: komoditas, jumlah, harga dan jadwal dapat dilihat kedua pihak.',
  },
  {
    icon: 'phone',
    title: 'Aplikasi Mobile & Web',
    text: 'Kelola lahan dan kontrak dari ponsel Android, komputer Windows, atau langsung dari browser.',
  },
  {
    icon: 'handshake',
    title: 'Jaringan Luas',
    text: 'Terhubung dengan ratusan petani dan mitra bisnis terverifikasi di berbagai daerah Indonesia.',
  },
  {
    icon: 'growth',
    title: 'Pendapatan Petani Meningkat',
    text: 'Harga disepakati di awal sehingga petani memiliki kepastian pasar dan pendapatan.',
  },
  {
    icon: 'lock',
    title: 'Keamanan Berlapis & Perlindungan Hukum',
    text: 'Data dienkripsi, identitas diverifikasi, dan kontrak memiliki dasar hukum yang jelas.',
  },
  {
    icon: 'location',
    title: 'Monitoring Lahan dengan GPS',
    text: 'Lokasi dan kondisi lahan dipantau dengan titik GPS sehingga mitra dan petani selalu mendapat informasi terbaru.',
  },
];

const STATS = [
  { value: '500+', label: 'Petani Aktif' },
  { value: '100+', label: 'Mitra Bisnis' },
  { value: '1000+', label: 'Kontrak Berhasil' },
];

const ARTICLES = [
  {
    to: '/help/registration-guide',
    title: 'Cara Mendaftar sebagai Petani atau Mitra',
    text: 'Langkah demi langkah membuat akun dan menyelesaikan verifikasi identitas.',
  },
  {
    to: '/help/contract-guide',
    title: 'Memahami Kontrak Pertanian Digital',
    text: 'Apa saja isi kontrak, bagaimana statusnya berubah, dan hak kedua belah pihak.',
  },
  {
    to: '/help/monitoring-guide',
    title: 'Memantau Lahan dengan Titik GPS',
    text: 'Tips mendaftarkan lahan dan memperbarui foto serta lokasi agar mudah diverifikasi.',
  },
];

export function LandingPage() {
  return (
    <>
      <section id="beranda" className="hero" aria-labelledby="judul-beranda">
        <div className="container hero-grid">
          <div>
            <h1 id="judul-beranda">Kontrak Digital untuk Petani dan Mitra Bisnis</h1>
            <p>
              TaniMitra menghubungkan petani dengan mitra bisnis melalui kontrak digital yang transparan, aman
              dan mudah dipantau — dari penanaman hingga panen.
            </p>
            <div className="actions">
              <Link to="/download" className="btn btn-primary">
                Download Aplikasi
              </Link>
              <a href="#tentang" className="btn btn-outline">
                Pelajari Lebih Lanjut
              </a>
            </div>
          </div>
          <img
            src="/images/hero.svg"
            width="480"
            height="360"
            alt="Ilustrasi petani dan mitra bisnis berjabat tangan di depan sawah"
            fetchPriority="high"
          />
        </div>
      </section>

      <SiteSection
        anchor="tentang"
        headingId="judul-tentang"
        title="Tentang TaniMitra"
        intro="Kami membangun kemitraan pertanian yang adil. Petani mendapat kepastian pasar dan harga, mitra mendapat pasokan berkualitas yang dapat dipantau, dan keduanya terlindungi oleh kontrak yang jelas."
      >
        <StatList stats={STATS} />
      </SiteSection>

      <SiteSection
        anchor="layanan"
        headingId="judul-layanan"
        title="Layanan Kami"
        intro="Semua yang dibutuhkan petani dan mitra untuk bekerja sama dengan tenang."
        className="section-soft"
      >
        <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
          {FEATURES.map((f) => (
            <li key={f.title} className="card">
              <ServiceIcon name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </SiteSection>

      <SiteSection
        anchor="artikel"
        headingId="judul-artikel"
        title="Blog & Artikel"
        intro="Panduan dan wawasan seputar kemitraan pertanian."
      >
        <div className="grid">
          {ARTICLES.map((a) => (
            <article key={a.to} className="card">
              <img src="/images/article.svg" width="320" height="160" loading="lazy" alt="" />
              <h3>
                <Link to={a.to}>{a.title}</Link>
              </h3>
              <p>{a.text}</p>
            </article>
          ))}
        </div>
      </SiteSection>

      <section className="cta" aria-labelledby="judul-cta">
        <div className="container">
          <h2 id="judul-cta">Siap Memulai Kemitraan?</h2>
          <p>Tim kami siap membantu petani dan mitra bisnis memulai kontrak digital pertama.</p>
          <div className="actions" style={{ justifyContent: 'center' }}>
            <Link to="/help/chat" className="btn">
              Hubungi Tim Kami
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
