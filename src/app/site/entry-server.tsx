import { renderToString } from 'react-dom/server';
import { Routes, StaticRouter } from 'react-router-dom';
import { NOT_FOUND_META, PUBLIC_PAGES, publicRoutes } from './pages';

/** Server build entry (vite build --ssr) used by scripts/prerender.mjs. */
export const pages = PUBLIC_PAGES.map(({ path, title, description }) => ({ path, title, description }));
export const notFound = NOT_FOUND_META;

export function render(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <Routes>{publicRoutes()}</Routes>
    </StaticRouter>,
  );
}
