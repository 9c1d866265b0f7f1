import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_MITRA } from '../../src/server/db/seed/demo.js';
import { adminSession, api, networkSettled, signedInPage, useBrowser } from './support/browser.js';
import { signedInUser, signInToken } from './support/contract-steps.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Every plot on one map (issue 30): the admin's lahan tab as a map shows the demo lahan and a plot pressed opens
 * that lahan; the mitra on a phone (390×844) switches the lahan search to the map and a plot's popup shows both
 * its areas and the offer. Tiles are off in the test server: the shipped outline is the land.
 */

const browser = useBrowser();
const INDONESIA = '94.5,-11.5,141.5,6.5';

/** Waits until the map has drawn plots or clusters, and answers its plots. */
async function drawn(map: Locator): Promise<Locator> {
  await expect
    .poll(() => map.locator('.tm-plot, .tm-cluster').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return map.locator('path.tm-plot');
}

/** Whether `plot` is drawn inside the map's visible box: a popup's pan, or a redraw after it, can move plots out. */
async function insideMap(map: Locator, plot: Locator): Promise<boolean> {
  if (!(await plot.isVisible())) return false;
  const [area, box] = await Promise.all([map.boundingBox(), plot.boundingBox()]);
  if (!area || !box) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  return x > area.x && x < area.x + area.width && y > area.y && y < area.y + area.height;
}

/** Presses plots (topmost first) until one's popup shows a measured area; answers that popup. */
async function popupWithMeasuredArea(page: Page, map: Locator, plots: Locator): Promise<Locator> {
  const popup = page.locator('.leaflet-popup-content');
  const count = await plots.count();
  for (let i = count - 1; i >= Math.max(0, count - 20); i--) {
    const plot = plots.nth(i);
    if (!(await insideMap(map, plot))) continue;
    await plot.click({ force: true });
    await popup.waitFor();
    if (/Luas terukur \(peta\)\s*[\d.,]+ m²/.test((await popup.textContent()) ?? '')) return popup;
    await page.locator('.leaflet-popup-close-button').click();
    await popup.waitFor({ state: 'detached' });
    await networkSettled(page);
  }
  throw new Error('no plot pressed showed a measured area');
}

describe('every plot on one map', () => {
  it("the admin's map shows the demo plots, and a plot pressed opens that lahan", async () => {
    const session = await adminSession();
    const all = (await api('GET', `/lahan?bbox=${INDONESIA}`, { token: session.token })).json.data;
    expect(all.total).toBeGreaterThan(50);

    const page = await signedInPage(browser, session);
    await page.goto('/admin/lahan');
    await page.getByRole('group', { name: 'Tampilan lahan' }).getByRole('button', { name: 'Peta' }).click();
    const map = page.getByRole('region', { name: 'Peta lahan' });
    const plots = await drawn(map);
    await expect
      .poll(() => page.getByText(/\d+ lahan di bagian peta ini/).textContent())
      .toMatch(/^[\d.]+ lahan di bagian peta ini/);
    await networkSettled(page);
    await pageIsSound(page, "the admin's lahan map");

    const opened = page.waitForResponse((r) => /\/api\/v1\/lahan\/\d+$/.test(new URL(r.url()).pathname));
    await plots.last().click({ force: true });
    const lahan = (await (await opened).json()).data as { nama_lahan: string };
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(lahan.nama_lahan);
  });

  it("a cluster pressed zooms the map into its cell, where the server's plots of it are drawn", async () => {
    const session = await adminSession();
    const all = (await api('GET', `/lahan?bbox=${INDONESIA}`, { token: session.token })).json.data;
    // A demo plot's first corner (or pin), and a cell around it as the server's grid would send it.
    const first = all.features[0].geometry;
    const [lon, lat] = (first.type === 'Point' ? first.coordinates : first.coordinates[0][0]) as number[];
    const cell = [lon! - 0.02, lat! - 0.02, lon! + 0.02, lat! + 0.02];
    const inCell = (await api('GET', `/lahan?bbox=${cell.join(',')}`, { token: session.token })).json.data;
    expect(inCell).toMatchObject({ mode: 'plots' });
    expect(inCell.total).toBeGreaterThan(0);

    // The demo data is too small for the server to group a view: until the cluster is pressed, a view is
    // answered with that cell as one cluster, as the server answers a crowded view; every later view is the
    // server's own answer.
    const page = await signedInPage(browser, session);
    let pressed = false;
    await page.route(/\/api\/v1\/lahan\?(.*&)?bbox=/, (route: Route) =>
      pressed
        ? route.continue()
        : route.fulfill({
            json: {
              success: true,
              message: 'OK',
              data: {
                type: 'FeatureCollection',
                mode: 'clusters',
                total: inCell.total,
                cell: 0.04,
                capped: false,
                features: [
                  {
                    type: 'Feature',
                    geometry: { type: 'Point', coordinates: [lon, lat] },
                    properties: { cluster: true, count: inCell.total, bbox: cell },
                  },
                ],
              },
            },
          }),
    );
    await page.goto('/admin/lahan');
    await page.getByRole('group', { name: 'Tampilan lahan' }).getByRole('button', { name: 'Peta' }).click();
    const map = page.getByRole('region', { name: 'Peta lahan' });
    const cluster = map.getByRole('button', { name: `${inCell.total} lahan, perbesar untuk melihatnya` });
    await cluster.waitFor();
    await expect.poll(() => map.locator('path.tm-plot').count()).toBe(0);

    pressed = true;
    const asked = page.waitForRequest((r) => /\/api\/v1\/lahan\?(.*&)?bbox=/.test(r.url()));
    await cluster.click();
    // The next view is the cell, zoomed in: it holds the cell and is not much larger.
    const view = new URL((await asked).url()).searchParams.get('bbox')!.split(',').map(Number);
    expect(view[0]).toBeLessThanOrEqual(cell[0]!);
    expect(view[1]).toBeLessThanOrEqual(cell[1]!);
    expect(view[2]).toBeGreaterThanOrEqual(cell[2]!);
    expect(view[3]).toBeGreaterThanOrEqual(cell[3]!);
    expect(Math.min(view[2]! - view[0]!, view[3]! - view[1]!)).toBeLessThan(0.04 * 4);

    // The cell's plots drawn as boundaries, the cluster gone.
    await expect.poll(() => map.locator('path.tm-plot').count()).toBeGreaterThanOrEqual(inCell.total);
    await expect.poll(() => cluster.count()).toBe(0);
    await expect
      .poll(() => page.locator('.tm-plots-status').textContent())
      .toMatch(/^[\d.]+ lahan di bagian peta ini\.$/);
  });

  // A phone, and a laptop's screen.
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const)
    it(`the admin's map at ${width}×${height}: the toggle, the map and its legend without sideways scroll`, async () => {
      const page = await signedInPage(browser, await adminSession());
      await page.setViewportSize({ width, height });
      await page.goto('/admin/lahan');
      await page.getByRole('group', { name: 'Tampilan lahan' }).getByRole('button', { name: 'Peta' }).click();
      await drawn(page.getByRole('region', { name: 'Peta lahan' }));
      await networkSettled(page);
      await pageIsSound(page, `the admin's lahan map at ${width}×${height}`);
    });

  it('the mitra on a phone sees the offerable plots on the map and a plot shows both its areas', async () => {
    const mitraToken = await signInToken(DEMO_MITRA);
    const offerable = (
      await api('GET', `/lahan?bbox=${INDONESIA}&status=active&petani_verified=true`, { token: mitraToken })
    ).json.data;
    expect(offerable.total).toBeGreaterThan(0);

    const page = await signedInUser(browser, DEMO_MITRA, { width: 390, height: 844 });
    const views = page.getByRole('group', { name: 'Tampilan hasil pencarian' });
    await views.getByRole('button', { name: 'Peta' }).click();
    const map = page.getByRole('region', { name: 'Peta lahan yang dapat ditawar' });
    const plots = await drawn(map);
    await networkSettled(page);
    await pageIsSound(page, "the mitra's map");

    await map.scrollIntoViewIfNeeded();
    const popup = await popupWithMeasuredArea(page, map, plots);
    expect(await popup.textContent()).toMatch(/Luas tercatat\s*[\d.,]+ m²/);
    expect(await popup.textContent()).toMatch(/Kategori\s*\S/);
    await pageIsSound(page, "the mitra's map with a plot's popup");

    await popup.getByRole('button', { name: 'Ajukan penawaran' }).click();
    await page.getByRole('form', { name: 'Ajukan penawaran' }).waitFor();
  });
});
