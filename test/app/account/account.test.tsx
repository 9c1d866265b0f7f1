import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serve } from '../api/serve';
import { MESSAGES } from '../../../src/shared/messages';
import { renderAccountAt } from '../support/account-routes';

// The machine is shared: give async queries room under load.

const PETANI = {
  id: 7,
  role: 'petani',
  full_name: 'Budi Santoso',
  email: 'budi@example.test',
  username: null,
  phone: '+6281234567890',
  status_verifikasi: false,
  nik: '3201010101010001',
  alamat: 'Desa Sukamaju',
};

type Call = { method: string; url: string; data: unknown };

function fakeApi(overrides: Record<string, (c: Call) => { status: number; data: unknown }> = {}) {
  const calls: Call[] = [];
  serve((config: InternalAxiosRequestConfig) => {
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (overrides[key]) return overrides[key](call);
    switch (key) {
      case 'POST /auth/signin':
        return {
          status: 200,
          data: { success: true, data: { token: 't1', refreshToken: 'r1', user: PETANI } },
        };
      case 'GET /user/me':
        return { status: 200, data: { success: true, data: PETANI } };
      case 'PUT /user/me':
        return { status: 200, data: { success: true, data: { ...PETANI, ...(call.data as object) } } };
      case 'GET /lahan/my':
        return {
          status: 200,
          data: {
            success: true,
            data: [
              {
                id: 1,
                nama_lahan: 'Sawah Utara',
                luas_lahan: 2500,
                address_lahan: null,
                location_name: 'Bogor',
                status: 'active',
              },
            ],
            pagination: { page: 1, limit: 100, total: 1, totalPages: 1 },
          },
        };
      case 'GET /contract/user':
        return {
          status: 200,
          data: {
            success: true,
            data: [
              {
                id: 3,
                title: 'Kontrak Padi 2025',
                status: 'active',
                commodity: 'Padi',
                fullname_petani: 'Budi Santoso',
                fullname_mitra: 'PT Agro Makmur',
                start_date: '2025-02-01',
                end_date: '2025-08-01',
              },
            ],
            pagination: { page: 1, limit: 100, total: 1, totalPages: 1 },
          },
        };
      case 'GET /user/me/export':
        return { status: 200, data: new Blob(['{}'], { type: 'application/json' }) };
      case 'DELETE /user/me':
        return (call.data as { password?: string }).password === 'Rahasia123'
          ? { status: 200, data: { success: true, data: null } }
          : {
              status: 400,
              data: { success: false, message: MESSAGES.account.passwordWrong, code: 'VALIDATION_ERROR' },
            };
      case 'POST /auth/signout':
        return { status: 200, data: { success: true, data: null } };
      default:
        return { status: 404, data: { success: false, message: 'not found' } };
    }
  });
  return calls;
}

describe('login and account self-service', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('checks the form, signs a petani in with the ordinary token keys and opens the account', async () => {
    const calls = fakeApi();
    renderAccountAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginRequired);
    await userEvent.type(screen.getByLabelText('Email'), 'bukan-email');
    await userEvent.type(screen.getByLabelText('Password'), 'Rahasia123');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'budi@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByRole('heading', { name: 'Akun Saya' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/auth/signin',
      data: { email: 'budi@example.test', password: 'Rahasia123' },
    });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('shows the server message when the sign-in fails', async () => {
    fakeApi({
      'POST /auth/signin': () => ({
        status: 401,
        data: { success: false, message: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' },
      }),
    });
    renderAccountAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'budi@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'salah');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a visitor without a session from /akun to /login', async () => {
    fakeApi();
    renderAccountAt('/akun');
    expect(await screen.findByRole('heading', { name: 'Masuk ke TaniMitra' })).toBeInTheDocument();
  });

  it('shows the profile, lahan and contracts and saves only the changed profile fields', async () => {
    localStorage.setItem('token', 't1');
    const calls = fakeApi();
    renderAccountAt('/akun');
    expect(await screen.findByText('Sawah Utara')).toBeInTheDocument();
    expect(screen.getByText('Luas: 2.500 m²')).toBeInTheDocument();
    expect(await screen.findByText('Kontrak Padi 2025')).toBeInTheDocument();
    expect(screen.getByText('PT Agro Makmur')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sawah Utara' }).closest('li')).toHaveTextContent('Aktif');
    const [contractRow] = screen.getAllByRole('row').filter((r) => r.closest('tbody'));
    expect(contractRow).toHaveTextContent('1 Februari 2025 – 1 Agustus 2025');
    expect(screen.getByText(/Belum Terverifikasi/)).toBeInTheDocument();
    const name = screen.getByLabelText('Nama lengkap');
    expect(name).toHaveValue('Budi Santoso');
    await userEvent.clear(name);
    await userEvent.type(name, 'Budi S.');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan Profil' }));
    expect(await screen.findByText('Profil berhasil disimpan.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.data).toEqual({ full_name: 'Budi S.' });
  });

  it('shows field errors from the server', async () => {
    localStorage.setItem('token', 't1');
    fakeApi({
      'PUT /user/me': () => ({
        status: 400,
        data: {
          success: false,
          message: 'Data tidak valid',
          code: 'VALIDATION_ERROR',
          errors: [{ field: 'nik', message: 'NIK harus 16 digit' }],
        },
      }),
    });
    renderAccountAt('/akun');
    const nik = await screen.findByLabelText('NIK');
    await userEvent.clear(nik);
    await userEvent.type(nik, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan Profil' }));
    expect(await screen.findByText('NIK harus 16 digit')).toBeInTheDocument();
    expect(nik).toHaveAttribute('aria-invalid', 'true');
  });

  it('downloads the data export', async () => {
    localStorage.setItem('token', 't1');
    const calls = fakeApi();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAccountAt('/akun');
    await userEvent.click(await screen.findByRole('button', { name: 'Unduh Data Saya' }));
    expect(await screen.findByText(/Data Anda diunduh sebagai/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/user/me/export')).toBe(true);
    expect(click).toHaveBeenCalled();
  });

  it('deletes the account only after the password and the acknowledgement', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('refreshToken', 'r1');
    const calls = fakeApi();
    renderAccountAt('/akun');
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Akun Permanen' }));
    const form = within(screen.getByRole('form', { name: 'Konfirmasi hapus akun' }));
    const confirm = form.getByRole('button', { name: 'Ya, Hapus Akun Saya' });
    expect(confirm).toBeDisabled();
    await userEvent.click(form.getByLabelText('Saya mengerti bahwa penghapusan ini permanen'));
    await userEvent.type(form.getByLabelText('Password'), 'salah');
    await userEvent.click(confirm);
    expect(await form.findByText(MESSAGES.account.passwordWrong)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t1');
    await userEvent.clear(form.getByLabelText('Password'));
    await userEvent.type(form.getByLabelText('Password'), 'Rahasia123');
    await userEvent.click(confirm);
    expect(await screen.findByText('Akun Anda telah dihapus secara permanen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.data)).toEqual([
      { password: 'salah' },
      { password: 'Rahasia123' },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('signs out with the refresh token and clears the session', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('refreshToken', 'r1');
    const calls = fakeApi();
    renderAccountAt('/akun');
    await userEvent.click(await screen.findByRole('button', { name: 'Keluar' }));
    expect(await screen.findByText('Anda telah keluar.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/auth/signout')?.data).toEqual({ refreshToken: 'r1' });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});
