import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  api,
  eventually,
  gone,
  rowOf,
  searchList,
  signedInPage,
  useBrowser,
} from './support/browser.js';
import { MESSAGES } from '../../src/shared/messages.js';

const browser = useBrowser();
let token = '';
let page: Page;

const get = async <T = any>(url: string) => (await api<{ data: T }>('GET', url, { token })).json.data;

/** The list without the filters react-admin remembers from an earlier visit. */
async function open(resource: string) {
  await page.goto(`/admin/${resource}?filter=${encodeURIComponent('{}')}&page=1`);
  await page.getByRole('table').waitFor();
}

const search = (text: string) => searchList(page, text);

const row = (text: string) => rowOf(page, text);

async function pages(total: number) {
  const last = Math.ceil(total / 10);
  await page.getByText(`Page 1 of ${last}`).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Page 2 of ${last}`).waitFor();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText(`Page 1 of ${last}`).waitFor();
}

async function confirmDelete(text: string, confirmation: string) {
  await row(text).getByRole('button', { name: 'Hapus' }).click();
  await page.getByText(confirmation).waitFor();
  await page.getByRole('button', { name: 'Konfirmasi' }).click();
  await row(text).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  const session = await adminSession();
  token = session.token;
  page = await signedInPage(browser, session);
});

describe('admin lahan', () => {
  it('lists, pages, searches, shows the owner, toggles and deletes', async () => {
    const total = (await api('GET', '/lahan?limit=1', { token })).json.pagination.total as number;
    await open('lahan');
    await pages(total);

    const [active] = await get<any[]>('/lahan?status=active&limit=1');
    await search(active.nama_lahan);
    await row(active.nama_lahan).getByText(active.nama_lahan).click();
    const dialog = page.getByRole('dialog', { name: 'Detail Lahan' });
    await dialog.getByText(active.petani_nama).first().waitFor();
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    await row(active.nama_lahan).getByRole('button', { name: 'Aktif' }).click();
    await row(active.nama_lahan).getByRole('button', { name: 'Tidak Aktif' }).waitFor();
    expect((await get(`/lahan/${active.id}`)).status).toBe('inactive');

    const [pending] = await get<any[]>('/lahan?status=pending&limit=1');
    await search(pending.nama_lahan);
    await row(pending.nama_lahan).getByRole('button', { name: 'Pending' }).click();
    await row(pending.nama_lahan).getByRole('button', { name: 'Aktif' }).waitFor();
    expect((await get(`/lahan/${pending.id}`)).status).toBe('active');

    const [locked] = await get<any[]>('/lahan?status=negotiation&limit=1');
    expect(locked, 'the seed has a lahan in negotiation').toBeDefined();
    await search(locked.nama_lahan);
    // Not actionable (aria-disabled, which Playwright will not click): the keyboard gets the notice.
    const lockedBadge = row(locked.nama_lahan).getByRole('button', { name: 'Negosiasi' });
    expect(await lockedBadge.getAttribute('aria-disabled')).toBe('true');
    await lockedBadge.focus();
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.statusCannotBeChanged).first().waitFor();

    await search(active.nama_lahan);
    await confirmDelete(active.nama_lahan, 'Are you sure you want to delete this lahan?');
    await gone(`/lahan/${active.id}`, token);
  });

  it('creates a lahan for a petani', async () => {
    const [petani] = await get<any[]>('/admin/petani?limit=1&sort=full_name&order=asc');
    const [place] = await get<any[]>('/admin/location?limit=1&sort=location_name&order=asc');
    const [category] = await get<any[]>('/admin/category?limit=1&sort=type_name&order=asc');
    await open('lahan');
    await page.getByRole('link', { name: 'Add New' }).click();
    for (const [label, typed, option] of [
      ['Petani', petani.full_name, petani.fullname_petani ?? petani.full_name],
      ['Lokasi', place.location_name, place.location_name],
      ['Kategori', category.type_name, category.type_name],
    ]) {
      await page.getByRole('combobox', { name: label }).fill(typed);
      await page.getByRole('option', { name: option }).first().click();
    }
    await page.getByRole('textbox', { name: 'Lahan' }).fill('Sawah Baru E2E');
    await page.getByRole('spinbutton', { name: 'Luas' }).fill('1500');
    await page.getByRole('textbox', { name: 'Alamat' }).fill('Dusun Krajan RT 01');
    await page.getByRole('button', { name: 'Simpan' }).click();
    let created: any;
    await eventually(async () => {
      created = (await get<any[]>('/lahan?q=Sawah%20Baru%20E2E'))[0];
      return Boolean(created);
    });
    expect(created).toMatchObject({
      petani_id: petani.id,
      luas_lahan: 1500,
      location_id: place.id,
      category_id: category.id,
    });
  });

  it('edits a lahan', async () => {
    const [land] = await get<any[]>('/lahan?limit=1&sort=nama_lahan&order=asc');
    await page.goto(`/admin/lahan/${land.id}`);
    const name = page.getByRole('textbox', { name: 'Lahan' });
    await expect(name.inputValue()).resolves.toBe(land.nama_lahan);
    await name.fill('Sawah Diubah Admin');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await eventually(async () => (await get(`/lahan/${land.id}`)).nama_lahan === 'Sawah Diubah Admin');
    await page.waitForURL(/\/admin\/lahan(\?|$)/);
  });
});

describe('admin contract', () => {
  it('lists, pages, searches, shows the detail, edits an unsigned offer (a new terms version) and deletes it', async () => {
    const total = (await api('GET', '/contract?limit=1', { token })).json.pagination.total as number;
    await open('contract');
    await pages(total);
    const [approved] = await get<any[]>('/contract?status=approved&limit=1');
    await search(approved.title);
    await row(approved.title).getByText('Active').waitFor();
    // Signed, so the server would refuse to delete it: no delete button (issue 26, finding 6).
    await row(approved.title).getByRole('button', { name: 'Lihat' }).waitFor();
    expect(await row(approved.title).getByRole('button', { name: 'Hapus' }).count()).toBe(0);
    await row(approved.title).getByText(approved.title).click();
    const dialog = page.getByRole('dialog', { name: approved.title });
    // The name heads the party's details, and the signatures and history below may name it again.
    await dialog.getByText(approved.fullname_mitra, { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    // Status moves only through the steps, and a signed contract is cancelled, not deleted: an unsigned offer is edited and deleted.
    const pending = await get<any[]>('/contract?status=pending&limit=100');
    const offer = pending.find((c) => !c.petani_signed_at && !c.mitra_signed_at && c.terms_version === 1);
    expect(offer).toBeDefined();
    await search(offer.title);
    await row(offer.title).getByRole('link', { name: 'Ubah' }).click();
    await page.getByRole('textbox', { name: 'Contract' }).fill('Penawaran Diubah Admin');
    await page.getByRole('button', { name: 'Simpan' }).click();
    // Back on the list, still searched by the old title: it no longer matches once the list is read again.
    await page.waitForURL(/\/admin\/contract(\?|$)/);
    await page.getByText('No contracts found').waitFor();
    await eventually(async () => (await get(`/contract/${offer.id}`)).title === 'Penawaran Diubah Admin');
    expect(await get(`/contract/${offer.id}`)).toMatchObject({ status: 'pending', terms_version: 2 });

    await search('Penawaran Diubah Admin');
    await row('Penawaran Diubah Admin').getByText('Penawaran Diubah Admin').waitFor();
    await confirmDelete('Penawaran Diubah Admin', 'Are you sure you want to delete this contract?');
    await gone(`/contract/${offer.id}`, token);
  });
});

describe('admin contract create', () => {
  it("creates a contract between a petani and a mitra on the petani's lahan", async () => {
    // An offer needs a verified petani's active lahan, which then goes into negotiation.
    const [land] = await get<any[]>(
      '/lahan?status=active&petani_verified=true&limit=1&sort=nama_lahan&order=asc',
    );
    const petani = await get<any>(`/admin/petani/${land.petani_id}`);
    const [mitra] = await get<any[]>('/admin/mitra?limit=1&sort=full_name&order=asc');
    const [kind] = await get<any[]>('/admin/contract-category?limit=1&sort=type_name&order=asc');
    await open('contract');
    await page.getByRole('link', { name: 'Add New' }).click();
    await page.getByRole('textbox', { name: 'Contract' }).fill('Kontrak Panen E2E');
    await page.getByRole('combobox', { name: 'Jenis Kontrak' }).click();
    await page.getByRole('option', { name: kind.type_name }).click();
    for (const [label, typed, option] of [
      ['Petani', petani.full_name, petani.fullname_petani ?? petani.full_name],
      ['Mitra', mitra.full_name, mitra.fullname_mitra ?? mitra.full_name],
      ['Lahan', land.nama_lahan, land.nama_lahan],
    ]) {
      await page
        .getByRole('combobox', { name: new RegExp(`^${label}`) })
        .first()
        .fill(typed);
      await page.getByRole('option', { name: option }).first().click();
    }
    await page.getByRole('textbox', { name: 'Komoditas' }).fill('Padi');
    await page.getByRole('spinbutton', { name: 'Jumlah' }).fill('2000');
    await page.getByRole('spinbutton', { name: 'Harga' }).fill('6500');
    await page.getByLabel('Tanggal Mulai').fill('2025-03-01');
    await page.getByLabel('Tanggal Selesai').fill('2025-06-30');
    await page.getByRole('button', { name: 'Simpan' }).click();
    let created: any;
    await eventually(async () => {
      created = (await get<any[]>('/contract?q=Kontrak%20Panen%20E2E'))[0];
      return Boolean(created);
    });
    expect(created).toMatchObject({
      petani_id: land.petani_id,
      mitra_id: mitra.id,
      lahan_id: land.id,
      contract_category_id: kind.id,
      status: 'pending',
      unit: 'kg',
      quantity: 2000,
      price: 6500,
      terms_version: 1,
    });
    expect((await get<any>(`/lahan/${land.id}`)).status).toBe('negotiation');
  });
});

describe('admin category', () => {
  it('creates, searches, shows, edits and deletes a category', async () => {
    await open('category');
    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Category' });
    await expect(dialog.getByRole('button', { name: 'Simpan' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('  Kebun Kopi E2E ');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(' Lahan kopi arabika ');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    let created: any;
    await eventually(async () => {
      created = (await get<any[]>('/admin/category?q=Kebun%20Kopi%20E2E'))[0];
      return created?.type_name === 'Kebun Kopi E2E' && created.description === 'Lahan kopi arabika';
    });

    await search('Kebun Kopi');
    await row('Kebun Kopi E2E').getByText('Kebun Kopi E2E').click();
    await page.getByRole('dialog', { name: 'Detail Category' }).getByText('Lahan kopi arabika').waitFor();
    await page.getByRole('button', { name: 'Tutup' }).click();

    await row('Kebun Kopi E2E').getByRole('button', { name: 'Ubah' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('Kebun Kopi E2E Robusta');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await eventually(
      async () => (await get(`/admin/category/${created.id}`)).type_name === 'Kebun Kopi E2E Robusta',
    );

    await confirmDelete(
      'Kebun Kopi E2E Robusta',
      'Are you sure you want to delete this category? This action cannot be undone.',
    );
    await gone(`/admin/category/${created.id}`, token);
  });

  it('filters by "Dipakai lahan": the categories some lahan uses, or those none uses', async () => {
    const [used] = await get<any[]>('/admin/category?in_use=true&limit=1');
    const unused = (
      await api('POST', '/admin/category', {
        token,
        body: { type_name: 'Belum Dipakai E2E', description: 'Tanpa lahan' },
      })
    ).json.data;
    const cell = (name: string) => page.getByRole('cell', { name, exact: true });
    const choose = async (option: 'Ya' | 'Tidak', value: boolean) => {
      await page.getByRole('combobox', { name: 'Dipakai lahan' }).click();
      await page.getByRole('option', { name: option }).click();
      await page.waitForURL((url) => url.search.includes(encodeURIComponent(`"in_use":${value}`)));
    };
    await open('category');
    await cell(unused.type_name).waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();

    await choose('Ya', true);
    await cell(used.type_name).waitFor();
    await cell(unused.type_name).waitFor({ state: 'detached' });

    await choose('Tidak', false);
    await cell(unused.type_name).waitFor();
    await cell(used.type_name).waitFor({ state: 'detached' });

    await api('DELETE', `/admin/category/${unused.id}`, { token });
  });
});

describe('admin location', () => {
  it('pages, searches, creates a province and a location through the cascade, and deletes', async () => {
    const total = (await api('GET', '/admin/location?limit=1', { token })).json.pagination.total as number;
    await open('location');
    await pages(total);

    await page.getByRole('button', { name: 'Add New' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Location' });
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Province' }).click();
    await dialog.getByRole('textbox', { name: 'Province Name' }).fill('Provinsi E2E');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const provinces = await get<any[]>('/admin/province');
    expect(provinces.map((p) => p.province_name)).toContain('Provinsi E2E');

    const [sample] = await get<any[]>('/admin/location?limit=1');
    await page.getByRole('button', { name: 'Add New' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Location' });
    for (const [label, option] of [
      ['Province', sample.province_name],
      ['District', sample.district_name],
      ['Sub District', sample.sub_district_name],
    ]) {
      await dialog
        .getByRole('combobox', { name: new RegExp(`^${label}`) })
        .first()
        .click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await dialog.getByRole('textbox', { name: 'Location Name' }).fill('Desa E2E Makmur');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    let created: any;
    await eventually(async () => {
      created = (await get<any[]>('/admin/location?q=Desa%20E2E%20Makmur'))[0];
      return created?.sub_district_id === sample.sub_district_id;
    });

    await search('Desa E2E Makmur');
    await row('Desa E2E Makmur').getByText('Desa E2E Makmur').click();
    await page
      .getByRole('dialog', { name: 'Detail Location' })
      .getByText(sample.province_name)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Tutup' }).click();

    await row('Desa E2E Makmur').getByRole('button', { name: 'Ubah' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await edit.getByText(sample.sub_district_name).waitFor();
    await edit.getByRole('textbox', { name: 'Location Name' }).fill('Desa E2E Sejahtera');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(
      async () => (await get(`/admin/location/${created.id}`)).location_name === 'Desa E2E Sejahtera',
    );

    await search('Desa E2E Sejahtera');
    await confirmDelete('Desa E2E Sejahtera', 'Are you sure you want to delete this location?');
    await gone(`/admin/location/${created.id}`, token);
  });
});

describe('admin downloads', () => {
  it('creates a download that the public page lists, tests its link, edits and deletes it', async () => {
    await open('downloads');
    await page.getByRole('link', { name: 'Add New' }).click();
    await page.getByRole('textbox', { name: 'Application' }).fill('TaniMitra iOS E2E');
    await page.getByRole('textbox', { name: 'Version' }).fill('0.9.0');
    await page.getByRole('textbox', { name: 'Size' }).fill('41 MB');
    await page.getByRole('textbox', { name: 'Description' }).fill('Versi iOS untuk uji coba');
    await page.getByRole('textbox', { name: 'Download URL' }).fill('https://example.com/tanimitra.ipa');
    await page.getByRole('textbox', { name: 'Changelog entry 1' }).fill('Rilis pertama');
    await page.getByRole('button', { name: 'Add changelog entry' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();

    let created: any;
    await eventually(async () => {
      const { json } = await api<{ data: any[] }>('GET', '/downloads');
      created = json.data.find((d) => d.name === 'TaniMitra iOS E2E');
      return Boolean(created);
    });
    expect(created).toMatchObject({
      platform: 'android',
      rating: 4.5,
      isActive: true,
      changelog: ['Rilis pertama'],
    });

    await search('iOS E2E');
    const link = row('TaniMitra iOS E2E').getByRole('link', { name: 'Test download' });
    await expect(link.getAttribute('href')).resolves.toBe('https://example.com/tanimitra.ipa');
    await expect(link.getAttribute('target')).resolves.toBe('_blank');

    await row('TaniMitra iOS E2E').getByRole('link', { name: 'Ubah' }).click();
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();
    await eventually(async () => !(await get<any>(`/admin/downloads/${created.id}`)).isActive);
    const publicList = (await api<{ data: any[] }>('GET', '/downloads')).json.data;
    expect(publicList.map((d) => d.name)).not.toContain('TaniMitra iOS E2E');

    await search('iOS E2E');
    await confirmDelete('TaniMitra iOS E2E', 'Are you sure you want to delete this download?');
    await gone(`/admin/downloads/${created.id}`, token);
  });
});

describe('admin mitra', () => {
  it('creates with the company fields, filters, verifies one and in bulk, shows, edits and deletes a mitra', async () => {
    const email = `mitra.e2e.${Date.now()}@tanimitra.id`;
    await open('mitra');
    await page.getByRole('link', { name: 'Add New' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('CV Mitra Uji');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('textbox', { name: /^Company name/ }).fill('CV Panen Raya');
    await page.getByRole('textbox', { name: /^Company position/ }).fill('Direktur');
    await page.getByLabel(/^Password/).fill('Rahasia123');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();
    let created: any;
    await eventually(async () => {
      [created] = await get<any[]>(`/admin/mitra?q=${encodeURIComponent(email)}`);
      return Boolean(created);
    });
    expect(created).toMatchObject({
      full_name: 'CV Mitra Uji',
      company_name: 'CV Panen Raya',
      company_position: 'Direktur',
      status_verifikasi: false,
    });

    // Filter: only the unverified ones, on the server.
    await open('mitra');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('combobox', { name: 'Verification' }).click();
    await page.getByRole('option', { name: 'Belum Terverifikasi' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"status_verifikasi":false'));
    await search(email);
    await row('CV Mitra Uji').getByRole('button', { name: 'Verifikasi CV Mitra Uji' }).click();
    await page
      .getByRole('dialog', { name: 'Verifikasi CV Mitra Uji' })
      .getByRole('button', { name: 'Verifikasi', exact: true })
      .click();
    // Verified now, so the unverified filter no longer lists it; the API agrees.
    await eventually(async () => (await get(`/admin/mitra/${created.id}`)).status_verifikasi === true);

    await open('mitra');
    await search(email);
    await row('CV Mitra Uji').getByRole('button', { name: 'Batalkan verifikasi CV Mitra Uji' }).waitFor();
    // The bulk action sets the selected row back to Inactive.
    await row('CV Mitra Uji').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set Inactive' }).click();
    await eventually(async () => (await get(`/admin/mitra/${created.id}`)).status_verifikasi === false);
    await row('CV Mitra Uji').getByRole('button', { name: 'Verifikasi CV Mitra Uji' }).waitFor();
    await row('CV Mitra Uji').getByText('CV Mitra Uji').click();
    const dialog = page.getByRole('dialog', { name: 'Detail Informasi Mitra' });
    await dialog.getByText(email).first().waitFor();
    await dialog.getByText('Direktur').first().waitFor();
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    await row('CV Mitra Uji').getByRole('link', { name: 'Ubah' }).click();
    const company = page.getByRole('textbox', { name: /^Company name/ });
    await expect.poll(() => company.inputValue()).toBe('CV Panen Raya');
    await company.fill('CV Panen Lestari');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('table').waitFor();
    await eventually(
      async () => (await get(`/admin/mitra/${created.id}`)).company_name === 'CV Panen Lestari',
    );

    await search(email);
    await confirmDelete('CV Mitra Uji', 'Are you sure you want to delete this mitra?');
    await gone(`/admin/mitra/${created.id}`, token);
  });
});

describe('admin users', () => {
  it('exports CSV, deletes selected users in bulk and filters by role', async () => {
    const stamp = Date.now();
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const { status, json } = await api('POST', '/admin/users', {
        token,
        body: {
          role: 'petani',
          full_name: `Bulk Uji ${stamp} ${n}`,
          email: `bulk.${stamp}.${n}@tanimitra.id`,
          password: 'Rahasia123',
        },
      });
      expect(status).toBe(201);
      ids.push(json.data.id);
    }

    await open('users');
    await search(`Bulk Uji ${stamp}`);
    await row(`Bulk Uji ${stamp} 2`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ekspor' }).click(),
    ]);
    // path() waits until the file is complete.
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`bulk.${stamp}.1@tanimitra.id`);
    expect(csv).toContain(`bulk.${stamp}.2@tanimitra.id`);

    for (const n of [1, 2]) await row(`Bulk Uji ${stamp} ${n}`).getByRole('checkbox').check();
    const bulk = page.locator('[data-test="bulk-actions-toolbar"]');
    await bulk.getByText('2 item dipilih').waitFor();
    await page.waitForTimeout(500); // the toolbar slides in
    await bulk.getByRole('button', { name: 'Hapus' }).click();
    await page.getByRole('button', { name: 'Konfirmasi' }).click();
    await row(`Bulk Uji ${stamp} 1`).waitFor({ state: 'detached' });
    for (const id of ids) await gone(`/admin/users/${id}`, token);
    // The delete clears the selection (kept in the admin's local store) after the rows leave: the next visit must
    // not start before it, or it reads the deleted rows as still selected and the toolbar covers Filter.
    await bulk.waitFor({ state: 'hidden' });

    // A fresh visit (no remembered search) filtered by role on the server.
    await open('users');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Mitra' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"role":"mitra"'));
    await page.getByRole('table').waitFor();
    // Only mitra rows once the filtered page has replaced the previous one.
    await expect
      .poll(async () => {
        const rows = (await page.getByRole('row').allTextContents()).slice(1);
        return rows.length > 0 && rows.every((text) => text.includes('Mitra'));
      })
      .toBe(true);
  });
});
