import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, useBrowser } from './support/browser.js';
import { seriousAxeFindings, sidewaysOverflow } from './support/page-checks.js';

const browser = useBrowser();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
let place: { province_name: string; district_name: string; sub_district_name: string; location_name: string };

beforeAll(async () => {
  const res = await api('GET', '/admin/location?limit=1', { token: await adminToken() });
  place = res.json.data[0];
});

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** No serious axe finding and no sideways scrolling in the page's current state. */
async function checkPage(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label: option });
}

describe.each([
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
])('joining on the web at $width×$height', (viewport) => {
  it('a new petani signs up, uploads the KTP and adds a lahan', async () => {
    const page = await browser.newPage(viewport);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Daftar sebagai petani atau mitra' }).click();
    const signup = page.getByRole('form', { name: 'Daftar' });
    await signup.waitFor();
    await signup.getByRole('button', { name: 'Daftar' }).click();
    expect(await focused(signup.getByLabel('Nama lengkap'))).toBe(true);
    await checkPage(page);

    await signup.getByLabel('Nama lengkap').fill('Sari Gabung Web');
    await signup.getByLabel('Email').fill(`gabung-${viewport.width}-${Date.now()}@example.test`);
    await signup.getByLabel('Password', { exact: true }).fill('Tanam2025x');
    // A woman's NIK (day + 40) with a serial of its own, as NIKs are unique.
    const serial = String(1000 + ((Date.now() + viewport.width) % 9000));
    await signup.getByLabel('NIK (opsional)').fill(`320101410190${serial}`);
    await signup.getByRole('button', { name: 'Daftar' }).click();
    await page.waitForURL(/\/akun$/);
    await page.getByText('Unggah KTP untuk verifikasi.').waitFor();
    await checkPage(page);

    const ktp = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'KTP', exact: true }) });
    await ktp.getByLabel('Berkas KTP').setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: PNG });
    await ktp.getByRole('button', { name: 'Unggah KTP' }).click();
    await ktp.getByText('KTP tersimpan. Admin akan memeriksanya.').waitFor();
    await page.getByText('Admin menunggu: Foto selfie dengan KTP.').waitFor();
    await checkPage(page);

    const lahan = page.getByRole('region', { name: 'Lahan Saya' });
    await lahan.getByRole('button', { name: 'Tambah lahan' }).click();
    const form = lahan.getByRole('form', { name: 'Tambah lahan' });
    await form.getByRole('button', { name: 'Tambah lahan' }).click();
    expect(await focused(form.getByLabel('Nama lahan'))).toBe(true);
    await checkPage(page);

    await form.getByLabel('Nama lahan').fill('Sawah Gabung Web');
    await form.getByLabel('Luas (m²)').fill('1500');
    await form.getByLabel('Alamat lahan').fill('Dusun Cibeber RT 02');
    await choose(page, 'Provinsi', place.province_name);
    await choose(page, 'Kabupaten/Kota', place.district_name);
    await choose(page, 'Kecamatan', place.sub_district_name);
    await choose(page, 'Desa/Lokasi', place.location_name);
    await form.getByLabel('Kategori lahan').selectOption({ index: 1 });
    await checkPage(page);
    await form.getByRole('button', { name: 'Tambah lahan' }).click();
    await lahan.getByText('Lahan Sawah Gabung Web ditambahkan dan menunggu verifikasi admin.').waitFor();
    await lahan.getByRole('heading', { name: 'Sawah Gabung Web' }).waitFor();
    await checkPage(page);
  });
});
