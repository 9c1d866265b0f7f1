import { describe, expect, it } from 'vitest';
import {
  adminSession,
  api,
  baseURL,
  rowOf,
  searchList,
  signedInPage,
  useBrowser,
} from './support/browser.js';

const browser = useBrowser();

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header = '') =>
  new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );

/** Waits until every report of one refusal (the page's event, Chromium's own message) has come, and takes them. */
async function refused(...reports: RegExp[]) {
  const seen: string[] = [];
  await expect
    .poll(() => {
      seen.push(...browser.takeViolations());
      return reports.every((report) => seen.some((text) => report.test(text)));
    })
    .toBe(true);
}

describe('Content-Security-Policy in Chromium', () => {
  it('every kind of page carries it, and Chromium enforces it', async () => {
    for (const path of ['/', '/help/faq', '/login', '/akun', '/admin', '/no-such-page']) {
      const response = await fetch(`${baseURL()}${path}`);
      const csp = directives(response.headers.get('content-security-policy') ?? undefined);
      expect(csp.get('script-src')?.[0], path).toBe("'self'");
      expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src'), path).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }

    // The built, content-hashed script (sent precompressed) is kept for a year.
    const html = await (await fetch(`${baseURL()}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const asset = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const page = await browser.newPage();
    await page.goto('/');
    // A script an attacker slipped into the page does not run, and the helper sees the refusal.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await refused(/violation: script-src-elem refused inline/, /inline script/i);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);

    // No other site may frame a page.
    const framing = await browser.newPage();
    await framing.setContent(`<iframe src="${baseURL()}/login"></iframe>`);
    await refused(/frame-ancestors 'none'/);
  });

  it('the panel shows identity documents, opens the LOA PDF and the audit log', async () => {
    const session = await adminSession();
    const mitra = (await api('GET', '/admin/mitra?limit=50', { token: session.token })).json.data.find(
      (m: any) => m.loa_file && m.ktp,
    );
    expect(mitra).toBeDefined();
    const page = await signedInPage(browser, session);
    await page.goto(`/admin/mitra?filter=${encodeURIComponent('{}')}&page=1`);
    await searchList(page, mitra.email);
    await rowOf(page, mitra.full_name).getByText(mitra.full_name).click();
    const dialog = page.getByRole('dialog', { name: 'Detail Informasi Mitra' });
    await dialog.getByText('Dokumen', { exact: true }).click();
    for (const name of ['KTP', 'Verifikasi KTP', 'Dokumen Pendukung']) {
      const image = dialog.getByRole('img', { name, exact: true });
      await expect(image.getAttribute('src')).resolves.toMatch(/^data:image\//);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Buka file LOA (PDF)' }).click(),
    ]);
    await tab.waitForURL(/^blob:/);
    await expect.poll(() => tab.evaluate(() => document.contentType)).toBe('application/pdf');

    // The audit log (the other tabs have their own browser tests, all checked for violations too).
    await page.goto('/admin/audit');
    await page.locator('.RaList-content').first().waitFor();
  });

  it('the API documentation works under its own page', async () => {
    const page = await browser.newPage();
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /TaniMitra API/ }).waitFor();
    await page.getByText('/api/v1/health').first().click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await page.locator('.response .response-col_status').filter({ hasText: '200' }).first().waitFor();
  });
});
