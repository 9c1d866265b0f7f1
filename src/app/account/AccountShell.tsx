import type { ReactNode } from 'react';
import { Page } from '../site/Page';
import { SiteLayout } from '../site/SiteLayout';

/** Account pages use the public site's frame. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={`${title} — TaniMitra`} description="Akun TaniMitra: profil, lahan, kontrak dan data Anda.">
      <SiteLayout>
        <section>
          <div className="container">{children}</div>
        </section>
      </SiteLayout>
    </Page>
  );
}
