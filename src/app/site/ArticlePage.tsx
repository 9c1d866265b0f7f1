import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleSection, HelpArticle } from './helpArticles';

/** The frame of every help page: breadcrumb, title, lead, body. */
export function ArticleFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section>
      <div className="container article">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <Link to="/">Beranda</Link> › <Link to="/help">Pusat Bantuan</Link> ›{' '}
          <span aria-current="page">{title}</span>
        </nav>
        {/* Focusable from script only: the privacy page's scroll-to-top button moves focus here. */}
        <h1 id="judul-halaman" tabIndex={-1}>
          {title}
        </h1>
        {lead}
        {children}
      </div>
    </section>
  );
}

/** A section's paragraphs, then its bullet list. */
export function SectionBody({ section }: { section: ArticleSection }) {
  return (
    <>
      {section.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.items && (
        <ul>
          {section.items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ArticlePage({ article }: { article: HelpArticle }) {
  return (
    <ArticleFrame title={article.title} lead={<p>{article.summary}</p>}>
      {article.sections.map((s) => (
        <div key={s.heading}>
          <h2>{s.heading}</h2>
          <SectionBody section={s} />
        </div>
      ))}
      <p>
        Masih butuh bantuan? <Link to="/help/chat">Hubungi tim kami</Link>.
      </p>
    </ArticleFrame>
  );
}
