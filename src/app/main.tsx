import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PanelEntry } from './admin/PanelEntry';
import { lazyWithQueries } from './api/lazyWithQueries';
import { publicRoutes } from './site/pages';
import './styles/site.css';
import './styles/site-sections.css';
import './styles/site-pages.css';

/**
 * Sign-in and account self-service load axios and react-query (the client app's one cache, ./api/queryClient);
 * their own chunks keep both off the public pages.
 */
const LoginPage = lazyWithQueries(() => import('./account/LoginPage'));
const AccountPage = lazyWithQueries(() => import('./account/AccountPage'));
const ContractScreen = lazyWithQueries(() => import('./account/contracts/ContractScreen'));
const NotificationSettingsPage = lazyWithQueries(() => import('./account/NotificationSettingsPage'));
const SignupPage = lazyWithQueries(() => import('./account/signup/SignupPage'));
/** The public check of a contract's verification code (no sign-in). */
const VerifyPage = lazyWithQueries(() => import('./verify/VerifyPage'));
/** The public trace of a delivered lot, opened from a receipt's QR code (no sign-in). */
const TracePage = lazyWithQueries(() => import('./trace/TracePage'));

function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={<PanelEntry />} />
      <Route
        path="/login"
        element={
          <Suspense fallback={null}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        path="/daftar"
        element={
          <Suspense fallback={null}>
            <SignupPage />
          </Suspense>
        }
      />
      <Route
        path="/akun"
        element={
          <Suspense fallback={null}>
            <AccountPage />
          </Suspense>
        }
      />
      <Route
        path="/akun/notifikasi"
        element={
          <Suspense fallback={null}>
            <NotificationSettingsPage />
          </Suspense>
        }
      />
      <Route
        path="/akun/kontrak/:id"
        element={
          <Suspense fallback={null}>
            <ContractScreen />
          </Suspense>
        }
      />
      {['/verifikasi', '/verifikasi/:code'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={null}>
              <VerifyPage />
            </Suspense>
          }
        />
      ))}
      {['/lacak', '/lacak/:lot'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={null}>
              <TracePage />
            </Suspense>
          }
        />
      ))}
      {publicRoutes()}
    </Routes>
  );
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// Prerendered public pages arrive with their HTML (scripts/prerender.mjs); the shell arrives empty.
// Hydrating in a transition lets React yield to the browser between components, so a slow phone's
// main thread is not held in one long task while the already-painted page becomes interactive.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
