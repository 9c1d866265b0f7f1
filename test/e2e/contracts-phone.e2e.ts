import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { adminSession } from './support/browser.js';
import { networkSettled, useBrowser } from './support/browser.js';
import { contractReads, freeLahan, signedInUser, signInToken, yesterday } from './support/contract-steps.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 27's walk of /akun's contracts on a phone (390×844) and a laptop (1366×768): the demo mitra finds a
 * free lahan of the demo petani and offers; the petani opens the offer from the list onto its own screen and
 * counters. After every action its result is inside the viewport and clear of the sticky header; every
 * state has no sideways scrolling and no serious or critical axe finding (WCAG 2.1 AA). The layout shift
 * of /akun while its data arrives is printed (a figure for the report, not asserted: it depends on timing),
 * and so is the contract screen's after a counter-offer (its result and the reloaded contract arriving).
 */

const browser = useBrowser();

/** Sums the page's layout shifts not caused by input, from its start (installed before the page loads). */
function recordShifts() {
  const w = window as unknown as { shifts: number };
  w.shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) w.shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits until `target` is shown inside the viewport, below the sticky header (the focus scrolled it there). */
async function inView(page: Page, target: Locator) {
  await target.waitFor();
  const { width, height } = page.viewportSize()!;
  const header = (await page.locator('.site-header').boundingBox())!;
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      return (
        box !== null &&
        box.y >= header.y + header.height - 1 &&
        box.y + box.height <= height &&
        box.x >= 0 &&
        box.x + box.width <= width
      );
    })
    .toBe(true);
}

/**
 * Fails when `target` sits outside its list's box or the viewport sideways, i.e. it could only be reached by
 * scrolling the list to the side (checked before anything scrolls it there).
 */
async function notHiddenSideways(target: Locator) {
  const outside = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const frame = element.closest('.table-wrap')?.getBoundingClientRect() ?? {
      left: 0,
      right: window.innerWidth,
    };
    return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
  });
  expect(outside, 'outside its list sideways').toBe(false);
}

/** /akun once its lists arrived, and the layout shift it made meanwhile (printed). */
async function accountLoaded(page: Page, who: string) {
  await page.getByRole('heading', { name: 'Kontrak Saya' }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /Menunggu tindakan Anda/ })
    .waitFor();
  await networkSettled(page);
  const shift = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  const { width, height } = page.viewportSize()!;
  console.log(`CLS /akun ${who} ${width}×${height}: ${shift.toFixed(3)}`);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  describe(`contracts on /akun at ${size.width}×${size.height}`, () => {
    const stamp = `${size.width} ${Date.now()}`;
    const LAHAN = `Sawah Uji Layar ${stamp}`;
    const TITLE = `Kontrak Uji Layar ${stamp}`;
    /** An area no other lahan has, so the mitra's area filter finds this one. */
    const AREA = 3001 + size.width + (Date.now() % 97);
    let tokens: { admin: string; petani: string };
    let contractId = 0;
    const { reaches } = contractReads(
      () => tokens.admin,
      () => contractId,
    );

    it('the mitra finds the free lahan and offers; each result is in view', async () => {
      tokens = { admin: (await adminSession()).token, petani: await signInToken(DEMO_PETANI) };
      await freeLahan(tokens, LAHAN, AREA);
      const mitra = await signedInUser(browser, DEMO_MITRA, size);
      await mitra.addInitScript(recordShifts);
      await mitra.reload();
      await accountLoaded(mitra, 'mitra');
      await pageIsSound(mitra, 'mitra /akun');

      const filter = mitra.getByRole('form', { name: 'Filter lahan' });
      await filter.getByLabel('Luas minimum (m²)').fill(String(AREA));
      await filter.getByLabel('Luas maksimum (m²)').fill(String(AREA));
      await filter.getByRole('button', { name: 'Cari lahan' }).click();
      await inView(mitra, mitra.getByRole('status').filter({ hasText: '1 lahan ditemukan.' }));
      const offerButton = mitra.getByRole('button', { name: `Ajukan penawaran untuk ${LAHAN}` });
      await notHiddenSideways(offerButton);
      await pageIsSound(mitra, 'search result');

      await offerButton.click();
      const form = mitra.getByRole('form', { name: 'Ajukan penawaran' });
      await inView(mitra, form.getByRole('heading', { name: 'Ajukan penawaran' }));
      await pageIsSound(mitra, 'offer form');

      await form.getByRole('button', { name: 'Kirim penawaran' }).click();
      await inView(mitra, form.getByText('Judul kontrak wajib diisi'));
      await expect
        .poll(() => form.getByLabel('Judul kontrak').evaluate((e) => e === document.activeElement))
        .toBe(true);
      await pageIsSound(mitra, 'offer form errors');

      await form.getByLabel('Judul kontrak').fill(TITLE);
      await form.getByLabel('Kategori kontrak').selectOption({ index: 1 });
      await form.getByLabel('Komoditas').fill('Jagung pipil kering');
      await form.getByLabel('Jumlah').fill('1500');
      await form.getByLabel('Harga per kg (Rp)').fill('5300');
      await form.getByLabel('Tanggal mulai').fill(yesterday());
      await form.getByLabel('Tanggal selesai').fill('2027-12-31');
      await form.getByRole('button', { name: 'Kirim penawaran' }).click();
      await mitra.waitForURL(/\/akun\/kontrak\/\d+$/);
      contractId = Number(new URL(mitra.url()).pathname.split('/').at(-1));
      await inView(mitra, mitra.getByText('Penawaran terkirim. Menunggu tanggapan petani.'));
      await pageIsSound(mitra, 'offer sent');
      expect(await reaches('pending', 'petani', 1)).toMatchObject({ title: TITLE, price: 5300 });
    });

    it('the petani opens it from the list onto its own screen and counters; each result is in view', async () => {
      const petani = await signedInUser(browser, DEMO_PETANI, size);
      await petani.addInitScript(recordShifts);
      await petani.reload();
      await accountLoaded(petani, 'petani');
      await pageIsSound(petani, 'petani /akun');

      const row = petani.locator(`#kontrak-${contractId}`);
      await notHiddenSideways(row.locator('td', { hasText: 'Menunggu Anda' }));
      await notHiddenSideways(row.getByRole('link', { name: `Buka kontrak ${TITLE}` }));
      await petani.getByRole('link', { name: `Buka kontrak ${TITLE}` }).click();
      await petani.waitForURL(`**/akun/kontrak/${contractId}`);
      await inView(petani, petani.getByRole('heading', { level: 1, name: TITLE }));
      await pageIsSound(petani, 'contract screen');

      await petani.getByRole('button', { name: 'Tawar balik', exact: true }).click();
      const counter = petani.getByRole('form', { name: 'Tawar balik' });
      await inView(petani, counter.getByRole('heading', { name: 'Tawar balik' }));
      await counter.getByLabel('Harga per kg (Rp)').fill('5700');
      await counter.getByLabel('Catatan').fill('Harga pupuk naik');
      await petani.evaluate(() => ((window as unknown as { shifts: number }).shifts = 0));
      await counter.getByRole('button', { name: 'Kirim tawar balik' }).click();
      await inView(petani, petani.getByText('Tawar balik terkirim.'));
      // The screen reloads the contract and its history; the shift while they arrive is printed.
      await petani.getByText('Versi 2', { exact: true }).first().waitFor({ state: 'attached' });
      await networkSettled(petani);
      const shift = await petani.evaluate(() => (window as unknown as { shifts: number }).shifts);
      console.log(`CLS contract screen after counter ${size.width}×${size.height}: ${shift.toFixed(3)}`);
      await pageIsSound(petani, 'counter sent');
      expect((await reaches('negotiation', 'mitra', 2)).price).toBe(5700);

      await petani.getByRole('link', { name: 'Kembali ke daftar kontrak' }).click();
      await petani.waitForURL(`**/akun#kontrak-${contractId}`);
      await inView(petani, petani.getByRole('link', { name: `Buka kontrak ${TITLE}` }));
    });
  });
}
