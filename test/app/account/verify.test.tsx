import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import VerifyPage from '../../../src/app/verify/VerifyPage';
import { offerOn, verifiedLahan } from '../support/contract-data';
import { startLiveServer } from '../support/live-server';
import { renderStyled } from '../styles';

/*
 * /verifikasi against the real API (no sign-in): an unknown code, and a contract nobody signed yet — not
 * authentic, though its hash can still be compared. The authentic case follows the signing in contracts.test.tsx.
 */

const server = startLiveServer();
const user = userEvent.setup();
let code: string;
let sha256: string;

function renderAt(path: string) {
  cleanup();
  return renderStyled(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verifikasi" element={<VerifyPage />} />
        <Route path="/verifikasi/:code" element={<VerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  const lahan = await verifiedLahan(server, 'Sawah Uji Verifikasi', 777.25);
  code = (await offerOn(server, lahan, 'Kontrak Belum Ditandatangani')).verification_code;
  sha256 = (await server.api('GET', `/verify/${code}`)).json.data.sha256;
}, 60_000);

describe('/verifikasi', () => {
  it('asks for a code and says when it is unknown', async () => {
    renderAt('/verifikasi');
    const ask = within(screen.getByRole('form', { name: 'Periksa kode' }));
    await user.type(ask.getByLabelText('Kode verifikasi'), '0000-0000-0000-0000');
    await user.click(ask.getByRole('button', { name: 'Periksa' }));
    expect(await screen.findByRole('heading', { name: 'Kode tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByText('0000-0000-0000-0000')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Periksa kode' })).toBeInTheDocument();
  });

  it('says an unsigned contract is not authentic, without names or amounts, and compares a pasted hash', async () => {
    renderAt(`/verifikasi/${code.replaceAll('-', '').toLowerCase()}`);
    const verdict = within(await screen.findByRole('region', { name: 'Dokumen tidak asli' }));
    expect(verdict.getByText(/belum ditandatangani/)).toBeInTheDocument();
    expect(verdict.getByText('Pending')).toBeInTheDocument();
    expect(verdict.getByText(sha256)).toBeInTheDocument();
    expect(verdict.queryByText(/^Tanda tangan/)).toBeNull();
    expect(document.body).not.toHaveTextContent('Rp');

    const hash = () => within(screen.getByRole('form', { name: 'Cocokkan hash' }));
    await user.type(hash().getByLabelText('Hash SHA-256 pada PDF'), 'abc');
    await user.click(hash().getByRole('button', { name: 'Cocokkan hash' }));
    expect(hash().getByRole('alert')).toHaveTextContent('64 karakter');

    await user.clear(hash().getByLabelText('Hash SHA-256 pada PDF'));
    await user.type(hash().getByLabelText('Hash SHA-256 pada PDF'), 'f'.repeat(64));
    await user.click(hash().getByRole('button', { name: 'Cocokkan hash' }));
    expect(await screen.findByText(/^Hash tidak cocok/)).toBeInTheDocument();

    await user.clear(hash().getByLabelText('Hash SHA-256 pada PDF'));
    await user.type(hash().getByLabelText('Hash SHA-256 pada PDF'), ` ${sha256.toUpperCase()} `);
    await user.click(hash().getByRole('button', { name: 'Cocokkan hash' }));
    expect(await screen.findByText(/^Hash cocok/)).toBeInTheDocument();
  });

  it('compares the hash given in the address', async () => {
    renderAt(`/verifikasi/${code}?sha256=${sha256}`);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Hash cocok/);
    expect(screen.getByLabelText('Hash SHA-256 pada PDF')).toHaveValue(sha256);
  });
});
