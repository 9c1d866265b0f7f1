import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, baseURL, nextFrames, useBrowser } from './support/browser.js';

const browser = useBrowser();

/**
 * The JS files a page downloads, with their text, once `ready` resolves (network idle alone can come before
 * a busy machine has run the entry script far enough to request its lazy chunks).
 */
async function scriptsOf(page: Page, path: string, ready: () => Promise<unknown> = async () => {}) {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: '' }),
        ),
      );
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready();
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

type Script = { url: string; body: string };
/** The panel (react-admin), and the admin's sign-in form that stands before it. */
const panelCode = (s: Script) => /AdminApp/.test(s.url) || s.body.includes('RaLayout');
const adminLoginCode = (s: Script) => /StandaloneLogin|LoginForm/.test(s.url);
const adminCode = (s: Script) => panelCode(s) || adminLoginCode(s);

describe('public site in Chromium', () => {
  it('serves prerendered HTML with lang, title and description', async () => {
    for (const [path, text] of [
      ['/', 'Kontrak Digital untuk Petani dan Mitra Bisnis'],
      ['/download', 'Unduh aplikasi TaniMitra untuk Android dan Windows'],
      ['/help', 'Pusat Bantuan'],
      ['/help/privacy-policy', '20 Januari 2025'],
      ['/help/faq', 'Pertanyaan yang Sering Diajukan'],
    ]) {
      const res = await fetch(`${baseURL()}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html).toContain('<html lang="id">');
      expect(html).toContain(text);
      expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{20,}"/);
    }
  });

  it('hydrates the prerendered pages without errors', async () => {
    for (const path of ['/', '/download', '/help', '/help/privacy-policy', '/help/terms']) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(errors, path).toEqual([]);
    }
  });

  it('/ loads no admin code; /admin/login signed out loads its form and not the panel', async () => {
    const publicScripts = await scriptsOf(await browser.newPage(), '/');
    expect(publicScripts.length).toBeGreaterThan(0);
    expect(publicScripts.filter(adminCode)).toEqual([]);
    const admin = await browser.newPage();
    const adminScripts = await scriptsOf(admin, '/admin/login', () =>
      admin.getByRole('heading', { name: 'Admin Portal' }).waitFor(),
    );
    expect(adminScripts.some(adminLoginCode)).toBe(true);
    expect(adminScripts.filter(panelCode)).toEqual([]);
  });

  it('turns the bar translucent after 50 px and the mobile menu opens and closes at 360 px', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.locator('header.site-header');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForFunction(() => window.scrollY === 40);
    await nextFrames(page);
    await expect(header.getAttribute('class')).resolves.not.toContain('scrolled');
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForSelector('header.site-header.scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('header.site-header:not(.scrolled)');

    const services = page
      .getByRole('navigation', { name: 'Navigasi utama' })
      .getByRole('link', { name: 'Layanan' });
    await expect(services.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(services.isVisible()).resolves.toBe(true);
    await services.click();
    await page.waitForURL(/#layanan$/);
    await expect(services.isVisible()).resolves.toBe(false);
    // No horizontal scrolling at 360 px.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  });

  it('download page: filter, link targets and download count', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.context().route('https://play.google.com/**', (route) => route.fulfill({ body: 'ok' }));
    await page.goto('/download');
    await page.getByRole('heading', { name: 'TaniMitra untuk Android' }).waitFor();
    await expect(page.locator('article').count()).resolves.toBe(3);
    await expect(page.getByText('15 Januari 2025').first().isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Android', exact: true }).click();
    await expect(page.locator('article').count()).resolves.toBe(1);
    const download = page.getByRole('link', { name: /Download Sekarang/ });
    await expect(download.getAttribute('target')).resolves.toBe('_blank');
    const before = (await api('GET', '/downloads')).json.data.find(
      (d: any) => d.platform === 'android',
    ).downloads;
    const [popup] = await Promise.all([page.waitForEvent('popup'), download.click()]);
    await popup.close();
    await expect
      .poll(
        async () =>
          (await api('GET', '/downloads')).json.data.find((d: any) => d.platform === 'android').downloads,
      )
      .toBe(before + 1);

    await page.getByRole('button', { name: 'Web', exact: true }).click();
    const web = page.getByRole('link', { name: 'Buka Web App' });
    await expect(web.getAttribute('target')).resolves.toBeNull();
    await web.click();
    await page.waitForURL(/\/login$/);
  });

  it('a release published through the admin API appears on /download, beyond the first page of ten', async () => {
    const token = await adminToken();
    const created: number[] = [];
    try {
      for (let i = 1; i <= 11; i++) {
        const { status, json } = await api('POST', '/admin/downloads', {
          token,
          body: {
            name: `Rilis Uji ${i}`,
            platform: 'windows',
            version: `9.0.${i}`,
            size: '10 MB',
            description: `Rilis uji nomor ${i}`,
            downloadUrl: `https://example.test/rilis-${i}.exe`,
            releaseDate: '2025-03-0' + ((i % 9) + 1),
            changelog: ['Perbaikan pertama', 'Perbaikan kedua', 'Perbaikan ketiga'],
          },
        });
        expect(status).toBe(201);
        created.push(json.data.id);
      }
      const page = await browser.newPage();
      await page.goto('/download');
      await page.getByRole('heading', { name: 'Rilis Uji 11' }).waitFor();
      // The three seeded releases plus the eleven new ones: more than the API's default page of ten.
      await expect(page.locator('article').count()).resolves.toBe(14);
      const card = page.locator('article', {
        has: page.getByRole('heading', { name: 'Rilis Uji 1', exact: true }),
      });
      await expect(card.getByText('2 Maret 2025').count()).resolves.toBe(1);
      await expect(card.getByText('Perbaikan kedua').count()).resolves.toBe(1);
      await expect(card.getByText('Perbaikan ketiga').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Windows', exact: true }).click();
      await expect(page.locator('article').count()).resolves.toBe(12);
    } finally {
      for (const id of created) await api('DELETE', `/admin/downloads/${id}`, { token });
    }
  });

  it('every help, footer and top bar link leads to a real page', async () => {
    const page = await browser.newPage();
    const hrefs = new Set<string>();
    for (const path of ['/', '/help']) {
      await page.goto(path);
      for (const href of await page
        .locator('header a[href^="/"], footer a[href^="/"], main a[href^="/help"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))
        hrefs.add(href.split('#')[0] || '/');
    }
    for (const slug of ['terms', 'registration-guide', 'contract-guide', 'monitoring-guide', 'faq'])
      expect(hrefs).toContain(`/help/${slug}`);
    for (const slug of ['troubleshooting', 'chat', 'privacy-policy'])
      expect(hrefs).toContain(`/help/${slug}`);
    for (const href of hrefs) {
      const res = await fetch(`${baseURL()}${href}`);
      expect(res.status, href).toBe(200);
      expect(await res.text(), href).not.toContain('Halaman Tidak Ditemukan');
      await page.goto(href);
      await page.locator('main h1').first().waitFor();
      await expect(page.locator('main h1').first().textContent(), href).resolves.not.toBe(
        'Halaman Tidak Ditemukan',
      );
    }
  });

  it('help articles are prerendered with Indonesian content', async () => {
    for (const [slug, text] of [
      ['terms', 'Hukum yang Berlaku'],
      ['registration-guide', 'NIK harus 16 digit'],
      ['contract-guide', 'Status kontrak'],
      ['monitoring-guide', 'titik GPS'],
      ['faq', 'Bagaimana cara menghapus akun?'],
      ['troubleshooting', 'Instalasi di Android'],
      ['chat', 'Kirim Pesan'],
    ]) {
      const html = await (await fetch(`${baseURL()}/help/${slug}`)).text();
      expect(html, slug).toContain(text);
    }
  });

  it('is keyboard reachable: the skip link comes first and leads into the main content', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Langsung ke konten',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/#konten$/);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('main') !== null)).resolves.toBe(true);
    // The mobile menu opens from the keyboard and its links take focus.
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Beranda');
  });

  it('fits a 360 px screen with landmarks and alt texts on every public page', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    for (const path of [
      '/',
      '/download',
      '/help',
      '/help/privacy-policy',
      '/help/faq',
      '/help/chat',
      '/login',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).resolves.toBeLessThanOrEqual(360);
      for (const landmark of ['banner', 'main', 'contentinfo'])
        await expect(page.getByRole(landmark as 'main').count(), `${path} ${landmark}`).resolves.toBe(1);
      await expect(page.locator('img:not([alt])').count(), path).resolves.toBe(0);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('id');
    }
  });

  it('help centre search finds help articles and leads to them', async () => {
    const page = await browser.newPage();
    await page.goto('/help');
    await page.getByRole('searchbox', { name: 'Cari artikel bantuan' }).fill('instalasi android');
    await page.getByRole('button', { name: 'Cari' }).click();
    await page.getByRole('link', { name: 'Pemecahan Masalah & Panduan Instalasi' }).click();
    await page.waitForURL(/\/help\/troubleshooting$/);
    await page.getByRole('heading', { level: 1, name: 'Pemecahan Masalah & Panduan Instalasi' }).waitFor();
    await expect.poll(() => page.title()).toContain('Pemecahan Masalah');
  });

  it('privacy policy: 13 sections and the scroll-to-top button after 300 px', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto('/help/privacy-policy');
    await expect(page.locator('main section[aria-labelledby] h2').count()).resolves.toBe(13);
    const toTop = page.getByRole('button', { name: 'Kembali ke atas' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForFunction(() => window.scrollY === 250);
    await nextFrames(page);
    await expect(toTop.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(page.getByText('Terakhir diperbarui: 20 Januari 2025').isVisible()).resolves.toBe(true);
    const credit = page.getByRole('link', { name: 'idn-area-data' });
    await expect(credit.getAttribute('href')).resolves.toBe('https://github.com/fityannugroho/idn-area-data');
    await expect(
      page.getByRole('link', { name: /Open Database License \(ODbL\)/ }).getAttribute('href'),
    ).resolves.toMatch(/opendatacommons\.org\/licenses\/odbl/);
  });

  it('an unknown route answers 404 with a friendly Indonesian page', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto('/halaman-yang-tidak-ada', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Halaman Tidak Ditemukan' }).waitFor();
    expect(errors).toEqual([]);
    await expect(page.title()).resolves.toBe('Halaman Tidak Ditemukan — TaniMitra');
    // Prerendered: the text is in the HTML before any script runs.
    const res = await fetch(`${baseURL()}/halaman-yang-tidak-ada`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.');
  });
});
