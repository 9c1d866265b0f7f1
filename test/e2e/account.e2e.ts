import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, useBrowser } from './support/browser.js';

const browser = useBrowser();

describe('petani self-service in Chromium', () => {
  it('the admin login links to the user login', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/login');
    await page.locator('a[href="/login"]').first().click();
    await page.getByRole('heading', { name: 'Masuk ke TaniMitra' }).waitFor();
  });

  it('signs in, sees the account, exports the data, deletes the account and cannot sign in again', async () => {
    const email = `e2e-${Date.now()}@example.test`;
    const password = 'Tanam2025x';
    const signup = await api('POST', '/auth/signup', {
      body: { role: 'petani', full_name: 'Sari Tani E2E', email, password, phone: '081234567890' },
    });
    expect(signup.status).toBe(201);

    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL(/\/akun$/);
    await expect(page.getByLabel('Nama lengkap').inputValue()).resolves.toBe('Sari Tani E2E');
    await page.getByText('Belum ada lahan terdaftar.').waitFor();
    await page.getByText('Belum ada kontrak.').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();

    await page.getByLabel('Alamat', { exact: true }).fill('Desa Sukamaju, Bogor');
    await page.getByRole('button', { name: 'Simpan Profil' }).click();
    await page.getByText('Profil berhasil disimpan.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh Data Saya' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tanimitra-data-\d+-.+\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.data.account.email).toBe(email);
    expect(exported.data.account.alamat).toBe('Desa Sukamaju, Bogor');

    await page.getByRole('button', { name: 'Hapus Akun Permanen' }).click();
    await page.getByLabel('Saya mengerti bahwa penghapusan ini permanen').check();
    await page.getByRole('form', { name: 'Konfirmasi hapus akun' }).getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Ya, Hapus Akun Saya' }).click();
    await page.getByText('Akun Anda telah dihapus secara permanen.').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();

    const again = await api('POST', '/auth/signin', { body: { email, password } });
    expect(again.status).toBe(401);
  });

  it('the demo petani sees their lahan and signs out', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('petani@tanimitra.id');
    await page.getByLabel('Password', { exact: true }).fill('Petani123!');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL(/\/akun$/);
    // The lahan are cards (a list), each named by its lahan.
    await page.getByRole('region', { name: 'Lahan Saya' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByText('Anda telah keluar.').waitFor();
    await page.goto('/akun');
    await page.waitForURL(/\/login$/);
  });
});
