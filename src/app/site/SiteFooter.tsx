import { Link } from 'react-router-dom';
import { SUPPORT } from './contact';
import { Logo } from './Logo';
import { SITE_LINKS } from './siteLinks';

const GROUPS = [
  {
    title: 'Perusahaan',
    links: [
      { to: '/#tentang', label: 'Tentang Kami' },
      { to: '/#artikel', label: 'Blog & Artikel' },
      { to: '/help/chat', label: 'Hubungi Kami' },
    ],
  },
  {
    title: 'Layanan',
    links: [
      { to: '/download', label: 'Download Aplikasi' },
      { to: '/help', label: 'Pusat Bantuan' },
      SITE_LINKS.contractGuide,
      { to: '/help/monitoring-guide', label: 'Monitoring Lahan' },
    ],
  },
  {
    title: 'Legal',
    links: [SITE_LINKS.privacy, SITE_LINKS.terms, { to: '/help/faq', label: 'FAQ' }],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <p className="brand" style={{ color: '#fff' }}>
              <Logo /> TaniMitra
            </p>
            <p>Platform kontrak digital yang menghubungkan petani dan mitra bisnis secara transparan.</p>
            <p>
              <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
              <br />
              <a href={SUPPORT.phoneHref}>{SUPPORT.phoneDisplay}</a>
            </p>
          </div>
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    {link.to.startsWith('/#') ? (
                      <a href={link.to}>{link.label}</a>
                    ) : (
                      <Link to={link.to}>{link.label}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="footer-note">© 2025 TaniMitra. Seluruh hak cipta dilindungi.</p>
      </div>
    </footer>
  );
}
