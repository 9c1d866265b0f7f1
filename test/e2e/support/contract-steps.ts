import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ELECTRONIC_SIGNATURE_CONSENT } from '../../../src/shared/contracts.js';
import { api, eventually, type BrowserFixture } from './browser.js';

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
