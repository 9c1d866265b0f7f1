import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LANDING_SCROLL_THRESHOLD_PX } from '../../shared/constants';
import { hasUserToken } from '../api/session';
import { Logo } from './Logo';
import { useScrolledPast } from './useScrolledPast';

const NAV = [
  { href: '/#beranda', label: 'Beranda' },
  { href: '/#tentang', label: 'Tentang Kami' },
  { href: '/#layanan', label: 'Layanan' },
  { href: '/#artikel', label: 'Blog & Artikel' },
];

/** Another tab signing in or out. */
const onStorage = (changed: () => void) => {
  window.addEventListener('storage', changed);
  return () => window.removeEventListener('storage', changed);
};

/**
 * The site's header. Signed in as a petani or mitra, "Masuk" becomes "Akun Saya", with `user` (their name)
 * where the page knows it (the account pages); public pages are prerendered signed out, so the session is
 * read once hydrated (the server's snapshot is signed out). `tools` (the account pages' notification bell) stay
 * beside the menu button on a phone.
 */
export function SiteHeader({ user, tools }: { user?: string; tools?: ReactNode }) {
  const scrolled = useScrolledPast(LANDING_SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  const signedIn = useSyncExternalStore(onStorage, hasUserToken, () => false);
  const close = () => setOpen(false);
  return (
    <header className={scrolled ? 'site-header scrolled' : 'site-header'}>
      <div className="container bar">
        <Link to="/" className="brand" onClick={close}>
          <Logo /> TaniMitra
        </Link>
        {tools}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Tutup menu' : 'Menu'}
        </button>
        <nav id="site-nav" aria-label="Navigasi utama" className={open ? 'site-nav open' : 'site-nav'}>
          <ul className="nav-links">
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} onClick={close}>
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              {signedIn ? (
                <Link to="/akun" onClick={close}>
                  {user ? `Akun Saya · ${user}` : 'Akun Saya'}
                </Link>
              ) : (
                <Link to="/login" onClick={close}>
                  Masuk
                </Link>
              )}
            </li>
            <li>
              <Link to="/download" className="btn btn-primary" onClick={close}>
                Download
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
