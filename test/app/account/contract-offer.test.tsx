import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../src/app/account/api';
import { inDays, MITRA, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';
import { ARRIVES, form, openAccountAs, SLOW, user } from './contract-flow';

/*
 * The mitra's way to an offer on /akun against the real API (test/app/support/live-server.ts): the lahan search
 * by province, category and area, the offer form's errors and the new contract's own screen; then that screen by
 * its address, for a party and for a contract that is not theirs.
 */

const server = startLiveServer();
const LAHAN = 'Sawah Uji Akun';
const AREA = 12345.5;
const TITLE = 'Kontrak Jagung Uji Akun';

let contractId: number;

beforeAll(async () => {
  // An area no other lahan has, so that the area filter finds exactly this one.
  await verifiedLahan(server, LAHAN, AREA);
}, 60_000);

describe('an offer on /akun', () => {
  it(
    'lets a mitra find the lahan by province, category and area and make an offer',
    async () => {
      await openAccountAs(MITRA);
      // The mitra's search loads after /akun's first paint.
      await screen.findByRole('form', { name: 'Filter lahan' }, ARRIVES);
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
      expect(offer.getByLabelText('Satuan')).not.toHaveAttribute('aria-invalid');
      // The price table starts with one row, grade A, per the unit typed; payment in 7 days unless changed.
      const prices = within(offer.getByRole('group', { name: 'Harga per mutu' }));
      expect(prices.getByLabelText('Mutu')).toHaveValue('A');
      expect(prices.getByRole('button', { name: 'Hapus mutu A' })).toBeDisabled();
      expect(offer.getByLabelText(/^Jangka pembayaran/)).toHaveValue(7);
      const summary = offer.getByRole('alert');
      expect(summary).toHaveTextContent('Lengkapi 6 isian yang ditandai di atas.');
      expect(summary.nextElementSibling).toContainElement(send);
      await user.type(offer.getByLabelText('Judul kontrak'), TITLE);
      await waitFor(() => expect(offer.getAllByRole('option').length).toBeGreaterThan(1));
      await user.selectOptions(offer.getByLabelText('Kategori kontrak'), offer.getAllByRole('option')[1]!);
      await user.type(offer.getByLabelText('Komoditas'), 'Jagung');
      await user.type(offer.getByLabelText('Jumlah'), '2000');
      await user.type(prices.getByLabelText('Harga per kg (Rp)'), '6250');
      // A second grade: its code suggested (B), a price with decimals refused on its own row.
      await user.click(prices.getByRole('button', { name: 'Tambah mutu' }));
      expect(prices.getAllByLabelText('Mutu').map((input) => (input as HTMLInputElement).value)).toEqual([
        'A',
        'B',
      ]);
      await user.type(prices.getAllByLabelText('Harga per kg (Rp)')[1]!, '5000.5');
      await user.clear(offer.getByLabelText(/^Jangka pembayaran/));
      await user.type(offer.getByLabelText(/^Jangka pembayaran/), '14');
      await user.type(offer.getByLabelText('Tanggal mulai'), today);
      await user.type(offer.getByLabelText('Tanggal selesai'), inDays(90));
      await user.type(offer.getByLabelText('Ketentuan pengiriman'), 'Diantar ke gudang mitra');
      await user.click(offer.getByRole('button', { name: 'Kirim penawaran' }));
      const priceB = prices.getAllByLabelText('Harga per kg (Rp)')[1]!;
      await waitFor(() => expect(priceB).toHaveFocus());
      expect(priceB).toHaveAccessibleDescription('Harga harus berupa rupiah bulat lebih dari 0');
      await user.clear(priceB);
      await user.type(priceB, '5000');
      await user.click(offer.getByRole('button', { name: 'Kirim penawaran' }));

      // The offer opens the new contract's own screen, its result focused there.
      const detail = within(await screen.findByRole('region', { name: TITLE }, ARRIVES));
      await waitFor(() =>
        expect(detail.getByText('Penawaran terkirim. Menunggu tanggapan petani.')).toHaveFocus(),
      );
      expect(detail.getByText(/^Langkah berikutnya: Menunggu tanggapan petani/)).toBeInTheDocument();
      expect(detail.getByText('Rp 12.500.000', { selector: 'dd' })).toBeInTheDocument();
      const table = within(detail.getByRole('table', { name: 'Harga per mutu' }));
      expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
        'MutuHarga per kg',
        'ARp 6.250',
        'BRp 5.000',
      ]);
      expect(detail.getByText('14 hari setelah penerimaan dikonfirmasi')).toBeInTheDocument();
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
        prices: [
          { grade: 'A', price: 6250 },
          { grade: 'B', price: 5000 },
        ],
        payment_days: 14,
        status: 'pending',
        start_date: today,
      });
      contractId = contract.id;
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
      await screen.findByRole('heading', { level: 1, name: TITLE }, ARRIVES);
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
