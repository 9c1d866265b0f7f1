import { lazy, Suspense, type CSSProperties } from 'react';
import { hasAdminToken } from '../api/session';
import { palette } from '../theme/palette';
import { preloadFirstScreen } from './firstScreens';

/**
 * The panel (react-admin) is its own chunk: public pages never download it. Signed in, the address's first
 * screen (a list, the dashboard) downloads beside it rather than after it; signed out, the panel shows its login.
 */
const AdminApp = lazy(() => {
  if (hasAdminToken()) preloadFirstScreen(window.location.pathname);
  return import('./AdminApp');
});

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

/** /admin/*, as main.tsx mounts it: the panel, and the loading screen until its chunk has arrived. */
export function PanelEntry() {
  return (
    <Suspense fallback={<PanelLoading />}>
      <AdminApp />
    </Suspense>
  );
}
