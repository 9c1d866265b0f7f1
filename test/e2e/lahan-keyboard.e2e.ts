import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { api, useBrowser } from './support/browser.js';
import { signInToken } from './support/contract-steps.js';
import { areaUnder, fillPlace, petaniInTheField } from './support/lahan-form.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 30's boundary drawn with the keyboard alone (WCAG 2.1.1) on a phone-sized /akun (390×844): Tab to the
 * tools and the map, the arrow keys move the map under its crosshair, Enter adds a corner at the centre,
 * Backspace takes the last back, each change said in the status line; "Selesai" closes the shape, the lahan is
 * saved with that boundary, and the area the form showed is the one the server stored. Base tiles are refused
 * (no network beyond the app), so the map shows Indonesia's outline.
 */

const browser = useBrowser();
const NAME = `Sawah Papan Ketik ${Date.now()}`;
/** Where the phone says it is ("Ke lokasi saya" brings the map there at zoom 18). */
const FIELD = { latitude: -7.05, longitude: 110.4 };

let page: Page;
let token: string;

beforeAll(async () => {
  token = await signInToken(DEMO_PETANI);
  page = await petaniInTheField(browser, FIELD);
});

/** Presses Tab (or Shift+Tab) until `target` has the focus: the way a keyboard reaches it. */
async function tabTo(target: Locator, back = false) {
  for (let i = 0; i < 25; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The map pane's offset: it changes when the map pans and stays once the pan has ended. */
const paneOffset = () =>
  page.locator('.leaflet-map-pane').evaluate((pane) => getComputedStyle(pane).transform);

/** An arrow key on the focused map, waiting for its pan to end (Leaflet ignores keys while it animates). */
async function pan(key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', times = 2) {
  for (let i = 0; i < times; i++) {
    const before = await paneOffset();
    await page.keyboard.press(key);
    await expect.poll(paneOffset).not.toBe(before);
    let last = '';
    await expect.poll(async () => last === (last = await paneOffset())).toBe(true);
  }
}

describe('a lahan boundary drawn with the keyboard on a phone', () => {
  it('draws four corners by keyboard, takes one back and redoes it, closes, saves and finds that boundary', async () => {
    const lahan = page.getByRole('region', { name: 'Lahan Saya' });
    await lahan.getByRole('button', { name: 'Tambah lahan' }).click();
    const form = page.getByRole('form', { name: 'Tambah lahan' });
    await form.getByLabel('Nama lahan').fill(NAME);
    await form.getByLabel('Luas (m²)').fill('9000');
    await form.getByLabel('Alamat lahan').fill('Dusun Krajan RT 02');
    await fillPlace(form);

    const boundary = form.getByRole('region', { name: 'Batas lahan di peta' });
    const map = boundary.getByRole('region', { name: 'Peta batas lahan' });
    const status = boundary.getByRole('status');
    await map.waitFor();
    await form.getByLabel('Kategori lahan').focus();
    await tabTo(boundary.getByRole('button', { name: 'Ke lokasi saya' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toBe('');

    await tabTo(boundary.getByRole('button', { name: 'Gambar batas' }), true);
    await page.keyboard.press('Enter');
    await boundary.getByRole('button', { name: 'Tambah titik di tengah peta' }).waitFor();
    await tabTo(map, true);
    // The focus ring shows where the keys act; the instructions describe the map.
    expect(await map.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    // Leaflet's panes cover that outline: the ring drawn above them is what shows.
    expect(await map.evaluate((element) => getComputedStyle(element, '::after').borderTopWidth)).toBe('3px');
    const describedBy = (await map.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toMatch(/^Ketuk .*Dengan papan ketik: /);
    await expect.poll(() => page.locator('.tm-map-crosshair').isVisible()).toBe(true);
    await map.screenshot({ path: '/tmp/lahan-keyboard-focus.png' });
    await pageIsSound(page, 'drawing by keyboard, the map focused');

    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toBe('Titik 1 ditambahkan.');
    await pan('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toBe('Titik 2 ditambahkan.');
    await pan('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toMatch(/^Titik 3 ditambahkan — luas [\d.]+ m²\.$/);
    await pan('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toMatch(/^Titik 4 ditambahkan — luas [\d.]+ m²\.$/);
    await page.keyboard.press('Backspace');
    await expect.poll(() => status.innerText()).toMatch(/^Titik terakhir dihapus — 3 titik tersisa, luas /);
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toMatch(/^Titik 4 ditambahkan — luas [\d.]+ m²\.$/);
    await page.screenshot({ path: '/tmp/lahan-keyboard-drawn.png' });

    await tabTo(boundary.getByRole('button', { name: 'Selesai', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => status.innerText()).toMatch(/^Batas lahan selesai: 4 titik, luas [\d.]+ m²\.$/);
    const preview = await areaUnder(boundary, 'Luas terukur (perkiraan)');
    expect((await status.innerText()).replace(/\D/g, '')).toBe(`4${preview}`);
    // Four corners about 95 m apart (two 80 px pans at zoom 18 on 7° S).
    expect(preview).toBeGreaterThan(7_000);
    expect(preview).toBeLessThan(11_000);
    await pageIsSound(page, 'a boundary drawn by keyboard');

    await tabTo(form.getByRole('button', { name: 'Tambah lahan' }));
    await page.keyboard.press('Enter');
    await lahan
      .getByText(`Lahan ${NAME} ditambahkan dan menunggu verifikasi admin.`)
      .waitFor({ timeout: 15_000 });
    const saved = (await api('GET', '/lahan/my?limit=100', { token })).json.data.find(
      (l: { nama_lahan: string }) => l.nama_lahan === NAME,
    );
    expect(saved.gps.type).toBe('Polygon');
    const ring: [number, number][] = saved.gps.coordinates[0];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    // The first corner is the phone's position; the others east, south-east and south of it.
    expect(ring[0]![0]).toBeCloseTo(FIELD.longitude, 4);
    expect(ring[0]![1]).toBeCloseTo(FIELD.latitude, 4);
    expect(ring[1]![0]).toBeGreaterThan(ring[0]![0]);
    expect(ring[2]![1]).toBeLessThan(ring[1]![1]);
    expect(ring[3]![0]).toBeCloseTo(ring[0]![0], 4);
    expect(Math.round(saved.luas_terukur)).toBe(preview);
  });
});
