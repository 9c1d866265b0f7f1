import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { pdfText } from '../support/pdf-text.js';
import {
  adminSession,
  api,
  eventually,
  rowOf,
  searchList,
  signedInPage,
  useBrowser,
} from './support/browser.js';
import {
  contractReads,
  freeLahan,
  offerForm,
  openContract as openDetail,
  partyTokens,
  proposeTerms,
  sendOffer,
  signAndSee,
  signContract as sign,
  SIGNED_NOTICE,
  signedInUser,
} from './support/contract-steps.js';

/*
 * Issue 11's whole path in Chromium on the built server: the demo mitra offers on a lahan of the demo petani
 * (/akun), the petani counters, the mitra revises, both sign (a wrong password first refuses the petani's
 * signature), the mitra starts it, records two deliveries that the petani confirms, and completes it; the PDF
 * downloads with the code and the hash, and /verifikasi/{code} accepts that file; the admin sees the timeline.
 * After every step the API says what the screens claim.
 */

const browser = useBrowser();
const LAHAN = `Sawah Uji Kontrak E2E ${Date.now()}`;
const TITLE = `Kontrak Jagung E2E ${Date.now()}`;
/** An area no other lahan has, so the mitra's area filter finds this one. */
const AREA = 2001 + (Date.now() % 98);

let mitra: Page;
let petani: Page;
let tokens: { admin: string; petani: string; mitra: string };
let lahanId = 0;
let contractId = 0;

const { contract, listOf, reaches } = contractReads(
  () => tokens.admin,
  () => contractId,
);
const openContract = (page: Page) => openDetail(page, TITLE);

beforeAll(async () => {
  tokens = await partyTokens();
  lahanId = await freeLahan(tokens, LAHAN, AREA);
  mitra = await signedInUser(browser, DEMO_MITRA);
  petani = await signedInUser(browser, DEMO_PETANI);
});

const lahanStatus = async () =>
  (await api('GET', `/lahan/${lahanId}`, { token: tokens.admin })).json.data.status as string;

describe('a contract from offer to completion in Chromium', () => {
  it('the mitra finds the lahan by its area and offers; the lahan goes into negotiation', async () => {
    await mitra.goto('/akun');
    const form = await offerForm(mitra, { lahan: LAHAN, area: AREA, title: TITLE });
    await form.getByLabel('Jumlah').fill('2000');
    await form.getByLabel('Harga per kg (Rp)').fill('5200');
    await form.getByLabel('Ketentuan pengiriman').fill('Diantar ke gudang mitra, dikemas karung 50 kg');
    await sendOffer(form);

    await eventually(async () => {
      const found = await api('GET', `/contract?q=${encodeURIComponent(TITLE)}`, { token: tokens.admin });
      contractId = found.json.data?.[0]?.id ?? 0;
      return contractId > 0;
    });
    expect(await reaches('pending', 'petani', 1)).toMatchObject({ lahan_id: lahanId, price: 5200 });
    expect(await lahanStatus()).toBe('negotiation');
  });

  it('the petani sees it waiting and counters with another price', async () => {
    await petani.goto('/akun');
    await petani
      .getByRole('status')
      .filter({ hasText: /Menunggu tindakan Anda: \d+ kontrak/ })
      .waitFor();
    await openContract(petani);
    await proposeTerms(
      petani,
      'Tawar balik',
      { 'Harga per kg (Rp)': '5600', Catatan: 'Harga pupuk naik musim ini' },
      'Kirim tawar balik',
    );
    expect((await reaches('negotiation', 'mitra', 2)).price).toBe(5600);
  });

  it("the mitra revises; a wrong password refuses the petani's signature, the right one signs; the mitra signs", async () => {
    await openContract(mitra);
    await proposeTerms(
      mitra,
      'Revisi syarat',
      { Jumlah: '1800', 'Harga per kg (Rp)': '5400' },
      'Kirim revisi',
    );
    expect(await reaches('pending', 'petani', 3)).toMatchObject({ quantity: 1800, price: 5400 });

    await openContract(petani);
    const dialog = await sign(petani, 'bukan-kata-sandinya');
    await dialog.getByRole('alert').waitFor();
    expect((await contract()).petani_signed_at).toBeNull();
    expect(await listOf('signatures')).toEqual([]);
    await dialog.getByLabel('Kata sandi').fill(DEMO_PETANI.password);
    await dialog.getByRole('button', { name: 'Tanda tangani sekarang' }).click();
    await petani.getByText(SIGNED_NOTICE).waitFor();
    expect(await contract()).toMatchObject({ status: 'pending', awaiting: 'mitra', terms_version: 3 });

    await openContract(mitra);
    await signAndSee(mitra, DEMO_MITRA.password);
    const approved = await reaches('approved', 'mitra', 3);
    expect(approved.petani_signed_at && approved.mitra_signed_at).toBeTruthy();
    const terms = await listOf('terms');
    expect(terms.map((t) => [t.version, t.proposed_role])).toEqual([
      [1, 'mitra'],
      [2, 'petani'],
      [3, 'mitra'],
    ]);
    const signatures = await listOf('signatures');
    expect(
      signatures.map((s) => [s.signer_role, s.terms_version, s.document_sha256, s.voided_at]).sort(),
    ).toEqual([
      ['mitra', 3, terms[2]!.document_sha256, null],
      ['petani', 3, terms[2]!.document_sha256, null],
    ]);
  });

  it('the mitra starts it; the lahan is on_going', async () => {
    await openContract(mitra);
    await mitra.getByRole('button', { name: 'Mulai kontrak' }).click();
    await reaches('active', 'mitra');
    expect(await lahanStatus()).toBe('on_going');
  });

  it('the mitra records two deliveries, the petani confirms each, and the mitra completes it', async () => {
    for (const [gross, accepted, rejected] of [
      ['900', '900', '0'],
      ['880', '850', '30'],
    ] as const) {
      await openContract(mitra);
      await mitra.getByRole('button', { name: 'Catat pengiriman' }).click();
      const form = mitra.getByRole('form', { name: 'Catat pengiriman' });
      await form.getByLabel('Berat kotor (kg)').fill(gross);
      await form.getByLabel('Jumlah diterima (kg)').fill(accepted);
      await form.getByLabel('Jumlah ditolak (kg)').fill(rejected);
      if (rejected !== '0') await form.getByLabel('Alasan penolakan').fill('Kadar air terlalu tinggi');
      await form.getByLabel('Mutu').selectOption('A');
      await form.getByRole('button', { name: 'Simpan pengiriman' }).click();
      await reaches('active', 'petani');

      await openContract(petani);
      await petani.getByRole('button', { name: /^Konfirmasi penerimaan lot / }).click();
      await reaches('active', 'mitra');
    }
    const deliveries = await listOf('deliveries');
    expect(
      deliveries.map((d) => [d.accepted_quantity, d.rejected_quantity, d.grade, d.value, d.status]),
    ).toEqual([
      [900, 0, 'A', 900 * 5400, 'confirmed'],
      [850, 30, 'A', 850 * 5400, 'confirmed'],
    ]);

    await openContract(mitra);
    await mitra.getByRole('button', { name: 'Selesaikan kontrak' }).click();
    const form = mitra.getByRole('form', { name: 'Selesaikan kontrak' });
    await form.getByLabel('Catatan').fill('Seluruh hasil panen diterima.');
    await form.getByRole('button', { name: 'Ya, selesaikan' }).click();
    // Completed, and still the mitra's turn: what was delivered is not paid yet.
    await reaches('completed', 'mitra');
    expect(await lahanStatus()).toBe('completed');
  });

  it('the PDF downloads with its code and hash, and /verifikasi/{code} accepts that very file', async () => {
    const { verification_code: code } = await contract();
    const sha256 = (await listOf('terms')).at(-1)!.document_sha256 as string;
    await openContract(petani);
    const [download] = await Promise.all([
      petani.waitForEvent('download'),
      petani.getByRole('button', { name: 'Unduh PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kontrak-${code}.pdf`);
    const path = (await download.path())!;
    const pdf = await readFile(path);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, '');
    expect(text).toContain(code);
    expect(text).toContain(sha256);

    const visitor = await browser.newPage({ width: 390, height: 800 });
    await visitor.goto(`/verifikasi/${code}`);
    await visitor.getByRole('heading', { name: 'Dokumen asli' }).waitFor();
    const check = visitor.getByRole('form', { name: 'Periksa berkas PDF' });
    await check.getByLabel('Berkas PDF kontrak').setInputFiles(path);
    await check.getByRole('button', { name: 'Periksa PDF' }).click();
    await visitor
      .getByRole('region', { name: 'Dokumen asli' })
      .getByText(/sama persis/)
      .waitFor();
  });

  it('the admin sees the timeline of every step', async () => {
    expect((await listOf('events')).map((e) => [e.action, e.actor_role, e.from_status, e.to_status])).toEqual(
      [
        ['offer', 'mitra', null, 'pending'],
        ['counter', 'petani', 'pending', 'negotiation'],
        ['revise', 'mitra', 'negotiation', 'pending'],
        ['sign', 'petani', 'pending', 'pending'],
        ['sign', 'mitra', 'pending', 'approved'],
        ['start', 'mitra', 'approved', 'active'],
        ['deliver', 'mitra', 'active', 'active'],
        ['confirm', 'petani', 'active', 'active'],
        ['deliver', 'mitra', 'active', 'active'],
        ['confirm', 'petani', 'active', 'active'],
        ['complete', 'mitra', 'active', 'completed'],
      ],
    );
    const page = await signedInPage(browser, await adminSession());
    await page.goto(`/admin/contract?filter=${encodeURIComponent('{}')}&page=1`);
    await searchList(page, TITLE);
    await rowOf(page, TITLE).getByText(TITLE).click();
    const timeline = page.getByRole('dialog', { name: TITLE }).getByRole('region', { name: 'Riwayat' });
    await timeline.getByRole('row').nth(EVENTS).waitFor();
    for (const [label, times] of TIMELINE)
      await expect(timeline.getByRole('cell', { name: label, exact: true }).count(), label).resolves.toBe(
        times,
      );
  });
});

/** The admin timeline's action labels (src/shared/contracts.ts) and how often each step happened. */
const EVENTS = 11;
const TIMELINE: [string, number][] = [
  ['Penawaran', 1],
  ['Tawaran balik', 1],
  ['Revisi', 1],
  ['Tanda tangan', 2],
  ['Dimulai', 1],
  ['Pengiriman', 2],
  ['Konfirmasi penerimaan', 2],
  ['Selesai', 1],
];
