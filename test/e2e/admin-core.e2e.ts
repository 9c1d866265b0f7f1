import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  DEMO_ADMIN,
  eventually,
  gone,
  rowOf,
  searchList,
  useBrowser,
} from './support/browser.js';
import { MESSAGES } from '../../src/shared/messages.js';

const browser = useBrowser();
let token = '';
let page: Page;

const get = async <T = any>(url: string) => (await api<{ data: T }>('GET', url, { token })).json.data;
const row = (text: string) => rowOf(page, text);

const search = (text: string) => searchList(page, text);

beforeAll(async () => {
  token = await adminToken();
  page = await browser.newPage();
});

describe('admin panel', () => {
  it('signs in through the login screen and opens on the Users tab', async () => {
    await page.goto('/admin/users');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.getByRole('button', { name: 'Masuk sebagai Admin' }).click();
    await page.getByText(MESSAGES.loginRequired).waitFor();
    await page.getByLabel(/^Email/).fill(DEMO_ADMIN.email);
    await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Masuk sebagai Admin' }).click();
    await page.getByText(MESSAGES.adminLoginSuccess).waitFor();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'Users Dashboard' }).waitFor();
    await page.getByText('Administrator', { exact: true }).waitFor();
    expect(await page.evaluate(() => Boolean(localStorage.getItem('adminToken')))).toBe(true);
  });

  it('searches the server, pages, and opens a detail', async () => {
    const answer = await api('GET', '/admin/users?limit=10&page=2', { token });
    const total = answer.json.pagination.total as number;
    const far = answer.json.data[3];
    await page.getByRole('table').waitFor();
    await expect(page.getByRole('table').textContent()).resolves.not.toContain(far.email);
    await search(far.email);
    await row(far.email).waitFor();
    await page.getByPlaceholder('Search').fill('');
    const pages = Math.ceil(total / 10);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await row(far.email).getByText(far.email).click();
    const dialog = page.getByRole('dialog', { name: 'Detail User' });
    await dialog
      .getByText(far.username ?? far.email)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Tutup' }).click();
  });

  it('creates, edits, verifies and deletes a petani', async () => {
    const email = `petani.e2e.${Date.now()}@tanimitra.id`;
    await page.getByRole('menuitem', { name: 'Petani' }).click();
    await page.getByRole('heading', { name: 'Petani Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Add New' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Petani Uji Coba');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('081234567890');
    await page.getByLabel(/^Password/).fill('Rahasia123');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();
    let created: any;
    await eventually(async () => {
      [created] = await get<any[]>(`/admin/petani?q=${encodeURIComponent(email)}`);
      return Boolean(created);
    });
    expect(created).toMatchObject({ full_name: 'Petani Uji Coba', status_verifikasi: false });

    // The petani list shows Name, Status and Actions: rows are found by name, searched by email.
    await search(email);
    await row('Petani Uji Coba').getByRole('link', { name: 'Ubah' }).click();
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect(name.inputValue()).resolves.toBe('Petani Uji Coba');
    await name.fill('Petani Uji Diubah');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();
    await eventually(
      async () => (await get(`/admin/petani/${created.id}`)).full_name === 'Petani Uji Diubah',
    );

    await search(email);
    // Verifying asks first, over the person's documents (issue 26, finding 6).
    await row('Petani Uji Diubah').getByRole('button', { name: 'Verifikasi Petani Uji Diubah' }).click();
    await page
      .getByRole('dialog', { name: 'Verifikasi Petani Uji Diubah' })
      .getByRole('button', { name: 'Verifikasi', exact: true })
      .click();
    await row('Petani Uji Diubah')
      .getByRole('button', { name: 'Batalkan verifikasi Petani Uji Diubah' })
      .waitFor();
    expect((await get(`/admin/petani/${created.id}`)).status_verifikasi).toBe(true);

    await row('Petani Uji Diubah').getByText('Petani Uji Diubah').click();
    const dialog = page.getByRole('dialog', { name: 'Detail Informasi Petani' });
    await dialog.getByText('Terverifikasi', { exact: true }).waitFor();
    await dialog.getByText('Belum ada data lahan').waitFor();
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    await row('Petani Uji Diubah').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Are you sure you want to delete this petani?').waitFor();
    await page.getByRole('button', { name: 'Konfirmasi' }).click();
    await row('Petani Uji Diubah').waitFor({ state: 'detached' });
    await gone(`/admin/petani/${created.id}`, token);
  });

  it('shows real figures on the dashboard', async () => {
    const stats = await get('/admin/stats');
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByText(stats.users.total.toLocaleString('id-ID'), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Contracts' })
      .getByText(stats.contracts.total.toLocaleString('id-ID'), { exact: true })
      .waitFor();
  });

  it('logs out to the login screen, and /admin then asks to sign in', async () => {
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
  });
});

describe('admin panel on a phone', () => {
  it('opens the sidebar at 360 px and no tab is wider than the screen', async () => {
    const phone = await browser.newPage({ width: 360, height: 740 });
    await phone.goto('/admin/login');
    await phone.getByLabel(/^Email/).fill(DEMO_ADMIN.email);
    await phone.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
    await phone.getByRole('button', { name: 'Masuk sebagai Admin' }).click();
    await phone.getByRole('heading', { name: 'Users Dashboard' }).waitFor();
    for (const tab of [
      'Mitra',
      'Petani',
      'Contract',
      'Lahan',
      'Category',
      'Location',
      'Downloads',
      'Users',
    ]) {
      await phone.getByRole('button', { name: 'Buka menu' }).click();
      await phone.getByRole('menuitem', { name: tab }).click();
      await phone.getByRole('heading', { name: `${tab} Dashboard` }).waitFor();
      await phone.locator('.RaList-content').first().waitFor();
      // Wide tables scroll inside their card; nothing else sticks out past the right edge.
      const wide = await phone.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((element) => !element.parentElement?.closest('.RaList-content'))
          .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)}`),
      );
      expect(wide, tab).toEqual([]);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(360);
    }
  });
});

describe('admin settings', () => {
  it("saves the admin's own profile and changes the password", async () => {
    // A fresh admin of this test's own, so the demo account's password stays as the other tests expect.
    const email = `admin.e2e.${Date.now()}@tanimitra.id`;
    const created = await api('POST', '/admin', {
      token,
      body: { full_name: 'Admin Uji', email, password: 'Lama12345!' },
    });
    expect(created.status).toBe(201);
    const own = await browser.newPage();
    await own.goto('/admin/login');
    await own.getByLabel(/^Email/).fill(email);
    await own.getByLabel(/^Password/).fill('Lama12345!');
    await own.getByRole('button', { name: 'Masuk sebagai Admin' }).click();
    await own.getByRole('heading', { name: 'Users Dashboard' }).waitFor();

    await own.getByRole('menuitem', { name: 'Settings' }).click();
    const profile = own.getByRole('region', { name: 'Profil Admin' });
    const name = profile.getByRole('textbox', { name: /^Nama Lengkap/ });
    await expect.poll(() => name.inputValue()).toBe('Admin Uji');
    await name.fill('Admin Uji Diubah');
    await profile.getByRole('button', { name: 'Simpan' }).click();
    await own.getByText('Profil berhasil disimpan').waitFor();
    const signedIn = await api('POST', '/auth/admin-signin', { body: { email, password: 'Lama12345!' } });
    const me = await api('GET', '/user/me', { token: signedIn.json.data.token });
    expect(me.json.data.full_name).toBe('Admin Uji Diubah');

    const password = own.getByRole('region', { name: 'Ubah Password' });
    await password.getByLabel(/^Password saat ini/).fill('Lama12345!');
    await password.getByLabel(/^Password baru/).fill('Baru12345!');
    await password.getByLabel(/^Konfirmasi password baru/).fill('Baru12345!');
    await password.getByRole('button', { name: 'Ubah Password' }).click();
    await own.getByText(MESSAGES.account.passwordChanged).waitFor();
    const signIn = (password: string) => api('POST', '/auth/admin-signin', { body: { email, password } });
    expect((await signIn('Baru12345!')).status).toBe(200);
    expect((await signIn('Lama12345!')).status).not.toBe(200);

    // The panel keeps working with the fresh tokens the password change answered.
    await own.getByRole('menuitem', { name: 'Users' }).click();
    await own.getByRole('table').waitFor();
    expect(own.url()).not.toContain('/admin/login');
  });
});
