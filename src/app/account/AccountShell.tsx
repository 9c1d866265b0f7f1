import type { ReactNode } from 'react';
import { Page } from '../site/Page';
import { SiteLayout } from '../site/SiteLayout';

/** Account pages use the public site's frame; `user` (the signed-in name) shows in its header. */
export function AccountShell({
  title,
  user,
  children,
}: {
  title: string;
  user?: string;
  children: ReactNode;
}) {
  return (
    <Page title={`${title} — TaniMitra`} description="Akun TaniMitra: profil, lahan, kontrak dan data Anda.">
      <SiteLayout user={user}>
        <section>
          <div className="container">{children}</div>
        </section>
      </SiteLayout>
    </Page>
  );
}
