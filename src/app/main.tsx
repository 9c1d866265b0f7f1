import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PanelEntry } from './admin/PanelEntry';
import { QueryProvider } from './api/queryClient';
import { publicRoutes } from './site/pages';
import './styles/site.css';
import './styles/site-sections.css';
import './styles/site-pages.css';

/** Sign-in and account self-service load axios; their own chunks keep it off the public pages. */
const LoginPage = lazy(() => import('./account/LoginPage'));
const AccountPage = lazy(() => import('./account/AccountPage'));
const ContractScreen = lazy(() => import('./account/contracts/ContractScreen'));
const SignupPage = lazy(() => import('./account/signup/SignupPage'));
/** The public check of a contract's verification code (no sign-in). */
const VerifyPage = lazy(() => import('./verify/VerifyPage'));

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
      {publicRoutes()}
    </Routes>
  );
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryProvider>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryProvider>
  </StrictMode>
);
// Prerendered public pages arrive with their HTML (scripts/prerender.mjs); the shell arrives empty.
// Hydrating in a transition lets React yield to the browser between components, so a slow phone's
// main thread is not held in one long task while the already-painted page becomes interactive.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
