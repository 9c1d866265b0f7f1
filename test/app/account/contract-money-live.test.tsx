import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { MITRA, PETANI, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import {
  offerStartingToday,
  openAccountAs,
  openContract,
  signedByBoth,
  SLOW,
  user,
  ARRIVES,
} from './contract-flow';

/*
 * A contract's money on /akun against the real API: on an active contract with nothing delivered yet, the
 * mitra records an advance, a payment is refused on its amount (nothing is owed), and the petani confirms the
 * advance, which the statement then deducts.
 */

const server = startLiveServer();
const TITLE = 'Kontrak Padi Uang Muka';

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Uang Muka', 2500);
  const contract = await offerStartingToday(server, lahan, { title: TITLE, quantity: 1000, price: 5000 });
  await signedByBoth(server, contract.id);
  const mitra = await tokenOf(server, MITRA.email, MITRA.password);
  expect((await server.api('POST', `/contract/${contract.id}/start`, {}, mitra)).status).toBe(200);
}, 60_000);

/** The statement's value for `label` in the money section. */
const valueOf = (money: ReturnType<typeof within>, label: string) =>
  money.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a contract’s money on /akun, against the API', () => {
  it(
    'lets the mitra record an advance, refuses a payment above what is owed on its amount, and the petani confirm the advance',
    async () => {
      await openAccountAs(MITRA);
      let detail = await openContract(TITLE);
      let money = within(detail.getByRole('region', { name: 'Pembayaran' }));
      await money.findByText('Belum dibayar', {}, ARRIVES);
      await user.click(money.getByRole('button', { name: 'Catat uang muka' }));
      const advance = within(screen.getByRole('form', { name: 'Catat uang muka' }));
      await user.selectOptions(advance.getByLabelText('Jenis'), 'pupuk');
      await user.type(advance.getByLabelText('Jumlah (Rp)'), '1.500.000');
      await user.type(advance.getByLabelText('Catatan (opsional)'), 'Urea 3 karung');
      await user.click(advance.getByRole('button', { name: 'Simpan uang muka' }));
      const recorded = await money.findByText('Uang muka tercatat. Menunggu konfirmasi petani.', {}, ARRIVES);
      await waitFor(() => expect(recorded).toHaveFocus());
      expect(await money.findByText('Rp 1.500.000', {}, ARRIVES)).toBeInTheDocument();
      expect(money.getByText('Urea 3 karung')).toBeInTheDocument();

      await user.click(money.getByRole('button', { name: 'Catat pembayaran' }));
      const payment = within(screen.getByRole('form', { name: 'Catat pembayaran' }));
      await user.type(payment.getByLabelText('Jumlah (Rp)'), '250.000');
      await user.selectOptions(payment.getByLabelText('Metode'), 'transfer');
      await user.type(payment.getByLabelText('Referensi (no. transfer atau kuitansi)'), 'TRF-9');
      await user.click(payment.getByRole('button', { name: 'Simpan pembayaran' }));
      // The server's refusal, under the amount it names.
      const amount = payment.getByLabelText('Jumlah (Rp)');
      await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'), ARRIVES);
      expect(amount).toHaveAccessibleDescription(MESSAGES.settlement.overOutstanding(0, 0));
      expect(money.getByText(MESSAGES.money.noPayments)).toBeInTheDocument();

      await openAccountAs(PETANI);
      detail = await openContract(TITLE);
      money = within(detail.getByRole('region', { name: 'Pembayaran' }));
      await user.click(
        await money.findByRole('button', { name: 'Konfirmasi uang muka Pupuk Rp 1.500.000' }, ARRIVES),
      );
      const confirmed = await money.findByText('Uang muka dikonfirmasi.', {}, ARRIVES);
      await waitFor(() => expect(confirmed).toHaveFocus());
      await waitFor(() => expect(valueOf(money, 'Potongan uang muka')).toBe('− Rp 1.500.000'), ARRIVES);
      expect(valueOf(money, 'Uang muka melebihi nilai kiriman')).toBe('Rp 1.500.000');
      expect(valueOf(money, 'Sisa')).toBe('Rp 0');
      expect(money.queryByRole('button', { name: /^Konfirmasi uang muka/ })).toBeNull();
    },
    SLOW,
  );
});
