/**
 * Issue 26, finding 3, in the browser: the sign-in answer's device cookie is kept by Chromium and sent back on
 * the next sign-in from /login, so the owner's browser keeps its own allowance (server side: sign-in-lockout.test).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, useBrowser } from './support/browser.js';

const browser = useBrowser();

async function signInAt(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/signin')),
    page.getByRole('button', { name: 'Masuk', exact: true }).click(),
  ]);
  await page.waitForURL(/\/akun$/);
  return request;
}

describe('device cookie in Chromium', () => {
  it('keeps the cookie from a sign-in at /login (HttpOnly, Strict, auth path only) and sends it on the next one', async () => {
    const email = `e2e-perangkat-${Date.now()}@example.test`;
    const password = 'Tanam2025x';
    const signup = await api('POST', '/auth/signup', {
      body: { role: 'petani', full_name: 'Perangkat E2E', email, password },
    });
    expect(signup.status).toBe(201);

    const page = await browser.newPage();
    const first = await signInAt(page, email, password);
    expect((await first.allHeaders()).cookie ?? '').not.toContain('tm_device=');
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name === 'tm_device')).toEqual([
      expect.objectContaining({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict' }),
    ]);
    // Script cannot read it, and other API paths do not carry it.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('tm_device');
    const [other] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/v1/user/me')),
      page.reload(),
    ]);
    expect((await other.allHeaders()).cookie ?? '').not.toContain('tm_device=');

    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByText('Anda telah keluar.').waitFor();
    const second = await signInAt(page, email, password);
    expect((await second.allHeaders()).cookie).toMatch(/(^|; )tm_device=\d+\.[\w-]{22}\.[\w-]{43}/);
  });
});
