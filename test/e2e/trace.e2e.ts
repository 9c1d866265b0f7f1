import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { adminToken, api, useBrowser } from './support/browser.js';
import { seriousAxeFindings, sidewaysOverflow } from './support/page-checks.js';

/*
 * /lacak in Chromium on a phone and a laptop: a demo lot's origin as its receipt's QR code opens it, without
 * any name of its parties; the link to its contract's verification; an unknown code. Each state passes
 * axe-core (WCAG 2.1 AA) with no serious finding and fits the screen.
 */

const T = MESSAGES.lot;
const browser = useBrowser();
let lot: { lot_code: string; grade: string };
let contract: {
  verification_code: string;
  fullname_petani: string;
  fullname_mitra: string;
  nama_lahan: string;
};

beforeAll(async () => {
  const token = await adminToken();
  const contracts = (await api('GET', '/contract?limit=100', { token })).json.data;
  for (const candidate of contracts) {
    const deliveries = (await api('GET', `/contract/${candidate.id}/deliveries`, { token })).json.data;
    if (deliveries.length === 0) continue;
    [lot, contract] = [deliveries[0], candidate];
    break;
  }
  if (!lot) throw new Error('the demo seed has no delivered lot');
});

describe.each([
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
])('/lacak at $width×$height', (viewport) => {
  it('shows a lot’s origin without its parties, and opens its contract’s verification', async () => {
    const page = await browser.newPage(viewport);
    await page.goto(`/lacak/${lot.lot_code}`);
    const found = page.getByRole('region', { name: T.traceFound(lot.lot_code) });
    await found.waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const shown = await found.getByRole('definition').allInnerTexts();
    expect(shown).toContain(lot.grade);
    expect(shown).toContain(contract.verification_code);
    const text = await page.locator('body').innerText();
    for (const name of [contract.fullname_petani, contract.fullname_mitra, contract.nama_lahan])
      if (name) expect(text).not.toContain(name);

    await found.getByRole('link', { name: T.traceVerify }).click();
    await page.waitForURL(`**/verifikasi/${contract.verification_code}`);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page.close();
  });

  it('says an unknown code is not found and asks for another', async () => {
    const page = await browser.newPage(viewport);
    await page.goto('/lacak/0000-0000-0000');
    await page.getByRole('alert').filter({ hasText: T.traceUnknown }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const form = page.getByRole('form', { name: T.traceTitle });
    await form.getByLabel(T.traceCode).fill(lot.lot_code.toLowerCase().replaceAll('-', ''));
    await form.getByRole('button', { name: T.traceSubmit }).click();
    await page.getByRole('region', { name: T.traceFound(lot.lot_code) }).waitFor();
    await page.close();
  });
});
