import { Suspense, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { PUBLIC_DOWNLOAD_PLATFORMS } from '../../shared/constants';
import { lazyWithQueries } from '../api/lazyWithQueries';
import { PLATFORM_LABEL } from './ReleaseCard';
import { ReleasesLoading } from './ReleaseListFrame';
import { SiteSection } from './SiteSection';

const FILTERS = [
  { value: 'all', label: 'Semua Platform' },
  ...PUBLIC_DOWNLOAD_PLATFORMS.map((value) => ({ value, label: PLATFORM_LABEL[value] })),
];

const SYSTEM_REQUIREMENTS = [
  { platform: 'Android', items: ['Android 6.0 atau lebih tinggi', 'RAM 2GB', 'Penyimpanan 50MB'] },
  { platform: 'Windows', items: ['Windows 10 atau lebih tinggi', 'RAM 4GB', 'Penyimpanan 200MB'] },
  { platform: 'Web Browser', items: ['Chrome 80+', 'Firefox 75+', 'Safari 13+', 'Edge 80+'] },
];

/** The list and its reader (react-query) load after the prerendered page has hydrated. */
const ReleaseList = lazyWithQueries(() => import('./ReleaseList'));
const noSubscription = () => () => undefined;

export function DownloadPage() {
  const [filter, setFilter] = useState('all');
  // False while hydrating the prerendered HTML (which shows the loading notice), true from then on.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  return (
    <>
      <section className="hero" aria-labelledby="judul-download" style={{ paddingBottom: 32 }}>
        <div className="container section-title" style={{ marginBottom: 0 }}>
          <h1 id="judul-download">Download Aplikasi TaniMitra</h1>
          <p>Pilih platform Anda dan mulai kelola lahan serta kontrak di mana saja.</p>
        </div>
      </section>
      <section aria-labelledby="judul-daftar" style={{ paddingTop: 16 }}>
        <div className="container">
          <h2 id="judul-daftar" className="visually-hidden">
            Daftar aplikasi
          </h2>
          <div className="filters" role="group" aria-label="Filter platform">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
          {hydrated ? (
            <Suspense fallback={<ReleasesLoading />}>
              <ReleaseList platform={filter} />
            </Suspense>
          ) : (
            <ReleasesLoading />
          )}
        </div>
      </section>
      <SiteSection headingId="judul-persyaratan" title="Persyaratan Sistem" className="section-soft">
        <div className="grid">
          {SYSTEM_REQUIREMENTS.map((r) => (
            <div key={r.platform} className="card">
              <h3>{r.platform}</h3>
              <ul>
                {r.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </SiteSection>
      <section aria-labelledby="judul-bantuan-unduh">
        <div className="container section-title">
          <h2 id="judul-bantuan-unduh">Butuh Bantuan?</h2>
          <p>Ikuti panduan instalasi atau hubungi tim support kami bila mengalami kendala.</p>
          <div className="actions" style={{ justifyContent: 'center' }}>
            <Link to="/help/troubleshooting" className="btn btn-outline">
              Panduan Instalasi
            </Link>
            <Link to="/help/chat" className="btn btn-primary">
              Hubungi Support
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
