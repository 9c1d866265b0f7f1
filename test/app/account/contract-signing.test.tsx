import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ELECTRONIC_SIGNATURE_CONSENT } from '../../../src/shared/contracts';
import { MITRA, PETANI, today, verifiedLahan } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { form, offerStartingToday, openAccountAs, openContract, SLOW, user } from './contract-flow';

/*
 * Negotiating and signing a contract on /akun against the real API: the petani sees what waits for them and
 * counters (the mitra's offer of 2.000 at Rp 6.250 arranged through the API), the mitra revises, both sign (a
 * wrong password first). The tests run in order on one contract.
 */

const server = startLiveServer();
const TITLE = 'Kontrak Jagung Negosiasi';

let contractId: number;

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Negosiasi', 2345.5);
  contractId = (await offerStartingToday(server, lahan, { title: TITLE, quantity: 2000, price: 6250 })).id;
}, 60_000);

describe('negotiating and signing on /akun', () => {
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

      const detail = await openContract(TITLE);
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
      await user.clear(counter.getByLabelText('Harga per kg (Rp)'));
      await user.type(counter.getByLabelText('Harga per kg (Rp)'), '7000');
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
      let detail = await openContract(TITLE);
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
      detail = await openContract(TITLE);
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
});
