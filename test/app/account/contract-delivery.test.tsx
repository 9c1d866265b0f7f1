import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatRupiah } from '../../../src/shared/format-id';
import { MITRA, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';
import {
  form,
  offerStartingToday,
  openAccountAs,
  openContract,
  signedByBoth,
  SLOW,
  user,
} from './contract-flow';

/*
 * A signed contract's way to its end on /akun against the real API (the offer of 1.800 at Rp 7.000 and both
 * signatures arranged through the API): the mitra starts it and records a delivery, the petani confirms it, the
 * mitra completes it and downloads the PDF; then its code verifies on /verifikasi. In order, on one contract.
 */

const server = startLiveServer();
const TITLE = 'Kontrak Jagung Pengiriman';

let verificationCode: string;

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Pengiriman', 3456.5);
  const contract = await offerStartingToday(server, lahan, { title: TITLE, quantity: 1800, price: 7000 });
  verificationCode = contract.verification_code;
  await signedByBoth(server, contract.id);
}, 60_000);

afterEach(() => vi.restoreAllMocks());

describe('a contract from its start to its PDF on /akun', () => {
  it(
    'lets the mitra start and record a delivery, the petani confirm it, the mitra complete and download the PDF',
    async () => {
      await openAccountAs(MITRA);
      let detail = await openContract(TITLE);
      await user.click(detail.getByRole('button', { name: 'Mulai kontrak' }));
      expect(await detail.findByText('Aktif')).toBeInTheDocument();
      await user.click(detail.getByRole('button', { name: 'Catat pengiriman' }));
      const delivery = form('Catat pengiriman');
      expect(delivery.getByLabelText('Tanggal pengiriman')).toHaveValue(today);
      await user.type(delivery.getByLabelText('Jumlah dikirim (kg)'), '1800');
      await user.selectOptions(delivery.getByLabelText('Mutu'), 'A');
      await user.type(delivery.getByLabelText('Pembayaran (Rp)'), '12600000');
      await user.click(delivery.getByRole('button', { name: 'Simpan pengiriman' }));
      expect(await detail.findByText('Pengiriman tercatat.')).toBeInTheDocument();
      expect(await detail.findByText('Menunggu konfirmasi petani')).toBeInTheDocument();
      expect(detail.queryByRole('button', { name: 'Selesaikan kontrak' })).toBeNull();

      await openAccountAs(PETANI);
      detail = await openContract(TITLE);
      await user.click(await detail.findByRole('button', { name: /^Konfirmasi penerimaan/ }));
      await detail.findByText('Penerimaan pengiriman dikonfirmasi.');
      await waitFor(() => expect(detail.getByText('Penerimaan pengiriman dikonfirmasi.')).toHaveFocus());
      expect(await detail.findByText(/^Dikonfirmasi /)).toBeInTheDocument();
      expect(await detail.findByText('Diterima 1.800 dari 1.800 kg (100%)')).toBeInTheDocument();

      // Back returns to the list, on this contract's row.
      await user.click(screen.getByRole('link', { name: 'Kembali ke daftar kontrak' }));
      await waitFor(() => expect(screen.getByRole('link', { name: `Buka kontrak ${TITLE}` })).toHaveFocus());

      await openAccountAs(MITRA);
      detail = await openContract(TITLE);
      await user.click(await detail.findByRole('button', { name: 'Selesaikan kontrak' }));
      await user.click(form('Selesaikan kontrak').getByRole('button', { name: 'Ya, selesaikan' }));
      expect(await detail.findByText('Kontrak selesai.')).toBeInTheDocument();
      const timeline = within(detail.getByRole('list', { name: 'Linimasa kontrak' }));
      expect(await timeline.findByText('Selesai')).toBeInTheDocument(); // the reloaded history
      for (const step of ['Penawaran', 'Dimulai', 'Pengiriman', 'Konfirmasi penerimaan', 'Selesai'])
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
