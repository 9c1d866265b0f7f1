import type { ReactNode } from 'react';

/** A page section named by its level-2 heading (`headingId`), with an optional intro paragraph under it. */
export function SiteSection({
  headingId,
  title,
  intro,
  anchor,
  className,
  children,
}: {
  headingId: string;
  title: string;
  intro?: ReactNode;
  /** The section's own id, for in-page links (/#tentang). */
  anchor?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} className={className} aria-labelledby={headingId}>
      <div className="container">
        {intro === undefined ? (
          <h2 id={headingId} className="section-title">
            {title}
          </h2>
        ) : (
          <div className="section-title">
            <h2 id={headingId}>{title}</h2>
            <p>{intro}</p>
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
