import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { queryClient } from '../../../src/app/api/queryClient';
import { publicRoutes } from '../../../src/app/site/pages';
import { renderStyled } from '../styles';

/**
 * Renders the public site at `path`, with a probe route showing where navigation went, and an empty react-query
 * cache (the app's one cache lives for a page load; each test is one).
 */
export function renderSite(path: string) {
  queryClient.clear();
  return renderStyled(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>login page</p>} />
        {publicRoutes()}
      </Routes>
    </MemoryRouter>,
  );
}

export function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}
