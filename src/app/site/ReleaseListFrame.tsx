import type { ReactNode } from 'react';

/** The list of releases on /download: a notice (announced when it changes) above the cards. */
export function ReleaseListFrame({
  loading = false,
  notice,
  children,
}: {
  loading?: boolean;
  notice: ReactNode;
  children?: ReactNode;
}) {
  return (
    // While loading, the list holds a screen's height so the sections below don't jump when it arrives.
    <div className="release-list" style={loading ? { minHeight: '100vh' } : undefined}>
      <div aria-live="polite">{notice}</div>
      <div className="grid">{children}</div>
    </div>
  );
}

/** What the prerendered page shows until the list has come. */
export const ReleasesLoading = () => (
  <ReleaseListFrame loading notice={<p className="notice">Memuat daftar aplikasi…</p>} />
);
