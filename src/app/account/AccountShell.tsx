import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Page } from '../site/Page';
import { SiteLayout } from '../site/SiteLayout';

/** /akun's unsent changes and last sync (issue 32); loaded after the page, with the device's store. */
const OfflineBanner = lazy(() => import('./offline/OfflineBanner'));
/** The bell shows once the person is known, after the page's first paint: it loads then. */
const NotificationBell = lazy(() =>
  import('../notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * Account pages use the public site's frame; `user` (the signed-in name) shows in its header, and with it the
 * notification bell: a page that knows who is signed in.
 */
export function AccountShell({
  title,
  user,
  children,
}: {
  title: string;
  user?: string;
  children: ReactNode;
}) {
  // A page opened in the app starts at its top, where its notice is (the router keeps the last page's
  // scroll: signing up from the foot of /daftar opened /akun 800 px down). Not for /akun#kontrak-{id},
  // whose list brings that row into view.
  useLayoutEffect(() => {
    if (!window.location.hash && window.scrollY > 0) window.scrollTo(0, 0);
  }, []);
  const signedInArea = useLocation().pathname.startsWith('/akun');
  return (
    <Page title={`${title} — TaniMitra`} description="Akun TaniMitra: profil, lahan, kontrak dan data Anda.">
      <SiteLayout
        user={user}
        tools={
          user !== undefined && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )
        }
      >
        <section>
          <div className="container">
            {signedInArea && (
              <Suspense fallback={null}>
                <OfflineBanner />
              </Suspense>
            )}
            {children}
          </div>
        </section>
      </SiteLayout>
    </Page>
  );
}
