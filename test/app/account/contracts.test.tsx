import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../src/app/account/api';
import { ELECTRONIC_SIGNATURE_CONSENT } from '../../../src/shared/contracts';
import { formatRupiah } from '../../../src/shared/format-id';
import { inDays, MITRA, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * The contract screens of /akun and /verifikasi against the real API (test/app/support/live-server.ts): a
 * mitra finds a lahan and offers, the petani counters, the mitra revises, both sign (a wrong password first),
 * the contract starts, a delivery is recorded and confirmed, it completes, and its code verifies. The tests
 * run in order on one contract.
 */

const server = startLiveServer();
const LAHAN = 'Sawah Uji Akun';
const AREA = 12345.5;
const TITLE = 'Kontrak Jagung Uji Akun';
const user = userEvent.setup();
/** Each test takes several screens and round trips; a loaded machine needs more than the default 20 s. */
const SLOW = 90_000;

let contractId: number;
let verificationCode: string;

async function openAccountAs(account: { email: string; password: string }) {
  cleanup();
  localStorage.clear();
  await signIn(account.email, account.password);
  renderAccountAt('/akun');
  return screen.findByRole('heading', { name: 'Kontrak Saya' });
}

/** Opens the test contract's screen from the list and returns it (the section named by its title, focused). */
async function openContract() {
  await user.click(await screen.findByRole('link', { name: `Buka kontrak ${TITLE}` }));
  const region = await screen.findByRole('region', { name: TITLE });
  await waitFor(() => expect(within(region).getByRole('heading', { level: 1, name: TITLE })).toHaveFocus());
  return within(region);
}

const form = (name: string) => within(screen.getByRole('form', { name }));

beforeAll(async () => {
  // An area no other lahan has, so that the area filter finds exactly this one.
  await verifiedLahan(server, LAHAN, AREA);
}, 60_000);

afterEach(() => vi.restoreAllMocks());

describe('contracts on /akun', () => {
  it(
    'lets a mitra find the lahan by province, category and area and make an offer',
    async () => {
      await openAccountAs(MITRA);
      const filters = form('Filter lahan');
      const lahan = (
        await server.api(
          'GET',
          `/lahan?luas_min=${AREA}&luas_max=${AREA}`,
          undefined,
          await tokenOf(server, MITRA.email, MITRA.password),
        )
      ).json.data[0];
      await waitFor(() => expect(filters.getByLabelText('Provinsi')).toHaveTextContent(lahan.province_name));
      await user.selectOptions(
        filters.getByLabelText('Provinsi'),
        filters.getByRole('option', { name: lahan.province_name }),
      );
      await user.selectOptions(
        filters.getByLabelText('Kategori lahan'),
        filters.getByRole('option', { name: lahan.category_name }),
      );
      await user.type(filters.getByLabelText('Luas minimum (m²)'), String(AREA));
      await user.type(filters.getByLabelText('Luas maksimum (m²)'), String(AREA));
      await user.click(filters.getByRole('button', { name: 'Cari lahan' }));
      expect(await screen.findByText('1 lahan ditemukan.')).toBeInTheDocument();
      expect(screen.getByText('12.345,5 m²')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: new RegExp(`^Ajukan penawaran untuk ${LAHAN}`) }));
      const offer = form('Ajukan penawaran');
      expect(offer.getByRole('heading', { name: 'Ajukan penawaran' })).toHaveFocus(); // scrolled into view
      const send = offer.getByRole('button', { name: 'Kirim penawaran' });
      await user.click(send);
      // Each empty field is named under itself in plain words, the first one focused, a summary by the button.
      expect(offer.getByLabelText('Judul kontrak')).toHaveFocus();
      expect(offer.getByLabelText('Judul kontrak')).toHaveAccessibleDescription('Judul kontrak wajib diisi');
      expect(offer.getByLabelText('Kategori kontrak')).toHaveAccessibleDescription(
        'Kategori kontrak wajib dipilih',
      );
      expect(offer.getByLabelText('Tanggal mulai')).toHaveAccessibleDescription('Tanggal mulai wajib diisi');
      expect(offer.getByLabelText('Harga per unit (Rp)')).toHaveAccessibleDescription(
        'Harga per unit wajib diisi',
      );
      expect(offer.getByLabelText('Satuan')).not.toHaveAttribute('aria-invalid');
      const summary = offer.getByRole('alert');
      expect(summary).toHaveTextContent('Lengkapi 7 isian yang ditandai di atas.');
      expect(summary.nextElementSibling).toContainElement(send);
      await user.type(offer.getByLabelText('Judul kontrak'), TITLE);
      await waitFor(() => expect(offer.getAllByRole('option').length).toBeGreaterThan(1));
      await user.selectOptions(offer.getByLabelText('Kategori kontrak'), offer.getAllByRole('option')[1]!);
      await user.type(offer.getByLabelText('Komoditas'), 'Jagung');
      await user.type(offer.getByLabelText('Jumlah'), '2000');
      await user.type(offer.getByLabelText('Harga per unit (Rp)'), '6250');
      await user.type(offer.getByLabelText('Tanggal mulai'), today);
      await user.type(offer.getByLabelText('Tanggal selesai'), inDays(90));
      await user.type(offer.getByLabelText('Ketentuan pengiriman'), 'Diantar ke gudang mitra');
      await user.click(offer.getByRole('button', { name: 'Kirim penawaran' }));

      // The offer opens the new contract's own screen, its result focused there.
      const detail = within(await screen.findByRole('region', { name: TITLE }));
      await waitFor(() =>
        expect(detail.getByText('Penawaran terkirim. Menunggu tanggapan petani.')).toHaveFocus(),
      );
      expect(detail.getByText(/^Langkah berikutnya: Menunggu tanggapan petani/)).toBeInTheDocument();
      expect(detail.getByText('Rp 12.500.000', { selector: 'dd' })).toBeInTheDocument();
      expect(detail.getByText('Pending')).toBeInTheDocument();
      const mine = await server.api(
        'GET',
        '/contract/user?limit=100',
        undefined,
        await tokenOf(server, MITRA.email, MITRA.password),
      );
      const contract = mine.json.data.find((c: { title: string }) => c.title === TITLE);
      expect(contract).toMatchObject({
        commodity: 'Jagung',
        quantity: 2000,
        price: 6250,
        status: 'pending',
        start_date: today,
      });
      contractId = contract.id;
      verificationCode = contract.verification_code;
    },
    SLOW,
  );

  it(
    'shows the petani what waits for them and sends a counter-offer with a note',
    async () => {
      await openAccountAs(PETANI);
      const waiting = await screen.findByText(/Menunggu tindakan Anda:/);
      const token = await tokenOf(server, PETANI.email, PETANI.password);
      const count = (await server.api('GET', '/contract/user?awaiting=true&limit=1', undefined, token)).json
        .pagination.total;
      expect(count).toBeGreaterThan(0);
      expect(waiting).toHaveTextContent(`Menunggu tindakan Anda: ${count} kontrak`);

      const detail = await openContract();
      await user.click(detail.getByRole('button', { name: 'Tawar balik' }));
      const counter = form('Tawar balik');
      await user.click(counter.getByRole('button', { name: 'Kirim tawar balik' }));
      const refusal = await counter.findByText('Ajukan setidaknya satu perubahan syarat');
      expect(refusal).toHaveFocus(); // no field to blame: the summary by the button
      expect(refusal.nextElementSibling).toContainElement(
        counter.getByRole('button', { name: 'Kirim tawar balik' }),
      );
      const start = counter.getByLabelText('Tanggal mulai');
      await user.clear(start);
      await user.click(counter.getByRole('button', { name: 'Kirim tawar balik' }));
      expect(start).toHaveFocus();
      expect(start).toHaveAccessibleDescription('Tanggal mulai wajib diisi');
      await user.type(start, today);
      await user.clear(counter.getByLabelText('Harga per unit (Rp)'));
      await user.type(counter.getByLabelText('Harga per unit (Rp)'), '7000');
      await user.type(counter.getByLabelText('Catatan'), 'Harga pupuk naik');
      await user.click(counter.getByRole('button', { name: 'Kirim tawar balik' }));
      await detail.findByText('Tawar balik terkirim.');
      await waitFor(() => expect(detail.getByText('Tawar balik terkirim.')).toHaveFocus());
      expect(await detail.findByText('Rp 14.000.000', { selector: 'dd' })).toBeInTheDocument();
      expect(detail.getByText('Negosiasi')).toBeInTheDocument();
      expect(detail.getByText('Harga pupuk naik')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'lets the mitra revise and both parties sign; a wrong password shows the server message and signs nothing',
    async () => {
      await openAccountAs(MITRA);
      let detail = await openContract();
      await user.click(detail.getByRole('button', { name: 'Revisi syarat' }));
      const revise = form('Revisi syarat');
      await user.clear(revise.getByLabelText('Jumlah'));
      await user.type(revise.getByLabelText('Jumlah'), '1800');
      await user.click(revise.getByRole('button', { name: 'Kirim revisi' }));
      expect(await detail.findByText('Revisi terkirim.')).toBeInTheDocument();
      expect(await detail.findByText('Rp 12.600.000', { selector: 'dd' })).toBeInTheDocument();
      expect(detail.getByText('Versi 3')).toBeInTheDocument();

      await user.click(detail.getByRole('button', { name: 'Tanda tangani' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Tanda tangani kontrak' }));
      // The consent is folded, so the password field is in view; it opens to be read.
      expect(dialog.getByText(ELECTRONIC_SIGNATURE_CONSENT)).not.toBeVisible();
      expect(dialog.getByLabelText('Kata sandi')).toBeVisible();
      await user.click(dialog.getByText(/^Baca pernyataan tanda tangan elektronik/));
      expect(dialog.getByText(ELECTRONIC_SIGNATURE_CONSENT)).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Tanda tangani sekarang' });
      expect(submit).toBeDisabled();
      await user.click(dialog.getByLabelText('Saya menyetujui pernyataan tanda tangan elektronik di atas'));
      await user.type(dialog.getByLabelText('Kata sandi'), 'bukan-sandinya');
      await user.click(submit);
      const refusal = await dialog.findByRole('alert');
      const token = await tokenOf(server, MITRA.email, MITRA.password);
      const signatures = async () =>
        (await server.api('GET', `/contract/${contractId}/signatures`, undefined, token)).json.data as {
          signer_role: string;
          voided_at: string | null;
        }[];
      expect(await signatures()).toEqual([]);
      const again = await server.api(
        'POST',
        `/contract/${contractId}/sign`,
        { password: 'bukan-sandinya', consent: true, terms_version: 3 },
        token,
      );
      expect(again.status).toBe(400);
      expect(refusal).toHaveTextContent(again.json.message);

      await user.clear(dialog.getByLabelText('Kata sandi'));
      await user.type(dialog.getByLabelText('Kata sandi'), MITRA.password);
      await user.click(submit);
      await detail.findByText('Kontrak telah Anda tanda tangani.');
      await waitFor(() => expect(detail.getByText('Kontrak telah Anda tanda tangani.')).toHaveFocus());
      expect(await detail.findByText(/Mitra .*menandatangani versi 3/)).toBeInTheDocument();

      await openAccountAs(PETANI);
      detail = await openContract();
      await user.click(detail.getByRole('button', { name: 'Tanda tangani' }));
      const petaniDialog = within(screen.getByRole('dialog', { name: 'Tanda tangani kontrak' }));
      await user.click(
        petaniDialog.getByLabelText('Saya menyetujui pernyataan tanda tangan elektronik di atas'),
      );
      await user.type(petaniDialog.getByLabelText('Kata sandi'), PETANI.password);
      await user.click(petaniDialog.getByRole('button', { name: 'Tanda tangani sekarang' }));
      expect(await detail.findByText('Disetujui')).toBeInTheDocument();
      expect(
        (await signatures())
          .filter((sig) => !sig.voided_at)
          .map((sig) => sig.signer_role)
          .sort(),
      ).toEqual(['mitra', 'petani']);
    },
    SLOW,
  );

  it(
    'lets the mitra start and record a delivery, the petani confirm it, the mitra complete and download the PDF',
    async () => {
      await openAccountAs(MITRA);
      let detail = await openContract();
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
      detail = await openContract();
      await user.click(await detail.findByRole('button', { name: /^Konfirmasi penerimaan/ }));
      await detail.findByText('Penerimaan pengiriman dikonfirmasi.');
      await waitFor(() => expect(detail.getByText('Penerimaan pengiriman dikonfirmasi.')).toHaveFocus());
      expect(await detail.findByText(/^Dikonfirmasi /)).toBeInTheDocument();
      expect(await detail.findByText('Diterima 1.800 dari 1.800 kg (100%)')).toBeInTheDocument();

      // Back returns to the list, on this contract's row.
      await user.click(screen.getByRole('link', { name: 'Kembali ke daftar kontrak' }));
      await waitFor(() => expect(screen.getByRole('link', { name: `Buka kontrak ${TITLE}` })).toHaveFocus());

      await openAccountAs(MITRA);
      detail = await openContract();
      await user.click(await detail.findByRole('button', { name: 'Selesaikan kontrak' }));
      await user.click(form('Selesaikan kontrak').getByRole('button', { name: 'Ya, selesaikan' }));
      expect(await detail.findByText('Kontrak selesai.')).toBeInTheDocument();
      const timeline = within(detail.getByRole('list', { name: 'Linimasa kontrak' }));
      expect(await timeline.findByText('Selesai')).toBeInTheDocument(); // the reloaded history
      for (const step of [
        'Penawaran',
        'Tawaran balik',
        'Revisi',
        'Dimulai',
        'Pengiriman',
        'Konfirmasi penerimaan',
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

describe('a contract screen by its address', () => {
  it(
    "opens the caller's contract from a link, and says one that is not theirs (or not there) is not found",
    async () => {
      cleanup();
      localStorage.clear();
      await signIn(PETANI.email, PETANI.password);
      renderAccountAt(`/akun/kontrak/${contractId}`);
      await screen.findByRole('heading', { level: 1, name: TITLE });
      // The screen focuses its title in an effect once the contract has come.
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: TITLE })).toHaveFocus());

      cleanup();
      renderAccountAt('/akun/kontrak/99999999');
      expect(await screen.findByRole('alert')).toHaveTextContent('Kontrak tidak ditemukan.');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
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
