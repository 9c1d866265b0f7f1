import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  adminSession,
  api,
  baseURL,
  nextFrames,
  PHONE,
  searchList,
  signedInPage,
  useBrowser,
} from './support/browser.js';
import { signInToken } from './support/contract-steps.js';
import { areaUnder, fillPlace, petaniInTheField } from './support/lahan-form.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 30 on a phone (390×844), with no network beyond the app: the demo petani adds a lahan and draws its
 * boundary (a square tapped corner by corner, after "Ke lokasi saya" brought the map to the field), saves, and
 * sees the area the server measured; a self-crossing shape is refused with the server's text under the map;
 * walking the boundary with the phone's GPS records the corners. The base tiles are refused (no request leaves
 * for the internet), so the map shows the outline of Indonesia shipped with the app.
 */

const browser = useBrowser();
const M = MESSAGES.lahan;
const NAME = `Sawah Peta ${Date.now()}`;
/** Semarang's hills: where the phone says it is. */
const FIELD = { latitude: -7.05, longitude: 110.4 };

let page: Page;
let context: BrowserContext;
let token: string;
/** Requests for anything not on the app's own server: each one aborted. */
const outside: string[] = [];

beforeAll(async () => {
  token = await signInToken(DEMO_PETANI);
  page = await petaniInTheField(browser, FIELD, (url) => outside.push(url));
  context = page.context();
});

afterAll(() => {
  // Only base tiles were asked for out there (and refused): the map needs nothing else from the internet.
  expect(outside.filter((url) => !url.startsWith('https://tile.openstreetmap.org/'))).toEqual([]);
});

const lahanSection = () => page.getByRole('region', { name: 'Lahan Saya' });
const boundaryOf = (form: Locator) => form.getByRole('region', { name: 'Batas lahan di peta' });

/** The map centred in the viewport (below the sticky header) and its box. */
async function mapBox(form: Locator) {
  const map = form.getByRole('region', { name: 'Peta batas lahan' });
  await map.waitFor();
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await nextFrames(page);
  return (await map.boundingBox())!;
}

/** Taps the points (map pixels from its top left) one after the other. */
async function tap(box: { x: number; y: number }, points: [number, number][]) {
  for (const [x, y] of points) {
    await page.mouse.click(box.x + x, box.y + y);
    await nextFrames(page);
  }
}

const mine = async (name: string) =>
  (await api('GET', '/lahan/my?limit=100', { token })).json.data.find(
    (l: { nama_lahan: string }) => l.nama_lahan === name,
  );

describe('a lahan boundary on a phone', () => {
  it('draws a square, saves it and sees the area the server measured', async () => {
    await lahanSection().getByRole('button', { name: 'Tambah lahan' }).click();
    const form = page.getByRole('form', { name: 'Tambah lahan' });
    await form.getByLabel('Nama lahan').fill(NAME);
    await form.getByLabel('Luas (m²)').fill('14000');
    await form.getByLabel('Alamat lahan').fill('Dusun Krajan RT 01');
    await fillPlace(form);

    const boundary = boundaryOf(form);
    await mapBox(form);
    // No tiles: Indonesia's outline is drawn.
    await expect.poll(() => page.locator('.leaflet-tm-outline-pane path').count()).toBeGreaterThan(0);
    await pageIsSound(page, 'the lahan form with its map');

    await boundary.getByRole('button', { name: 'Ke lokasi saya' }).click();
    // The map has come to the phone's position once the search says no more.
    await expect.poll(() => boundary.getByRole('status').innerText()).toBe('');
    await boundary.getByRole('button', { name: 'Gambar batas' }).click();
    const box = await mapBox(form);
    // 200 px at zoom 18 on 7° S: about 119 m a side.
    await tap(box, [
      [95, 130],
      [295, 130],
      [295, 330],
      [95, 330],
      [95, 130],
    ]);
    await boundary.getByText('Luas terukur (perkiraan)').waitFor();
    const preview = await areaUnder(boundary, 'Luas terukur (perkiraan)');
    // Each tap was said in the status line; closing on the first corner says the shape and its area.
    expect(await boundary.getByRole('status').innerText()).toMatch(
      /^Batas lahan selesai: 4 titik, luas [\d.]+ m²\.$/,
    );
    expect(preview).toBeGreaterThan(12_000);
    expect(preview).toBeLessThan(16_000);
    await page.screenshot({ path: '/tmp/lahan-map-drawn.png' });
    await pageIsSound(page, 'a square drawn');
    await boundary.getByRole('button', { name: 'Ubah titik' }).click();
    await expect.poll(() => page.locator('.marker-icon').count()).toBeGreaterThan(0);
    await pageIsSound(page, 'its corners editable');
    await boundary.getByRole('button', { name: 'Selesai mengubah' }).click();

    await form.getByRole('button', { name: 'Tambah lahan' }).click();
    await lahanSection()
      .getByText(`Lahan ${NAME} ditambahkan dan menunggu verifikasi admin.`)
      .waitFor({ timeout: 15_000 });
    const card = lahanSection().locator('li', { has: page.getByRole('heading', { name: NAME }) });
    const shown = await card.getByText(/^Luas terukur dari batas:/).innerText();
    const measured = Number(shown.replace(/[^\d]/g, ''));
    // The preview is the server's own measure: the same square metre.
    expect(measured).toBe(preview);

    const saved = await mine(NAME);
    expect(saved.gps.type).toBe('Polygon');
    expect(saved.gps.coordinates[0]).toHaveLength(5);
    expect(Math.round(saved.luas_terukur)).toBe(measured);
    expect(saved.luas_berbeda).toBe(false);
  });

  it('refuses a self-crossing shape with the message under the map', async () => {
    await lahanSection()
      .getByRole('button', { name: `Ubah lahan ${NAME}` })
      .click();
    const form = page.getByRole('form', { name: `Ubah lahan ${NAME}` });
    const boundary = boundaryOf(form);
    await boundary.getByText('Luas terukur', { exact: true }).waitFor();
    await boundary.getByRole('button', { name: 'Gambar ulang' }).click();
    const box = await mapBox(form);
    await tap(box, [
      [95, 130],
      [295, 330],
      [295, 130],
      [95, 330],
    ]);
    await pageIsSound(page, 'drawing, before Selesai');
    await boundary.getByRole('button', { name: 'Selesai', exact: true }).click();

    const alert = boundary.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(M.gpsSelfIntersecting);
    // The alert was scrolled into view: both boxes as they stand now.
    const map = (await form.getByRole('region', { name: 'Peta batas lahan' }).boundingBox())!;
    const under = (await alert.boundingBox())!;
    expect(under.y).toBeGreaterThanOrEqual(map.y + map.height);
    expect(under.y + under.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: '/tmp/lahan-map-crossing.png' });
    await pageIsSound(page, 'a self-crossing shape refused');

    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));
    await form.getByRole('button', { name: 'Simpan lahan' }).click();
    await nextFrames(page);
    expect(puts).toEqual([]);
    await expect.poll(() => alert.innerText()).toBe(M.gpsSelfIntersecting);

    // The server refuses the same shape with the same words.
    const { id } = await mine(NAME);
    const crossing = {
      type: 'Polygon',
      coordinates: [
        [
          [110.4, -7.05],
          [110.401, -7.051],
          [110.401, -7.05],
          [110.4, -7.051],
          [110.4, -7.05],
        ],
      ],
    };
    const refused = await api('PUT', `/lahan/${id}`, { token, body: { gps: crossing } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ field: 'gps', message: M.gpsSelfIntersecting }]);
  });

  it('walks the boundary with the phone’s GPS: accuracy shown, a poor fix left out', async () => {
    const form = page.getByRole('form', { name: `Ubah lahan ${NAME}` });
    const boundary = boundaryOf(form);
    await boundary.getByRole('button', { name: 'Jalan keliling lahan' }).click();
    const status = boundary.getByRole('status');
    // About 55 m a side, walked corner by corner with 4 m accuracy.
    const d = 0.0005;
    const corners = [
      [FIELD.latitude, FIELD.longitude],
      [FIELD.latitude, FIELD.longitude + d],
      [FIELD.latitude + d, FIELD.longitude + d],
      [FIELD.latitude + d, FIELD.longitude],
    ];
    for (const [i, [latitude, longitude]] of corners.entries()) {
      await context.setGeolocation({ latitude: latitude!, longitude: longitude!, accuracy: 4 });
      await expect.poll(() => status.innerText()).toBe(`Merekam: ${i + 1} titik. Akurasi saat ini 4 m.`);
    }
    await context.setGeolocation({
      latitude: FIELD.latitude + d / 2,
      longitude: FIELD.longitude,
      accuracy: 45,
    });
    await expect.poll(() => status.innerText()).toMatch(/^Akurasi GPS buruk \(45 m\)/);
    await pageIsSound(page, 'walking the boundary');

    await boundary.getByRole('button', { name: 'Selesai berjalan' }).click();
    await boundary.getByText('Luas terukur (perkiraan)').waitFor();
    const preview = await areaUnder(boundary, 'Luas terukur (perkiraan)');
    expect(preview).toBeGreaterThan(3_000);
    expect(preview).toBeLessThan(3_200);
    await boundary.getByText(/berbeda lebih dari 20%/).waitFor();

    await form.getByRole('button', { name: 'Simpan lahan' }).click();
    await lahanSection().getByText(`Lahan ${NAME} disimpan.`).waitFor({ timeout: 15_000 });
    const saved = await mine(NAME);
    expect(saved.gps.coordinates[0]).toHaveLength(5);
    expect(saved.luas_berbeda).toBe(true);
    const card = lahanSection().locator('li', { has: page.getByRole('heading', { name: NAME }) });
    await card.getByText('(berbeda lebih dari 20%)').waitFor();
  });

  it('shows the admin the boundary, both areas and the flag where the lahan is verified, and lets it be corrected', async () => {
    const admin = await signedInPage(browser, await adminSession(), PHONE);
    await admin.context().route(
      (url) => url.origin !== new URL(baseURL()).origin,
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    await admin.goto('/admin/lahan');
    await searchList(admin, NAME);
    await admin.getByRole('button', { name: 'Lihat' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Luas berbeda > 20%').waitFor();
    await dialog.getByText('Periksa luas dan batasnya sebelum memverifikasi.').waitFor();
    const map = dialog.getByRole('region', { name: `Peta batas lahan ${NAME}` });
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.locator('path').count()).toBeGreaterThan(1);
    await pageIsSound(admin, 'the panel’s lahan detail');

    const { id } = await mine(NAME);
    await admin.goto(`/admin/lahan/${id}`);
    const boundary = admin.getByRole('region', { name: 'Batas lahan di peta' });
    await boundary.getByRole('region', { name: 'Peta batas lahan' }).waitFor();
    await boundary.getByText('Luas terukur', { exact: true }).waitFor();
    await boundary.getByText(/berbeda lebih dari 20%/).waitFor();
    await boundary.getByRole('button', { name: 'Ubah titik' }).waitFor();
    await pageIsSound(admin, 'the panel’s lahan form');
  });
});
