import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../src/app/account/api';
import { MITRA, offerOn, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * The rules of issue 26 on /akun, against the real API: a signature is of the version shown (a revision
 * in between: the server's message, and the new version shown), and completing shows delivered against
 * contracted with a warning when they differ. One contract, in order; the mitra starts it before its start date.
 */

const server = startLiveServer();
const TITLE = 'Kontrak Padi Aturan';
const user = userEvent.setup();
const SLOW = 90_000;
let contractId: number;

async function openContractAs(account: { email: string; password: string }) {
  localStorage.clear();
  await signIn(account.email, account.password);
  renderAccountAt('/akun');
  await user.click(await screen.findByRole('link', { name: `Buka kontrak ${TITLE}` }));
  return within(await screen.findByRole('region', { name: TITLE }));
}

const as = async (account: { email: string; password: string }) =>
  tokenOf(server, account.email, account.password);

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Aturan', 4321.5);
  contractId = (await offerOn(server, lahan, TITLE)).id; // 100 kg at Rp 5.000, starting in 30 days
}, 60_000);

describe('contract rules on /akun', () => {
  it(
    'refuses a signature of terms revised while the petani read them, says so and shows the new version',
    async () => {
      const detail = await openContractAs(PETANI);
      expect(detail.getByText('Rp 500.000', { selector: 'dd' })).toBeInTheDocument();
      await user.click(detail.getByRole('button', { name: 'Tanda tangani' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Tanda tangani kontrak' }));
      await user.click(dialog.getByLabelText('Saya menyetujui pernyataan tanda tangan elektronik di atas'));
      await user.type(dialog.getByLabelText('Kata sandi'), PETANI.password);
      // Meanwhile the mitra revises the price.
      const mitra = await as(MITRA);
      const revised = await server.api('POST', `/contract/${contractId}/revise`, { price: 5500 }, mitra);
      expect(revised.status).toBe(200);
      await user.click(dialog.getByRole('button', { name: 'Tanda tangani sekarang' }));

      expect(await detail.findByRole('alert')).toHaveTextContent(
        'Ketentuan kontrak telah berubah menjadi versi 2. Baca versi terbaru sebelum menandatangani.',
      );
      expect(screen.queryByRole('dialog', { name: 'Tanda tangani kontrak' })).toBeNull();
      expect(await detail.findByText('Rp 550.000', { selector: 'dd' })).toBeInTheDocument();
      const signatures = await server.api('GET', `/contract/${contractId}/signatures`, undefined, mitra);
      expect(signatures.json.data).toEqual([]);

      // Having seen version 2, the petani signs it.
      await user.click(detail.getByRole('button', { name: 'Tanda tangani' }));
      const again = within(screen.getByRole('dialog', { name: 'Tanda tangani kontrak' }));
      await user.click(again.getByLabelText('Saya menyetujui pernyataan tanda tangan elektronik di atas'));
      await user.type(again.getByLabelText('Kata sandi'), PETANI.password);
      await user.click(again.getByRole('button', { name: 'Tanda tangani sekarang' }));
      expect(await detail.findByText('Kontrak telah Anda tanda tangani.')).toBeInTheDocument();
      const signed = await server.api('GET', `/contract/${contractId}/signatures`, undefined, mitra);
      expect(signed.json.data).toEqual([
        expect.objectContaining({ signer_role: 'petani', terms_version: 2 }),
      ]);
    },
    SLOW,
  );

  it(
    'shows the mitra delivered against contracted before completing, with a warning on under-delivery',
    async () => {
      const [mitra, petani] = [await as(MITRA), await as(PETANI)];
      const post = async (rest: string, body: object, token: string) => {
        const res = await server.api('POST', `/contract/${contractId}${rest}`, body, token);
        expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
        return res.json.data;
      };
      await post('/sign', { password: MITRA.password, consent: true, terms_version: 2 }, mitra);
      await post('/start', {}, mitra); // 30 days before its start date: deliveries count from today
      const delivery = {
        date: today,
        gross_quantity: 80,
        accepted_quantity: 80,
        rejected_quantity: 0,
        grade: 'A',
      };
      const recorded = await post('/deliveries', delivery, mitra);
      await post(`/deliveries/${recorded.id}/confirm`, {}, petani);

      const detail = await openContractAs(MITRA);
      await user.click(await detail.findByRole('button', { name: 'Selesaikan kontrak' }));
      const complete = within(screen.getByRole('form', { name: 'Selesaikan kontrak' }));
      const summary = within(complete.getByLabelText('Ringkasan pengiriman'));
      expect(summary.getByText('Jumlah kontrak').nextSibling).toHaveTextContent('100 kg');
      expect(summary.getByText('Terkirim dan dikonfirmasi').nextSibling).toHaveTextContent('80 kg (80%)');
      expect(
        complete.getByText(/^Perhatian: pengiriman kurang 20 kg dari jumlah kontrak\./),
      ).toHaveTextContent(
        'Pastikan selisih ini sudah disepakati dengan petani sebelum menyelesaikan kontrak.',
      );
      await user.click(complete.getByRole('button', { name: 'Ya, selesaikan' }));
      expect(await detail.findByText('Kontrak selesai.')).toBeInTheDocument();
    },
    SLOW,
  );
});
