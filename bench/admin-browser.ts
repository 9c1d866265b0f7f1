import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../src/server/config.js';
import { cleanups } from './cleanup.js';

export interface AdminSession {
  token: string;
  refreshToken: string;
  admin: unknown;
}

/**
 * The demo admin signed in to the panel of the server at `base`: a page of a new 1280 × 800 browser context that
 * starts with the session the panel keeps (its tokens in localStorage), and the session. The context is closed
 * with the benchmark's other clean-ups.
 */
export async function adminPage(
  browser: Browser,
  base: string,
): Promise<{ page: Page; session: AdminSession }> {
  const response = await fetch(`${base}/api/v1/auth/admin-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const session = ((await response.json()) as { data: AdminSession }).data;
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  cleanups.push(() => context.close());
  await context.addInitScript((stored) => {
    localStorage.setItem('adminToken', stored.token);
    localStorage.setItem('adminRefreshToken', stored.refreshToken);
    localStorage.setItem('adminData', JSON.stringify(stored.admin));
  }, session);
  return { page: await context.newPage(), session };
}
