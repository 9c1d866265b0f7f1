import { lazy, Suspense, useDeferredValue, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { hasAdminToken } from '../api/session';
import { palette } from '../theme/palette';
import { preloadFirstScreen } from './firstScreens';
import { remembered, useArrived } from './remembered';

/**
 * The panel (react-admin) is its own chunk: public pages never download it. Signed in, the address's first
 * screen (a list, the dashboard) downloads beside it rather than after it; signed out, the panel shows its login.
 */
const loadAdminApp = remembered(() => {
  if (hasAdminToken()) preloadFirstScreen(window.location.pathname);
  return import('./AdminApp');
});

/** The panel once its chunk has arrived, the loading screen until then (useArrived: no Suspense hold). */
function Panel() {
  const arrived = useArrived(loadAdminApp);
  return arrived ? <arrived.default /> : <PanelLoading />;
}

/** /admin/login before the panel: the form alone, in a much smaller chunk. */
const StandaloneLogin = lazy(() => import('./login/StandaloneLogin'));

/**
 * What /admin/* shows while the panel's chunk downloads, instead of a white page. It is in the main chunk, so
 * plain HTML with inline styles: no MUI. Fixed over the viewport, it moves nothing when the panel replaces it.
 */
const screen: CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  background: palette.bgSoft,
  color: palette.ink,
  font: '16px/1.5 system-ui, sans-serif',
};

export function PanelLoading() {
  return (
    <div role="status" style={screen}>
      <p style={{ margin: 0 }}>Memuat panel admin…</p>
      <progress aria-hidden="true" style={{ width: 160, accentColor: palette.green }} />
    </div>
  );
}

/**
 * `children` once a deferred render has drawn them, the loading screen until then. The panel's first render (bar,
 * menu, first screen: hundreds of MUI components) and the login form's come in an update React renders in one
 * piece, a long task on a slow phone; deferred, React renders them in slices, yielding to the browser.
 */
export function AfterLoading({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : <PanelLoading />;
}

/**
 * /admin/*, as main.tsx mounts it: the panel, and the loading screen until its chunk has arrived. Signed out on
 * /admin/login (the first visit, or after signing out), the login form alone; the panel takes over when the
 * form's redirect leaves the address. Signed in, the panel handles /admin/login itself.
 */
export function PanelEntry() {
  const { pathname } = useLocation();
  const loginAlone = useMemo(() => pathname === '/admin/login' && !hasAdminToken(), [pathname]);
  return <Suspense fallback={<PanelLoading />}>{loginAlone ? <StandaloneLogin /> : <Panel />}</Suspense>;
}
