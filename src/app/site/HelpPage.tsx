import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContactOptions } from './ContactOptions';
import { SUPPORT } from './contact';
import { CONTRACT_ARTICLES } from './helpContractArticles';
import { searchHelp } from './helpSearch';
import { SITE_LINKS } from './siteLinks';
import { SiteSection } from './SiteSection';
import { StatList } from './StatList';

const CATEGORIES = [
  {
    title: 'Privasi & Kebijakan',
    text: 'Bagaimana kami melindungi data Anda dan aturan penggunaan layanan.',
    links: [SITE_LINKS.privacy, SITE_LINKS.terms],
  },
  {
    title: 'Panduan Pengguna',
    text: 'Langkah demi langkah memakai TaniMitra.',
    links: [
      { to: '/help/registration-guide', label: 'Panduan Pendaftaran' },
      SITE_LINKS.contractGuide,
      { to: '/help/monitoring-guide', label: 'Panduan Monitoring Lahan' },
    ],
  },
  {
    title: 'Kontrak',
    text: 'Dari penawaran sampai pengiriman, dan cara memeriksa keaslian kontrak.',
    links: CONTRACT_ARTICLES.map((a) => ({ to: `/help/${a.slug}`, label: a.title })),
  },
  {
    title: 'FAQ',
    text: 'Jawaban atas pertanyaan dan kendala yang sering muncul.',
    links: [
      { to: '/help/faq', label: 'Pertanyaan Umum' },
      { to: '/help/troubleshooting', label: 'Pemecahan Masalah' },
    ],
  },
];

const STATS = [
  { value: '50+', label: 'Artikel Bantuan' },
  { value: '100+', label: 'FAQ' },
  { value: '1000+', label: 'Pengguna Terbantu' },
  { value: '4.8/5', label: 'Rating Kepuasan' },
];

function HelpSearch() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const inputId = useId();
  const hits = submitted ? searchHelp(submitted) : [];
  return (
    <>
      <form
        role="search"
        className="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(query.trim());
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Cari artikel bantuan
        </label>
        <input
          id={inputId}
          type="search"
          placeholder="Cari artikel bantuan…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Cari
        </button>
      </form>
      <div aria-live="polite">
        {submitted && (
          <>
            <p className="notice">
              {hits.length > 0
                ? `${hits.length} artikel ditemukan untuk "${submitted}"`
                : `Tidak ada artikel untuk "${submitted}". Coba kata lain atau hubungi kami.`}
            </p>
            <ul className="results">
              {hits.map((hit) => (
                <li key={hit.path}>
                  <Link to={hit.path}>{hit.title}</Link>
                  <br />
                  <span>{hit.summary}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

export function HelpPage() {
  return (
    <>
      <section className="hero" aria-labelledby="judul-bantuan">
        <div className="container section-title" style={{ marginBottom: 0 }}>
          <h1 id="judul-bantuan">Pusat Bantuan</h1>
          <p>Temukan jawaban, panduan dan cara menghubungi tim kami.</p>
          <HelpSearch />
        </div>
      </section>
      <SiteSection headingId="judul-kategori" title="Kategori Bantuan">
        <div className="grid">
          {CATEGORIES.map((c) => (
            <div key={c.title} className="card">
              <h3>{c.title}</h3>
              <p>{c.text}</p>
              <ul>
                {c.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </SiteSection>
      <SiteSection
        headingId="judul-kontak"
        title="Hubungi Kami"
        intro={`Email dibalas dalam waktu 24 jam, termasuk akhir pekan. Telepon dilayani ${SUPPORT.hours}.`}
        className="section-soft"
      >
        <ContactOptions />
      </SiteSection>
      <SiteSection headingId="judul-statistik" title="Pusat Bantuan dalam Angka">
        <StatList stats={STATS} />
      </SiteSection>
    </>
  );
}
