import type { ReactNode } from 'react';
import { siteColorVars } from '../theme/palette';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The public site's frame; `user` is the signed-in petani's or mitra's name and `tools` its bell, for the header. */
export function SiteLayout({
  children,
  user,
  tools,
}: {
  children: ReactNode;
  user?: string;
  tools?: ReactNode;
}) {
  return (
    <div className="site" style={siteColorVars}>
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      <SiteHeader user={user} tools={tools} />
      <main id="konten">{children}</main>
      <SiteFooter />
    </div>
  );
}
