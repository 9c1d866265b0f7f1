import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MITRA } from '../../src/server/db/seed/demo.js';
import { adminToken, api, DEMO_ADMIN, searchList, useBrowser } from './support/browser.js';
import { contractReads, signedInUser, yesterday } from './support/contract-steps.js';
import { inViewport, pageIsSound, scrollPageTo } from './support/page-checks.js';

/*
 * Issue 27's walk, end to end, on a phone (390×844) and a laptop (1366×768): a new petani signs up on the web,
 * uploads the KTP and adds a lahan; the admin, in the panel at the same size, verifies the petani (the row's
 * "more" menu, through the documents) and the lahan (its status badge); the demo mitra (verified) finds the
 * lahan in /akun's search and offers; the petani opens the offer from the list onto its own screen and
 * counters. After every action its result is inside the viewport (not under a sticky header); every page
 * state has no sideways scrolling and no serious or critical axe finding (WCAG 2.1 AA).
 */

const browser = useBrowser();
/** Each step's time limit: the machine is shared (the admin step took 71 s at load 25 on 2 cores). */
const STEP = 240_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
let place: { province_name: string; district_name: string; sub_district_name: string; location_name: string };

beforeAll(async () => {
  const res = await api('GET', '/admin/location?limit=1', { token: await adminToken() });
  place = res.json.data[0];
});

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label: option });
}

/** Opens a tab of the admin panel from its menu (behind 'Buka menu' on a phone). */
async function adminTab(page: Page, tab: string) {
  const item = page.getByRole('menuitem', { name: tab, exact: true });
  if (!(await item.isVisible())) await page.getByRole('button', { name: 'Buka menu' }).click();
  await item.click();
  await page.getByRole('heading', { name: `${tab} Dashboard` }).waitFor();
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  describe(`issue 27's walk at ${size.width}×${size.height}`, () => {
    const stamp = `${size.width}${Date.now() % 100_000}`;
    const NAME = `Sari Jalan ${stamp}`;
    const EMAIL = `jalan-${stamp}@example.test`;
    const PASSWORD = 'Tanam2025x';
    const LAHAN = `Sawah Jalan ${stamp}`;
    const TITLE = `Kontrak Jalan ${stamp}`;
    /** An area no other lahan has, so the mitra's area filter finds this one only. */
    const AREA = 4001 + size.width + (Date.now() % 89);
    let admin = '';
    let contractId = 0;
    const { reaches } = contractReads(
      () => admin,
      () => contractId,
    );

    it(
      'a new petani signs up, uploads the KTP and adds a lahan',
      async () => {
        const page = await browser.newPage(size);
        await page.goto('/login');
        await page.getByRole('link', { name: 'Daftar sebagai petani atau mitra' }).click();
        const signup = page.getByRole('form', { name: 'Daftar' });
        await signup.waitFor();
        await pageIsSound(page, 'sign-up form');
        await signup.getByRole('button', { name: 'Daftar' }).click();
        // The focus goes to the first field in error, its message under it (the summary is by the button).
        expect(await focused(signup.getByLabel('Nama lengkap'))).toBe(true);
        await inViewport(signup.getByText('Nama lengkap wajib diisi'), 'the first error');
        await pageIsSound(page, 'sign-up errors');

        await signup.getByLabel('Nama lengkap').fill(NAME);
        await signup.getByLabel('Email').fill(EMAIL);
        await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
        // A woman's NIK (day + 40) with a serial of its own, as NIKs are unique.
        const serial = String(1000 + ((Date.now() + size.width) % 9000));
        await signup.getByLabel('NIK (opsional)').fill(`320101410190${serial}`);
        await signup.getByRole('button', { name: 'Daftar' }).click();
        await page.waitForURL(/\/akun$/);
        await inViewport(
          page
            .getByRole('status')
            .filter({ hasText: 'Pendaftaran berhasil. Langkah berikutnya: unggah KTP' }),
          'the next step after signing up',
        );
        await pageIsSound(page, 'new account');

        const ktp = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'KTP', exact: true }) });
        await ktp
          .getByLabel('Berkas KTP')
          .setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: PNG });
        await ktp.getByRole('button', { name: 'Unggah KTP' }).click();
        await inViewport(ktp.getByText('KTP tersimpan. Admin akan memeriksanya.'), 'the KTP upload message');
        await page.getByText('Admin menunggu: Foto selfie dengan KTP.').waitFor();
        await pageIsSound(page, 'KTP uploaded');

        const lahan = page.getByRole('region', { name: 'Lahan Saya' });
        await lahan.getByRole('button', { name: 'Tambah lahan' }).click();
        const form = lahan.getByRole('form', { name: 'Tambah lahan' });
        await inViewport(form.getByLabel('Nama lahan'), 'the lahan form');
        await form.getByRole('button', { name: 'Tambah lahan' }).click();
        expect(await focused(form.getByLabel('Nama lahan'))).toBe(true);
        await inViewport(form.getByLabel('Nama lahan'), 'the first lahan field in error');
        await pageIsSound(page, 'lahan form errors');

        await form.getByLabel('Nama lahan').fill(LAHAN);
        await form.getByLabel('Luas (m²)').fill(String(AREA));
        await form.getByLabel('Alamat lahan').fill('Dusun Cibeber RT 02');
        await choose(page, 'Provinsi', place.province_name);
        await choose(page, 'Kabupaten/Kota', place.district_name);
        await choose(page, 'Kecamatan', place.sub_district_name);
        await choose(page, 'Desa/Lokasi', place.location_name);
        await form.getByLabel('Kategori lahan').selectOption({ index: 1 });
        await pageIsSound(page, 'lahan form filled');
        await form.getByRole('button', { name: 'Tambah lahan' }).click();
        await inViewport(
          lahan.getByText(`Lahan ${LAHAN} ditambahkan dan menunggu verifikasi admin.`),
          'the lahan added message',
        );
        await lahan.getByRole('heading', { name: LAHAN }).waitFor();
        await pageIsSound(page, 'lahan added');
      },
      STEP,
    );

    it(
      'the admin verifies the petani and the lahan in the panel',
      async () => {
        const page = await browser.newPage(size);
        await page.goto('/admin/login');
        await page.getByLabel(/^Email/).fill(DEMO_ADMIN.email);
        await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
        await page.getByRole('button', { name: 'Masuk sebagai Admin' }).click();
        await page.getByRole('heading', { name: 'Users Dashboard' }).waitFor();

        await adminTab(page, 'Petani');
        await searchList(page, NAME);
        const row = page.getByRole('row').filter({ hasText: NAME });
        await inViewport(row.getByText(NAME), 'the new petani in the list');
        await pageIsSound(page, 'petani found');

        await row.getByRole('button', { name: `Aksi lainnya untuk ${NAME}` }).click();
        const menu = page.getByRole('menu');
        await inViewport(menu.getByRole('menuitem', { name: 'Verifikasi', exact: true }), 'the more menu');
        await pageIsSound(page, 'more menu');
        await menu.getByRole('menuitem', { name: 'Verifikasi', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: `Verifikasi ${NAME}` });
        await inViewport(
          confirm.getByRole('heading', { name: `Verifikasi ${NAME}` }),
          'the verification dialog',
        );
        await pageIsSound(page, 'verification dialog');
        await confirm.getByRole('button', { name: 'Verifikasi', exact: true }).click();
        await inViewport(
          row.getByRole('button', { name: `Batalkan verifikasi ${NAME}` }),
          'the verified badge',
        );
        await pageIsSound(page, 'petani verified');

        await row.getByRole('button', { name: `Aksi lainnya untuk ${NAME}` }).click();
        await page.getByRole('menuitem', { name: 'Lihat lahan' }).click();
        await page.getByRole('heading', { name: 'Lahan Dashboard' }).waitFor();
        const lahanRow = page.getByRole('row').filter({ hasText: LAHAN });
        await inViewport(lahanRow.getByText(LAHAN), "the petani's lahan");
        await pageIsSound(page, "the petani's lahan");
        await lahanRow.getByRole('button', { name: 'Pending' }).click();
        await inViewport(lahanRow.getByRole('button', { name: 'Aktif' }), 'the verified lahan');
        await pageIsSound(page, 'lahan verified');

        admin = await adminToken();
        const [person] = (await api('GET', `/admin/petani?q=${encodeURIComponent(NAME)}`, { token: admin }))
          .json.data;
        expect(person.status_verifikasi).toBe(true);
      },
      STEP,
    );

    it(
      'the demo mitra finds the lahan and offers',
      async () => {
        const mitra = await signedInUser(browser, DEMO_MITRA, size);
        await mitra.getByRole('heading', { name: 'Cari Lahan' }).waitFor();
        await pageIsSound(mitra, 'mitra /akun');

        const filter = mitra.getByRole('form', { name: 'Filter lahan' });
        await filter.getByLabel('Luas minimum (m²)').fill(String(AREA));
        await filter.getByLabel('Luas maksimum (m²)').fill(String(AREA));
        await filter.getByRole('button', { name: 'Cari lahan' }).click();
        await inViewport(
          mitra.getByRole('status').filter({ hasText: '1 lahan ditemukan.' }),
          'the search count',
        );
        const offerButton = mitra.getByRole('button', { name: `Ajukan penawaran untuk ${LAHAN}` });
        await scrollPageTo(offerButton);
        await inViewport(offerButton, "the lahan's offer button");
        await pageIsSound(mitra, 'search result');

        await offerButton.click();
        const form = mitra.getByRole('form', { name: 'Ajukan penawaran' });
        await inViewport(form.getByRole('heading', { name: 'Ajukan penawaran' }), 'the offer form');
        await pageIsSound(mitra, 'offer form');

        await form.getByRole('button', { name: 'Kirim penawaran' }).click();
        await inViewport(form.getByText('Judul kontrak wajib diisi'), 'the first offer error');
        await pageIsSound(mitra, 'offer form errors');

        await form.getByLabel('Judul kontrak').fill(TITLE);
        await form.getByLabel('Kategori kontrak').selectOption({ index: 1 });
        await form.getByLabel('Komoditas').fill('Padi gabah kering panen');
        await form.getByLabel('Jumlah').fill('2000');
        await form.getByLabel('Harga per kg (Rp)').fill('6100');
        await form.getByLabel('Tanggal mulai').fill(yesterday());
        await form.getByLabel('Tanggal selesai').fill('2027-12-31');
        await form.getByRole('button', { name: 'Kirim penawaran' }).click();
        await mitra.waitForURL(/\/akun\/kontrak\/\d+$/);
        contractId = Number(new URL(mitra.url()).pathname.split('/').at(-1));
        await inViewport(mitra.getByText('Penawaran terkirim. Menunggu tanggapan petani.'), 'the offer sent');
        await pageIsSound(mitra, 'offer sent');
        expect(await reaches('pending', 'petani', 1)).toMatchObject({ title: TITLE, price: 6100 });
      },
      STEP,
    );

    it(
      'the petani opens the offer from the list onto its own screen and counters',
      async () => {
        const petani = await signedInUser(browser, { email: EMAIL, password: PASSWORD }, size);
        await petani.getByText('Akun Anda sudah terverifikasi.').waitFor();
        const open = petani.getByRole('link', { name: `Buka kontrak ${TITLE}` });
        // The petani scrolls down to the list: the row's status and action side by side in view.
        await scrollPageTo(petani.locator(`#kontrak-${contractId}`));
        await inViewport(open, "the offer's Buka");
        await inViewport(
          petani.locator(`#kontrak-${contractId}`).getByText('Menunggu Anda'),
          "the offer's status",
        );
        await pageIsSound(petani, 'petani with an offer');

        await open.click();
        await petani.waitForURL(`**/akun/kontrak/${contractId}`);
        await inViewport(petani.getByRole('heading', { level: 1, name: TITLE }), 'the contract screen');
        await pageIsSound(petani, 'contract screen');

        await petani.getByRole('button', { name: 'Tawar balik', exact: true }).click();
        const counter = petani.getByRole('form', { name: 'Tawar balik' });
        await inViewport(counter.getByRole('heading', { name: 'Tawar balik' }), 'the counter form');
        await pageIsSound(petani, 'counter form');
        await counter.getByLabel('Harga per kg (Rp)').fill('6600');
        await counter.getByLabel('Catatan').fill('Harga pupuk naik');
        await counter.getByRole('button', { name: 'Kirim tawar balik' }).click();
        await inViewport(petani.getByText('Tawar balik terkirim.'), 'the counter sent');
        await pageIsSound(petani, 'counter sent');
        expect((await reaches('negotiation', 'mitra', 2)).price).toBe(6600);
      },
      STEP,
    );
  });
}
