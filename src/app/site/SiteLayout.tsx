import type { ReactNode } from 'react';
import { siteColorVars } from '../theme/palette';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="site" style={siteColorVars}>
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      <SiteHeader />
      <main id="konten">{children}</main>
      <SiteFooter />
    </div>
  );
}
