import type { ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { PAGE_REDIRECTS } from '../../shared/page-redirects';
import { ArticlePage } from './ArticlePage';
import { ChatPage } from './ChatPage';
import { DownloadPage } from './DownloadPage';
import { HELP_ARTICLES } from './helpArticles';
import { HelpPage } from './HelpPage';
import { LandingPage } from './LandingPage';
import { NotFoundPage } from './NotFoundPage';
import { Page } from './Page';
import { PrivacyPage } from './PrivacyPage';
import { SiteLayout } from './SiteLayout';

export interface PublicPage {
  path: string;
  title: string;
  description: string;
  element: ReactElement;
}

/** Every public page; each is prerendered to dist/client/<path>/index.html (scripts/prerender.mjs). */
export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/',
    title: 'TaniMitra — Kontrak Digital Petani dan Mitra',
    description:
      'TaniMitra menghubungkan petani dan mitra bisnis melalui kontrak digital yang transparan, aman dan mudah dipantau.',
    element: <LandingPage />,
  },
  {
    path: '/download',
    title: 'Download Aplikasi — TaniMitra',
    description:
      'Unduh aplikasi TaniMitra untuk Android dan Windows atau buka Web App, lengkap dengan persyaratan sistem.',
    element: <DownloadPage />,
  },
  {
    path: '/help',
    title: 'Pusat Bantuan — TaniMitra',
    description: 'Cari artikel bantuan, panduan pengguna, FAQ dan kontak tim support TaniMitra.',
    element: <HelpPage />,
  },
  {
    path: '/help/privacy-policy',
    title: 'Kebijakan Privasi — TaniMitra',
    description:
      'Bagaimana TaniMitra mengumpulkan, menggunakan, menyimpan dan melindungi data pribadi petani dan mitra.',
    element: <PrivacyPage />,
  },
  {
    path: '/help/chat',
    title: 'Hubungi Kami — TaniMitra',
    description: 'Hubungi tim support TaniMitra melalui email, telepon atau pesan.',
    element: <ChatPage />,
  },
  ...HELP_ARTICLES.map((article) => ({
    path: `/help/${article.slug}`,
    title: `${article.title} — TaniMitra`,
    description: article.summary,
    element: <ArticlePage article={article} />,
  })),
];

export const NOT_FOUND_META = {
  title: 'Halaman Tidak Ditemukan — TaniMitra',
  description: 'Halaman yang Anda cari tidak ditemukan.',
};

const framed = (meta: { title: string; description: string }, element: ReactElement) => (
  <Page title={meta.title} description={meta.description}>
    <SiteLayout>{element}</SiteLayout>
  </Page>
);

/** The public routes as <Route> elements, shared by the browser app and the prerender. */
export function publicRoutes(): ReactElement[] {
  return [
    ...PUBLIC_PAGES.map((page) => (
      <Route key={page.path} path={page.path} element={framed(page, page.element)} />
    )),
    // The server answers these 301; a link inside the app lands here.
    ...Object.entries(PAGE_REDIRECTS).map(([from, to]) => (
      <Route key={from} path={from} element={<Navigate to={to} replace />} />
    )),
    <Route key="*" path="*" element={framed(NOT_FOUND_META, <NotFoundPage />)} />,
  ];
}
