import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah } from '../../src/shared/format-id.js';
import { adminToken, api, baseURL, useBrowser } from './support/browser.js';
import { seriousAxeFindings, sidewaysOverflow } from './support/page-checks.js';

/*
 * /verifikasi in Chromium on a phone and a laptop: the verdict for a contract both parties signed, one only one
 * party signed, a cancelled one, an unknown code; and the PDF itself uploaded, untouched and with one byte
 * changed. Each state passes axe-core (WCAG 2.1 AA) with no serious finding and fits the screen.
 */

const browser = useBrowser();
type Contract = {
  id: number;
  status: string;
  verification_code: string;
  quantity: number;
  price: number;
  petani_signed_at: string | null;
  mitra_signed_at: string | null;
};
let contracts: Contract[];
let token: string;

const find = (label: string, test: (c: Contract) => boolean) => {
  const found = contracts.find(test);
  if (!found) throw new Error(`the demo seed has no ${label} contract`);
  return found;
};
const signedBy = (c: Contract) => [c.petani_signed_at, c.mitra_signed_at].filter(Boolean).length;

beforeAll(async () => {
  token = await adminToken();
  contracts = (await api('GET', '/contract?limit=100', { token })).json.data;
});

async function pdfOf(contract: Contract): Promise<Buffer> {
  const res = await fetch(`${baseURL()}/api/v1/contract/${contract.id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The page at `path` once its verdict is in, checked for axe findings and sideways scrolling. */
async function verdictAt(page: Page, path: string, heading: string) {
  await page.goto(path);
  const verdict = page.getByRole('region', { name: heading });
  await verdict.waitFor();
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  return verdict;
}

async function upload(page: Page, file: Buffer) {
  const form = page.getByRole('form', { name: 'Periksa berkas PDF' });
  await form.getByLabel('Berkas PDF kontrak').setInputFiles({
    name: 'kontrak.pdf',
    mimeType: 'application/pdf',
    buffer: file,
  });
  await form.getByRole('button', { name: 'Periksa PDF' }).click();
}

describe.each([
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
])('/verifikasi at $width×$height', (viewport) => {
  it('a signed contract: the verdict, its terms to compare, its PDF accepted and an edited one refused', async () => {
    const signed = find(
      'signed',
      (c) => ['approved', 'active', 'completed'].includes(c.status) && signedBy(c) === 2,
    );
    const page = await browser.newPage(viewport);
    // Typed as people type it from paper: lowercase, spaces instead of dashes.
    const typed = signed.verification_code.toLowerCase().replaceAll('-', ' ');
    const verdict = await verdictAt(page, `/verifikasi/${encodeURIComponent(typed)}`, 'Dokumen asli');
    const terms = await verdict.getByRole('definition').allInnerTexts();
    expect(terms).toContain(signed.verification_code);
    expect(terms).toContain(formatRupiah(signed.price));
    expect(terms).toContain(formatRupiah(signed.quantity * signed.price));
    expect(await verdict.getByText(/^Tanda tangan (Petani|Mitra)$/).count()).toBe(2);

    const pdf = await pdfOf(signed);
    await upload(page, pdf);
    await page
      .getByRole('region', { name: 'Dokumen asli' })
      .getByText(/sama persis/)
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Dokumen asli');

    const edited = Buffer.from(pdf);
    const at = edited.indexOf('/Producer') + 12;
    edited[at] = edited[at] === 0x41 ? 0x42 : 0x41;
    await upload(page, edited);
    const refused = page.getByRole('region', { name: 'PDF tidak cocok' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/Jangan mengandalkan berkas ini/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('PDF tidak cocok');
    expect(await refused.evaluate((el) => getComputedStyle(el.querySelector('h2')!).color)).toBe(
      'rgb(185, 28, 28)',
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('a contract only one party signed is "Belum ditandatangani lengkap", neither authentic nor not', async () => {
    const half = find(
      'half-signed',
      (c) => ['pending', 'negotiation'].includes(c.status) && signedBy(c) === 1,
    );
    const page = await browser.newPage(viewport);
    const verdict = await verdictAt(
      page,
      `/verifikasi/${half.verification_code}`,
      'Belum ditandatangani lengkap',
    );
    expect(await verdict.textContent()).toMatch(/baru ditandatangani oleh (petani|mitra)/);
    expect(await page.getByText(/Dokumen (tidak )?asli/).count()).toBe(0);
  });

  it('a cancelled contract says so, and an unknown code is not found', async () => {
    const cancelled = find('cancelled', (c) => c.status === 'cancelled');
    const page = await browser.newPage(viewport);
    const verdict = await verdictAt(page, `/verifikasi/${cancelled.verification_code}`, 'Kontrak dibatalkan');
    expect(await verdict.textContent()).toMatch(/tidak (pernah )?berlaku/);

    await page.goto('/verifikasi/0000-0000-0000-0000');
    await page.getByRole('heading', { name: 'Kode tidak ditemukan' }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
