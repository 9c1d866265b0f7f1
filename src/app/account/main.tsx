import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { lazyWithQueries } from '../api/lazyWithQueries';
import '../styles/site.css';
import '../styles/site-sections.css';
import '../styles/site-pages.css';

/**
 * /akun's own entry (akun/index.html, issue 32): the account screens without the public site's pages, which
 * the main entry (src/app/main.tsx) carries for their prerendered HTML. The installed app opens here; its
 * service worker keeps this page and its chunks for offline use. Any other address loads as a whole page.
 */
const AccountPage = lazyWithQueries(() => import('./AccountPage'));
const ContractScreen = lazyWithQueries(() => import('./contracts/ContractScreen'));
const NotificationSettingsPage = lazyWithQueries(() => import('./NotificationSettingsPage'));
/** Sign-out lands here with its notice (router state), which a whole-page load would lose. */
const LoginPage = lazyWithQueries(() => import('./LoginPage'));

function ElsewhereInSite() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.assign(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

const screens = {
  '/akun': AccountPage,
  '/akun/notifikasi': NotificationSettingsPage,
  '/akun/kontrak/:id': ContractScreen,
  '/login': LoginPage,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        {Object.entries(screens).map(([path, Screen]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <Screen />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<ElsewhereInSite />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);

// The worker controls /akun only: the public pages and the admin panel load from the network as before. The
// dev server has no /sw.js: the registration fails there, quietly.
if ('serviceWorker' in navigator)
  void navigator.serviceWorker.register('/sw.js', { scope: '/akun' }).catch(() => undefined);
