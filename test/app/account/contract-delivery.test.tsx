import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatRupiah } from '../../../src/shared/format-id';
import { MESSAGES } from '../../../src/shared/messages';
import { ADMIN, MITRA, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';
import {
  ARRIVES,
  form,
  offerStartingToday,
  openAccountAs,
  openContract,
  signedByBoth,
  SLOW,
  user,
} from './contract-flow';

/*
 * A signed contract's way to its end on /akun against the real API (1.800 kg, grade A Rp 7.000 and grade B
 * Rp 6.000, both signatures arranged through the API): the mitra starts it and records a weighed and graded lot,
 * the petani confirms it and disputes another, downloads a receipt; an admin resolves the dispute (API); the
 * mitra completes it and downloads the PDF; then its code verifies on /verifikasi and the lot traces on /lacak.
 * In order, on one contract.
 */

const T = MESSAGES.lot;
const server = startLiveServer();
const TITLE = 'Kontrak Jagung Pengiriman';
const LOT = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

let contractId: number;
let verificationCode: string;
let lotCode: string;

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Pengiriman', 3456.5);
  const contract = await offerStartingToday(server, lahan, {
    title: TITLE,
    quantity: 1800,
    prices: [
      { grade: 'A', price: 7000 },
      { grade: 'B', price: 6000 },
    ],
  });
  contractId = contract.id;
  verificationCode = contract.verification_code;
  await signedByBoth(server, contract.id);
}, 60_000);

afterEach(() => vi.restoreAllMocks());

/** The list's row of the lot `code`. */
const rowOf = (detail: ReturnType<typeof within>, code: string) =>
  within(detail.getByText(code).closest('tr')!);

describe('a contract from its start to its PDF on /akun', () => {
  it(
    'lets the mitra record a weighed and graded lot, with the server’s objection under its field',
    async () => {
      await openAccountAs(MITRA);
      const detail = await openContract(TITLE);
      await user.click(detail.getByRole('button', { name: 'Mulai kontrak' }));
      expect(await detail.findByText('Aktif')).toBeInTheDocument();
      await user.click(detail.getByRole('button', { name: 'Catat pengiriman' }));
      const delivery = form(T.formTitle);
      expect(delivery.getByLabelText(T.date)).toHaveValue(today);
      expect(delivery.getByLabelText(T.rejected('kg'))).toHaveValue(0);
      expect(
        within(delivery.getByLabelText(T.grade))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['— Pilih —', 'Mutu A - Rp 7.000/kg', 'Mutu B - Rp 6.000/kg']);
      await user.type(delivery.getByLabelText(T.gross('kg')), '1800');
      await user.type(delivery.getByLabelText(T.accepted('kg')), '1800');
      await user.clear(delivery.getByLabelText(T.rejected('kg')));
      await user.type(delivery.getByLabelText(T.rejected('kg')), '50');
      await user.selectOptions(delivery.getByLabelText(T.grade), 'B');
      await user.click(delivery.getByRole('button', { name: T.save }));
      // 1.800 + 50 > 1.800 and no reason: both named under their fields, nothing recorded.
      expect(await delivery.findByText(MESSAGES.delivery.overGross)).toBeInTheDocument();
      expect(delivery.getByText(MESSAGES.delivery.reasonRequired)).toBeInTheDocument();

      await user.clear(delivery.getByLabelText(T.gross('kg')));
      await user.type(delivery.getByLabelText(T.gross('kg')), '1850');
      await user.type(delivery.getByLabelText(T.rejectionReason), 'Tongkol basah');
      await user.click(delivery.getByRole('button', { name: T.save }));
      expect(await detail.findByText(T.recorded)).toBeInTheDocument();
      const code = await detail.findByText(LOT);
      lotCode = code.textContent!;
      const row = rowOf(detail, lotCode);
      expect(row.getByText(formatRupiah(1800 * 6000))).toBeInTheDocument();
      expect(row.getByText('Menunggu konfirmasi')).toBeInTheDocument();
      expect(row.getByText(/^Diterima 1\.800 kg, ditolak 50 kg \(kotor 1\.850 kg\)/)).toBeInTheDocument();
      expect(row.getByText('Alasan penolakan: Tongkol basah')).toBeInTheDocument();
      // The mitra neither confirms nor disputes.
      expect(row.queryByRole('button', { name: T.confirmOf(lotCode) })).toBeNull();
      expect(detail.queryByRole('button', { name: 'Selesaikan kontrak' })).toBeNull();
    },
    SLOW,
  );

  it(
    'lets the petani confirm one lot, dispute another with a reason, and download a receipt',
    async () => {
      const mitra = await tokenOf(server, MITRA.email, MITRA.password);
      const second = await server.api(
        'POST',
        `/contract/${contractId}/deliveries`,
        { date: today, gross_quantity: 100, accepted_quantity: 100, rejected_quantity: 0, grade: 'A' },
        mitra,
      );
      expect(second.status).toBe(201);
      const secondLot = second.json.data.lot_code as string;

      await openAccountAs(PETANI);
      const detail = await openContract(TITLE);
      await user.click(await detail.findByRole('button', { name: T.confirmOf(lotCode) }));
      await detail.findByText(T.confirmed);
      await waitFor(() => expect(detail.getByText(T.confirmed)).toHaveFocus());
      await waitFor(() => expect(rowOf(detail, lotCode).getByText('Dikonfirmasi')).toBeInTheDocument());
      expect(await detail.findByText('Diterima 1.800 dari 1.800 kg (100%)')).toBeInTheDocument();

      await user.click(detail.getByRole('button', { name: T.disputeOf(secondLot) }));
      const dispute = within(screen.getByRole('dialog', { name: T.disputeTitle(secondLot) }));
      await user.click(dispute.getByRole('button', { name: T.disputeSend }));
      expect(dispute.getByText('Alasan sanggahan wajib diisi')).toBeInTheDocument();
      await user.type(dispute.getByLabelText(T.disputeReason), 'Yang dikirim 120 kg');
      await user.click(dispute.getByRole('button', { name: T.disputeSend }));
      expect(await detail.findByText(T.disputed)).toBeInTheDocument();
      await waitFor(() => expect(rowOf(detail, secondLot).getByText('Disanggah')).toBeInTheDocument());
      expect(rowOf(detail, secondLot).getByText('Sanggahan: Yang dikirim 120 kg')).toBeInTheDocument();
      expect(rowOf(detail, secondLot).queryByRole('button', { name: T.confirmOf(secondLot) })).toBeNull();

      const saved: Blob[] = [];
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:pdf')),
        revokeObjectURL: vi.fn(),
      });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        expect(this.download).toBe(`tanda-terima-${lotCode}.pdf`);
      });
      await user.click(detail.getByRole('button', { name: T.receiptOf(lotCode) }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

      // An admin settles the dispute (the panel's own test shows its dialog).
      const admin = await tokenOf(server, ADMIN.email, ADMIN.password, true);
      const resolved = await server.api(
        'POST',
        `/contract/${contractId}/deliveries/${second.json.data.id}/resolve`,
        { accepted_quantity: 100, note: 'Ditimbang ulang: 100 kg' },
        admin,
      );
      expect(resolved.status).toBe(200);
    },
    SLOW,
  );

  it(
    'lets the mitra complete and download the PDF',
    async () => {
      await openAccountAs(MITRA);
      const detail = await openContract(TITLE);
      await user.click(await detail.findByRole('button', { name: 'Selesaikan kontrak' }));
      await user.click(form('Selesaikan kontrak').getByRole('button', { name: 'Ya, selesaikan' }));
      expect(await detail.findByText('Kontrak selesai.')).toBeInTheDocument();
      const timeline = within(detail.getByRole('list', { name: 'Linimasa kontrak' }));
      expect(await timeline.findByText('Selesai')).toBeInTheDocument(); // the reloaded history
      for (const step of [
        'Penawaran',
        'Dimulai',
        'Pengiriman',
        'Konfirmasi penerimaan',
        'Sanggahan pengiriman',
        'Sanggahan diselesaikan',
        'Selesai',
      ])
        expect(timeline.getAllByText(step).length, step).toBeGreaterThan(0);
      expect(timeline.getAllByText('Tanda tangan')).toHaveLength(2);

      const saved: Blob[] = [];
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:pdf')),
        revokeObjectURL: vi.fn(),
      });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        expect(this.download).toBe(`kontrak-${verificationCode}.pdf`);
      });
      await user.click(detail.getByRole('button', { name: 'Unduh PDF' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    },
    SLOW,
  );
});

describe('/verifikasi', () => {
  it(
    'asks for the code, then shows an authentic document with the terms that were signed',
    async () => {
      const verified = (await server.api('GET', `/verify/${verificationCode}`)).json.data;
      renderAccountAt('/verifikasi');
      const ask = form('Periksa kode');
      await user.type(
        ask.getByLabelText('Kode verifikasi'),
        verificationCode.replaceAll('-', '').toLowerCase(),
      );
      await user.click(ask.getByRole('button', { name: 'Periksa' }));
      const verdict = within(await screen.findByRole('region', { name: 'Dokumen asli' }));
      expect(verdict.getByText('Selesai')).toBeInTheDocument();
      expect(verdict.getByText(verificationCode)).toBeInTheDocument();
      expect(verdict.getByText(formatRupiah(verified.terms.total_value))).toBeInTheDocument();
      expect(verdict.getByText('Tanda tangan Petani')).toBeInTheDocument();
      expect(verdict.getByText('Tanda tangan Mitra')).toBeInTheDocument();
      expect(verdict.getAllByText(/ WIB$/)).toHaveLength(2);
      expect(screen.getByRole('form', { name: 'Periksa berkas PDF' })).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('/lacak', () => {
  it(
    'shows where the lot comes from, without the petani’s name, and links to its contract’s verification',
    async () => {
      const trace = (await server.api('GET', `/trace/${lotCode}`)).json.data;
      renderAccountAt(`/lacak/${lotCode.toLowerCase()}`);
      const found = within(await screen.findByRole('region', { name: T.traceFound(lotCode) }, ARRIVES));
      await waitFor(() => expect(found.getByRole('heading', { name: T.traceFound(lotCode) })).toHaveFocus());
      const shown: [string, string][] = [
        [T.traceCommodity, 'Jagung'],
        [T.traceGrade, 'B'],
        [T.traceQuantity, '1.800 kg'],
        [T.traceContract, verificationCode],
      ];
      for (const [label, value] of shown) expect(found.getByText(label).nextSibling).toHaveTextContent(value);
      const region = [trace.location?.sub_district, trace.location?.district, trace.location?.province]
        .filter(Boolean)
        .join(', ');
      expect(found.getByText(T.traceRegion).nextSibling).toHaveTextContent(region || '-');
      expect(found.getByRole('link', { name: T.traceVerify })).toHaveAttribute(
        'href',
        `/verifikasi/${verificationCode}`,
      );
      const contract = (await server.api('GET', `/verify/${verificationCode}`)).json.data;
      expect(contract.code).toBe(verificationCode);
      expect(screen.queryByText(/Sawah Uji Pengiriman/)).toBeNull();

      renderAccountAt('/lacak/0000-0000-0000');
      expect(await screen.findByRole('alert', {}, ARRIVES)).toHaveTextContent(T.traceUnknown);
      expect(screen.getByRole('form', { name: T.traceTitle })).toBeInTheDocument();
    },
    SLOW,
  );
});
