import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { startLiveServer } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * /daftar against the real API: the browser's own checks (nothing sent), the server's NIK check under its field,
 * and a petani and a mitra who join, are signed in and land on /akun with the next step.
 */

const server = startLiveServer();
const user = userEvent.setup();
const M = MESSAGES.account;
let serial = 0;
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${++serial}@example.test`;

const form = () => within(screen.getByRole('form', { name: 'Daftar' }));
const submit = () => user.click(form().getByRole('button', { name: 'Daftar' }));

beforeEach(() => localStorage.clear());

describe('/daftar', () => {
  it('/login links to it', async () => {
    renderAccountAt('/login');
    await user.click(screen.getByRole('link', { name: 'Daftar sebagai petani atau mitra' }));
    expect(await screen.findByRole('heading', { name: 'Daftar di TaniMitra' })).toBeInTheDocument();
  });

  it('puts each error under its field, a summary by the button and the focus on the first error', async () => {
    renderAccountAt('/daftar');
    await user.type(form().getByLabelText('Email'), 'bukan-email');
    await user.type(form().getByLabelText('Password'), 'pendek');
    await submit();
    const name = form().getByLabelText('Nama lengkap');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(M.fullNameRequired);
    expect(form().getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(form().getByLabelText('Password')).toHaveAccessibleDescription(
      `Minimal 8 karakter, dengan huruf dan angka. ${M.passwordRules}`,
    );
    expect(form().getByRole('alert')).toHaveTextContent('Periksa kembali kolom yang ditandai.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checks the phone with the server’s rule before sending: an invalid one stays in the browser', async () => {
    renderAccountAt('/daftar');
    await user.type(form().getByLabelText('Nama lengkap'), 'Sari Telepon');
    await user.type(form().getByLabelText('Email'), uniqueEmail('telepon'));
    await user.type(form().getByLabelText('Password'), 'Tanam2025x');
    const phone = form().getByLabelText('Nomor telepon (opsional)');
    await user.type(phone, '0812 34');
    await submit();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(`Contoh 081234567890 ${M.phoneFormat}`);
    expect(form().getByRole('alert')).toHaveTextContent('Periksa kembali kolom yang ditandai.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the server NIK check under the NIK field, then signs the petani up and opens /akun', async () => {
    const email = uniqueEmail('petani');
    renderAccountAt('/daftar');
    expect(form().queryByLabelText('Nama perusahaan (opsional)')).toBeNull();
    await user.type(form().getByLabelText('Nama lengkap'), 'Sari Daftar');
    await user.type(form().getByLabelText('Email'), email);
    await user.type(form().getByLabelText('Password'), 'Tanam2025x');
    const nik = form().getByLabelText('NIK (opsional)');
    await user.type(nik, '9999010101900001');
    await submit();
    expect(await form().findByRole('alert')).toHaveTextContent(M.nikArea('99.99.01'));
    expect(nik).toHaveAccessibleDescription(
      `16 digit, persis seperti di KTP. Dibutuhkan untuk verifikasi. ${M.nikArea('99.99.01')}`,
    );
    expect(nik).toHaveFocus();
    expect(nik).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('token')).toBeNull();

    await user.clear(nik);
    await user.type(nik, '3201010101900001');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Akun Saya' })).toBeInTheDocument();
    expect(
      screen.getByText('Pendaftaran berhasil. Langkah berikutnya: unggah KTP untuk verifikasi.'),
    ).toHaveAttribute('role', 'status');
    expect(await screen.findByLabelText('Nama lengkap')).toHaveValue('Sari Daftar');
    expect(screen.getByLabelText('NIK')).toHaveValue('3201010101900001');
    expect(screen.getByText(/Petani · Belum Terverifikasi/)).toBeInTheDocument();
    const me = await server.api('GET', '/user/me', undefined, localStorage.getItem('token')!);
    expect(me.json.data).toMatchObject({ role: 'petani', email, status_verifikasi: false });
  });

  it('a mitra gives the company fields and is signed in as a mitra', async () => {
    const email = uniqueEmail('mitra');
    renderAccountAt('/daftar');
    await user.click(form().getByRole('radio', { name: /Mitra bisnis/ }));
    await user.type(form().getByLabelText('Nama lengkap'), 'Budi Mitra');
    await user.type(form().getByLabelText('Email'), email);
    await user.type(form().getByLabelText('Password'), 'Dagang2025x');
    await user.type(form().getByLabelText('Nama perusahaan (opsional)'), 'CV Panen Raya');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Akun Saya' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nama perusahaan')).toHaveValue('CV Panen Raya');
    expect(screen.getByText(/Mitra · Belum Terverifikasi/)).toBeInTheDocument();
  });
});
