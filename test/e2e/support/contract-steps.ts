import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../../src/server/db/seed/demo.js';
import { ELECTRONIC_SIGNATURE_CONSENT } from '../../../src/shared/contracts.js';
import { adminToken, api, eventually, type BrowserFixture } from './browser.js';

/** The steps of a contract on /akun (labels of src/app/account/contracts), and the API reads that check them. */

type Account = { email: string; password: string };
type Json = Record<string, any>;

export const signInToken = async (account: Account) =>
  (await api('POST', '/auth/signin', { body: account })).json.data.token as string;

/** Signs a petani or mitra in through /login (in a viewport of `size`) and answers the page, on /akun. */
export async function signedInUser(
  fixture: BrowserFixture,
  account: Account,
  size?: { width: number; height: number },
): Promise<Page> {
  const page = await fixture.newPage(size);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL(/\/akun$/);
  return page;
}

/** API tokens of the demo admin, petani and mitra. */
export const partyTokens = async () => ({
  admin: await adminToken(),
  petani: await signInToken(DEMO_PETANI),
  mitra: await signInToken(DEMO_MITRA),
});

/** A new lahan of the petani (`tokens.petani`) that the admin verified: active, free for an offer. Answers its id. */
export async function freeLahan(tokens: { admin: string; petani: string }, name: string, area: number) {
  const first = async (url: string) =>
    (await api('GET', url, { token: tokens.admin })).json.data[0].id as number;
  const created = await api('POST', '/lahan', {
    token: tokens.petani,
    body: {
      nama_lahan: name,
      address_lahan: 'Dusun Krajan, Jalan Sawah No. 3',
      luas_lahan: area,
      location_id: await first('/admin/location?limit=1'),
      category_id: await first('/admin/category?limit=1'),
    },
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id as number;
  expect((await api('PUT', `/admin/verify-lahan/${id}`, { token: tokens.admin })).status).toBe(200);
  return id;
}

/** The day before today in WIB: deliveries (dated today WIB by the form) may not come before the start. */
export const yesterday = () => new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

/**
 * The mitra (`tokens.mitra`) offers on lahan `lahanId` of the petani (`tokens.petani`) through the API: 1,000 kg of
 * padi at Rp 5,000 from yesterday to the end of 2027, in the first category, unless `terms` say otherwise.
 * Answers the contract's id.
 */
export async function offerByApi(
  tokens: { petani: string; mitra: string },
  lahanId: number,
  title: string,
  terms: Json = {},
) {
  const petaniId = (await api('GET', '/user/me', { token: tokens.petani })).json.data.id as number;
  const category = (await api('GET', '/contract-category?limit=1', { token: tokens.mitra })).json.data[0].id;
  const offer = await api('POST', '/contract', {
    token: tokens.mitra,
    body: {
      title,
      contract_category_id: category,
      petani_id: petaniId,
      lahan_id: lahanId,
      commodity: 'Padi',
      quantity: 1000,
      price: 5000,
      start_date: yesterday(),
      end_date: '2027-12-31',
      ...terms,
    },
  });
  expect(offer.status, JSON.stringify(offer.json)).toBe(201);
  return offer.json.data.id as number;
}

/**
 * On the mitra's /akun: finds lahan `lahan` by its area (no other lahan has it), opens its offer form and fills
 * the title, the first category and the commodity; answers the form, whose terms are left to fill.
 */
export async function offerForm(
  page: Page,
  { lahan, area, title }: { lahan: string; area: number; title: string },
) {
  const filter = page.getByRole('form', { name: 'Filter lahan' });
  await filter.getByLabel('Luas minimum (m²)').fill(String(area));
  await filter.getByLabel('Luas maksimum (m²)').fill(String(area));
  await filter.getByRole('button', { name: 'Cari lahan' }).click();
  await page.getByRole('button', { name: `Ajukan penawaran untuk ${lahan}` }).click();
  const form = page.getByRole('form', { name: 'Ajukan penawaran' });
  await form.getByLabel('Judul kontrak').fill(title);
  await form.getByLabel('Kategori kontrak').selectOption({ index: 1 });
  await form.getByLabel('Komoditas').fill('Jagung pipil kering');
  return form;
}

/** Dates the offer form from yesterday to the end of 2027 and sends it. */
export async function sendOffer(form: Locator) {
  await form.getByLabel('Tanggal mulai').fill(yesterday());
  await form.getByLabel('Tanggal selesai').fill('2027-12-31');
  await form.getByRole('button', { name: 'Kirim penawaran' }).click();
}

/** Opens the contract's screen (/akun/kontrak/{id}) from a party's /akun list: steps, versions, timeline, deliveries. */
export async function openContract(page: Page, title: string) {
  await page.goto('/akun');
  await page.getByRole('link', { name: `Buka kontrak ${title}` }).click();
  await page.waitForURL(/\/akun\/kontrak\/\d+$/);
  await page.getByRole('region', { name: title }).waitFor();
}

/** Signs the current version on `page` with `password`; answers the dialog (still open when refused). */
export async function signContract(page: Page, password: string) {
  await page.getByRole('button', { name: 'Tanda tangani', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tanda tangani kontrak' });
  await dialog.getByText('Baca pernyataan tanda tangan elektronik').click();
  await dialog.getByText(ELECTRONIC_SIGNATURE_CONSENT.slice(0, 60)).waitFor();
  await dialog
    .getByRole('checkbox', { name: 'Saya menyetujui pernyataan tanda tangan elektronik di atas' })
    .check();
  await dialog.getByLabel('Kata sandi').fill(password);
  await dialog.getByRole('button', { name: 'Tanda tangani sekarang' }).click();
  return dialog;
}

/** What a contract's screen says once the caller's signature is made. */
export const SIGNED_NOTICE = 'Kontrak telah Anda tanda tangani.';

/**
 * Signs with the right password and waits until the screen says so: the signature makes and seals the PDF, which
 * on a loaded machine outlasts the API poll's 10 s (`eventually`); once shown, the API must already agree.
 */
export async function signAndSee(page: Page, password: string) {
  await signContract(page, password);
  await page.getByText(SIGNED_NOTICE).waitFor();
}

/** Fills a terms form (counter or revise) and sends it. */
export async function proposeTerms(page: Page, form: string, fields: Record<string, string>, submit: string) {
  await page.getByRole('button', { name: form, exact: true }).click();
  const dialog = page.getByRole('form', { name: form });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: submit }).click();
}

/** What the API says of contract `id()`, read as `token()` (an admin's). */
export function contractReads(token: () => string, id: () => number) {
  const read = async <T>(rest = '') =>
    (await api('GET', `/contract/${id()}${rest}`, { token: token() })).json.data as T;
  const contract = () => read<Json>();
  return {
    contract,
    listOf: (what: 'events' | 'terms' | 'signatures' | 'deliveries') => read<Json[]>(`/${what}`),
    /** Waits until the contract is in `status` with `awaiting` (and terms `version`), and answers it. */
    async reaches(status: string, awaiting: string | null, version?: number) {
      await eventually(async () => {
        const c = await contract();
        return (
          c.status === status &&
          c.awaiting === awaiting &&
          (version === undefined || c.terms_version === version)
        );
      });
      return contract();
    },
  };
}
