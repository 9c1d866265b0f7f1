import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { api, baseURL, eventually, PHONE, useBrowser } from './support/browser.js';
import {
  contractReads,
  freeLahan,
  offerForm,
  openContract as openDetail,
  partyTokens,
  sendOffer,
  signAndSee,
  signedInUser,
} from './support/contract-steps.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 31's "done when" in Chromium on a phone (390×844), every step on /akun's screens: the demo mitra offers
 * with grades A and B; both sign and the mitra starts it; a seed advance is recorded and confirmed; two lots are
 * delivered (the second with a rejected part, grade B) and both confirmed; the statement shows the gross, the
 * advance deducted and the net; a partial payment confirmed makes it "Dibayar sebagian", the rest "Lunas". The
 * second lot's receipt downloads; its QR code, decoded from the PDF (pdftoppm + zbarimg), opens the public trace
 * page, which shows the lot and none of the parties' names, contacts, NIK or their lahan.
 */

const browser = useBrowser();
const stamp = Date.now();
const LAHAN = `Sawah Uji Pelunasan ${stamp}`;
const TITLE = `Kontrak Pelunasan E2E ${stamp}`;
/** An area no other lahan has, so the mitra's area filter finds this one. */
const AREA = 4001 + (stamp % 97);
const PRICE = { A: 6000, B: 5000 };
const ADVANCE = 1_500_000;
/** 1,000 kg of A, then 520 kg weighed of which 20 kg refused and 500 kg of B. */
const GROSS = 1000 * PRICE.A + 500 * PRICE.B;
const NET = GROSS - ADVANCE;
const FIRST_PAYMENT = 3_000_000;

let tokens: { admin: string; petani: string; mitra: string };
let contractId = 0;
const dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-settlement-e2e-'));

const { contract, listOf, reaches } = contractReads(
  () => tokens.admin,
  () => contractId,
);
/**
 * A party's screen of the contract in a new signed-in page (a fresh device: /akun keeps the person's answers on
 * the device and shows them again for 30 s, while the other party's step just changed them).
 */
async function screenOf(account: typeof DEMO_MITRA | typeof DEMO_PETANI): Promise<Page> {
  const page = await signedInUser(browser, account, PHONE);
  await openDetail(page, TITLE);
  return page;
}
const asMitra = () => screenOf(DEMO_MITRA);
const asPetani = () => screenOf(DEMO_PETANI);
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
/** Rupiah as every screen writes it: Rp 12.500.000. */
const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;
const settlement = async () =>
  (await api('GET', `/contract/${contractId}/settlement`, { token: tokens.petani })).json.data;

/** The statement on the contract's screen: its figure for `label` (a <dt>), as shown. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('definition')
    .filter({ has: page.locator(`xpath=preceding-sibling::dt[normalize-space()="${label}"]`) })
    .first();

beforeAll(async () => {
  tokens = await partyTokens();
  await freeLahan(tokens, LAHAN, AREA);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('from an offer by grade to a contract paid in full, on a phone', () => {
  it('the mitra offers grades A and B; both sign and the mitra starts it', async () => {
    let mitra = await signedInUser(browser, DEMO_MITRA, PHONE);
    const form = await offerForm(mitra, { lahan: LAHAN, area: AREA, title: TITLE });
    await form.getByLabel('Jumlah', { exact: true }).fill('2000');
    const grades = form.getByRole('textbox', { name: 'Mutu', exact: true });
    const prices = form.getByRole('spinbutton', { name: 'Harga per kg (Rp)' });
    await prices.first().fill(String(PRICE.A));
    await form.getByRole('button', { name: 'Tambah mutu' }).click();
    await grades.nth(1).fill('B');
    await prices.nth(1).fill(String(PRICE.B));
    await sendOffer(form);
    await mitra.waitForURL(/\/akun\/kontrak\/\d+$/);
    contractId = Number(new URL(mitra.url()).pathname.split('/').at(-1));
    expect(await reaches('pending', 'petani', 1)).toMatchObject({
      title: TITLE,
      price: PRICE.A,
      prices: [
        { grade: 'A', price: PRICE.A },
        { grade: 'B', price: PRICE.B },
      ],
    });

    await signAndSee(await asPetani(), DEMO_PETANI.password);
    expect(await contract()).toMatchObject({ status: 'pending', awaiting: 'mitra', terms_version: 1 });
    await signAndSee(await asMitra(), DEMO_MITRA.password);
    await reaches('approved', 'mitra', 1);
    mitra = await asMitra();
    await mitra.getByRole('button', { name: 'Mulai kontrak' }).click();
    await reaches('active', 'mitra');
  });

  it('the mitra records a seed advance and the petani confirms it', async () => {
    const mitra = await asMitra();
    await mitra.getByRole('button', { name: 'Catat uang muka' }).click();
    const form = mitra.getByRole('form', { name: 'Catat uang muka' });
    await form.getByLabel('Jenis').selectOption({ label: 'Benih' });
    await form.getByLabel('Jumlah (Rp)').fill('1.500.000');
    await form.getByLabel('Tanggal').fill(today());
    await form.getByLabel('Catatan (opsional)').fill('Benih jagung hibrida 40 kg');
    await form.getByRole('button', { name: 'Simpan uang muka' }).click();
    await mitra.getByText('Uang muka tercatat. Menunggu konfirmasi petani.').waitFor();
    await reaches('active', 'petani');

    const petani = await asPetani();
    await petani.getByRole('button', { name: `Konfirmasi uang muka Benih ${rupiah(ADVANCE)}` }).click();
    await petani.getByText('Uang muka dikonfirmasi.').waitFor();
    await reaches('active', 'mitra');
    expect(await settlement()).toMatchObject({ gross: 0, advances: ADVANCE, advance_balance: ADVANCE });
  });

  it('two lots are delivered, the second with a rejected part and grade B, and the petani confirms both', async () => {
    const lots: [gross: string, accepted: string, rejected: string, grade: string, reason?: string][] = [
      ['1000', '1000', '0', 'A'],
      ['520', '500', '20', 'B', 'Sebagian tongkol busuk'],
    ];
    for (const [gross, accepted, rejected, grade, reason] of lots) {
      const mitra = await asMitra();
      await mitra.getByRole('button', { name: 'Catat pengiriman' }).click();
      const form = mitra.getByRole('form', { name: 'Catat pengiriman' });
      await form.getByLabel('Tanggal pengiriman').fill(today());
      await form.getByLabel('Berat kotor (kg)').fill(gross);
      await form.getByLabel('Jumlah diterima (kg)').fill(accepted);
      await form.getByLabel('Jumlah ditolak (kg)').fill(rejected);
      if (reason) await form.getByLabel('Alasan penolakan').fill(reason);
      await form
        .getByLabel('Mutu')
        .selectOption({ label: `Mutu ${grade} - ${rupiah(PRICE[grade as 'A'])}/kg` });
      await form.getByRole('button', { name: 'Simpan pengiriman' }).click();
      await mitra.getByText('Pengiriman tercatat.').waitFor();
      await reaches('active', 'petani');
      const lot = (await listOf('deliveries')).at(-1)!;

      const petani = await asPetani();
      await petani.getByRole('button', { name: `Konfirmasi penerimaan lot ${lot.lot_code}` }).click();
      await petani.getByText('Penerimaan pengiriman dikonfirmasi.').first().waitFor();
      await reaches('active', 'mitra');
    }
    const deliveries = await listOf('deliveries');
    expect(
      deliveries.map((d) => [
        d.grade,
        d.gross_quantity,
        d.accepted_quantity,
        d.rejected_quantity,
        d.value,
        d.status,
      ]),
    ).toEqual([
      ['A', 1000, 1000, 0, 1000 * PRICE.A, 'confirmed'],
      ['B', 520, 500, 20, 500 * PRICE.B, 'confirmed'],
    ]);
  });

  it('the statement shows the gross, the advance deducted and the net', async () => {
    const petani = await asPetani();
    await petani.getByLabel('Rekening kontrak').waitFor();
    await expect.poll(() => figure(petani, 'Nilai kotor').textContent()).toBe(rupiah(GROSS));
    expect(await figure(petani, 'Potongan uang muka').textContent()).toBe(`− ${rupiah(ADVANCE)}`);
    expect(await figure(petani, 'Bersih').textContent()).toBe(rupiah(NET));
    expect(await figure(petani, 'Sisa').textContent()).toBe(rupiah(NET));
    expect(await figure(petani, 'Status pembayaran').textContent()).toBe('Belum dibayar');
    await pageIsSound(petani, 'statement before payment');
    expect(await settlement()).toMatchObject({
      gross: GROSS,
      advances: ADVANCE,
      net: NET,
      paid: 0,
      outstanding: NET,
      payment_status: 'unpaid',
    });
  });

  it('a partial payment confirmed makes it partial (Dibayar sebagian), the rest paid (Lunas)', async () => {
    let petani: Page | undefined;
    for (const [amount, shown, status] of [
      [FIRST_PAYMENT, 'Dibayar sebagian', 'partial'],
      [NET - FIRST_PAYMENT, 'Lunas', 'paid'],
    ] as const) {
      const mitra = await asMitra();
      await mitra.getByRole('button', { name: 'Catat pembayaran' }).click();
      const form = mitra.getByRole('form', { name: 'Catat pembayaran' });
      await form.getByLabel('Jumlah (Rp)').fill(amount.toLocaleString('id-ID'));
      await form.getByLabel('Metode').selectOption({ label: 'Transfer bank' });
      await form.getByLabel('Referensi (no. transfer atau kuitansi)').fill(`TRF-${stamp}-${amount}`);
      await form.getByLabel('Tanggal').fill(today());
      await form.getByRole('button', { name: 'Simpan pembayaran' }).click();
      await mitra.getByText('Pembayaran tercatat. Menunggu konfirmasi petani.').waitFor();

      const confirming = (petani = await asPetani());
      await confirming.getByRole('button', { name: `Konfirmasi pembayaran ${rupiah(amount)}` }).click();
      await confirming.getByText('Pembayaran dikonfirmasi.').waitFor();
      await expect.poll(() => figure(confirming, 'Status pembayaran').textContent()).toBe(shown);
      await eventually(async () => (await settlement()).payment_status === status);
    }
    expect(await figure(petani!, 'Sisa').textContent()).toBe(rupiah(0));
    await pageIsSound(petani!, 'statement paid');
    expect(await settlement()).toMatchObject({
      paid: NET,
      outstanding: 0,
      pending: 0,
      payment_status: 'paid',
    });
    expect((await contract()).awaiting).toBe('mitra');
  });

  it("the receipt's QR code, decoded from the PDF, opens the trace page, which shows no personal data", async () => {
    const lot = (await listOf('deliveries'))[1]!;
    const petani = await asPetani();
    const [download] = await Promise.all([
      petani.waitForEvent('download'),
      petani.getByRole('button', { name: `Unduh tanda terima lot ${lot.lot_code}` }).click(),
    ]);
    const pdf = path.join(dir, 'tanda-terima.pdf');
    await copyFile((await download.path())!, pdf);
    const pages = path.join(dir, 'halaman');
    expect(spawnSync('pdftoppm', ['-png', '-r', '150', pdf, pages]).status).toBe(0);
    const images = readdirSync(dir).filter((name) => name.startsWith('halaman') && name.endsWith('.png'));
    const decoded = images
      .map(
        (image) => spawnSync('zbarimg', ['-q', '--raw', path.join(dir, image)], { encoding: 'utf8' }).stdout,
      )
      .join('')
      .trim();
    expect(decoded).toBe(`${baseURL()}/lacak/${lot.lot_code}`);

    const visitor = await browser.newPage(PHONE);
    await visitor.goto(decoded);
    await visitor.getByRole('heading', { name: `Lot ${lot.lot_code}` }).waitFor();
    const page = (await visitor.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const expected of ['Jagung pipil kering', '500 kg', (await contract()).verification_code])
      expect(page).toContain(expected);
    expect(page).toMatch(/Mutu\s*B/);

    // The parties as their own accounts name them: names, e-mail, phone (as stored and as typed), NIK.
    const people = await Promise.all(
      [tokens.petani, tokens.mitra].map(async (token) => (await api('GET', '/user/me', { token })).json.data),
    );
    const personal = [
      LAHAN,
      ...people.flatMap((p) => [
        p.full_name,
        p.fullname_petani ?? p.fullname_mitra,
        p.email,
        p.phone,
        p.phone?.replace(/^\+62/, '0'),
        p.nik,
      ]),
    ].filter((text): text is string => typeof text === 'string');
    expect(personal).toHaveLength(13);
    const html = await visitor.content();
    for (const text of personal) {
      expect(page, text).not.toContain(text);
      expect(html, text).not.toContain(text);
    }
    await pageIsSound(visitor, 'trace page');
  });
});
