import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerOn, verifiedLahan } from '../support/contract-data';
import { startLiveServer } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * /verifikasi against the real API (no sign-in): an unknown code, and an offer nobody signed yet — not finished,
 * so neither authentic nor not, with the terms to compare; an upload without a file is asked for, and a file
 * that is not the signed PDF is the red headline. Signed, cancelled and edited PDFs are walked in Chromium (test/e2e/verify.e2e.ts).
 */

const server = startLiveServer();
const user = userEvent.setup({ applyAccept: false });
let code: string;

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Verifikasi', 777.25);
  code = (await offerOn(server, lahan, 'Kontrak Belum Ditandatangani')).verification_code;
}, 60_000);

describe('/verifikasi', () => {
  it('asks for a code and says when it is unknown', async () => {
    renderAccountAt('/verifikasi');
    const ask = within(screen.getByRole('form', { name: 'Periksa kode' }));
    await user.type(ask.getByLabelText('Kode verifikasi'), '0000-0000-0000-0000');
    await user.click(ask.getByRole('button', { name: 'Periksa' }));
    expect(await screen.findByRole('heading', { name: 'Kode tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByText('0000-0000-0000-0000')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Periksa kode' })).toBeInTheDocument();
  });

  it('an unsigned offer is not finished: its terms to compare, no names, and the verdict takes the focus', async () => {
    renderAccountAt(`/verifikasi/${code.replaceAll('-', ' ').toLowerCase()}`);
    const verdict = within(await screen.findByRole('region', { name: 'Belum ditandatangani lengkap' }));
    expect(verdict.getByText(/belum ditandatangani oleh siapa pun/)).toBeInTheDocument();
    expect(screen.queryByText(/Dokumen (tidak )?asli/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Belum ditandatangani lengkap' })).toHaveFocus();
    const terms = within(
      screen.getByRole('heading', { name: 'Ketentuan versi 1' }).nextElementSibling as HTMLElement,
    );
    const term = (label: string) => terms.getByText(label).nextElementSibling?.textContent;
    expect(term('Kode verifikasi')).toBe(code);
    expect(term('Status kontrak')).toBe('Pending');
    expect(term('Komoditas')).toBe('Padi');
    expect(term('Jumlah')).toBe('100 kg');
    expect(term('Harga mutu A per kg')).toBe('Rp 5.000');
    expect(term('Nilai total')).toBe('Rp 500.000');
    expect(term('Jangka pembayaran')).toBe('7 hari setelah penerimaan dikonfirmasi');
    expect(terms.queryByText(/^Tanda tangan/)).toBeNull();
    expect(document.body).not.toHaveTextContent('Sawah Uji Verifikasi');
  });

  it('asks for a file, and a file that is not the signed PDF is the red headline', async () => {
    renderAccountAt(`/verifikasi/${code}`);
    await screen.findByRole('region', { name: 'Belum ditandatangani lengkap' });
    const form = within(screen.getByRole('form', { name: 'Periksa berkas PDF' }));
    await user.click(form.getByRole('button', { name: 'Periksa PDF' }));
    expect(form.getByRole('alert')).toHaveTextContent('Pilih berkas PDF kontrak terlebih dahulu.');

    const notPdf = new File(['bukan pdf'], 'catatan.pdf', { type: 'application/pdf' });
    await user.upload(form.getByLabelText('Berkas PDF kontrak'), notPdf);
    await user.click(form.getByRole('button', { name: 'Periksa PDF' }));
    // The first check of a run may make the platform's signing key (a 2048-bit RSA pair) on a loaded machine.
    const refused = within(
      await screen.findByRole('region', { name: 'PDF tidak cocok' }, { timeout: 20_000 }),
    );
    expect(refused.getByText(/\. Jangan mengandalkan berkas ini\.$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PDF tidak cocok' })).toHaveFocus();
    expect(form.queryByRole('alert')).toBeNull();
  });
});
