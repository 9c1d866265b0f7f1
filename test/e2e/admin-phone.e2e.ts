import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signedInPage, useBrowser } from './support/browser.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 27: the panel's lists on a phone (390×844). A row is a card of its cells, one under another, so that a
 * row's name, status and actions are on the screen without scrolling the list sideways inside its card.
 */

const browser = useBrowser();
let session: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  session = await adminSession();
});

describe('admin lists at 390×844', () => {
  for (const resource of ['petani', 'mitra', 'lahan', 'contract'])
    it(`/admin/${resource}: every cell of a row, its status and its actions within the screen's width`, async () => {
      const page = await signedInPage(browser, session);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/admin/${resource}?filter=${encodeURIComponent('{}')}&page=1`);
      const row = page.locator('tbody tr').first();
      await row.waitFor();
      const cells = await row.locator('td').evaluateAll((tds) =>
        tds.map((td) => {
          const box = td.getBoundingClientRect();
          return { left: box.left, right: box.right, text: td.textContent };
        }),
      );
      const outside = cells.filter((c) => c.left < -0.5 || c.right > 390.5);
      expect(outside, 'cells outside the screen').toEqual([]);
      for (const button of await row.getByRole('button').all())
        await expect.poll(() => button.isVisible()).toBe(true);
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll('table')].some(
          (t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 0.5,
        ),
      );
      expect(sideways, 'a list scrolls sideways').toBe(false);
      await pageIsSound(page, `/admin/${resource} at 390×844`);
    });
});
