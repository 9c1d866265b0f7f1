import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPanel, testDataProvider } from './support';
import { MESSAGES } from '../../../src/shared/messages';

const me = {
  id: 1,
  role: 'admin',
  full_name: 'Admin TaniMitra',
  username: 'admin',
  email: 'admin@tanimitra.id',
  phone: null,
  updated_at: '2025-01-20T07:05:00.000Z',
};

beforeEach(() => localStorage.clear());

describe('Settings', () => {
  it("edits the admin's own profile, sending only what changed", async () => {
    const updateMe = vi.fn(async (body: object) => ({ ...me, ...body, updated_at: '2025-01-21T00:00:00Z' }));
    renderPanel('/settings', testDataProvider({ getMe: vi.fn(async () => me), updateMe }));
    const name = await screen.findByRole('textbox', { name: /Nama Lengkap/ });
    expect(name).toHaveValue('Admin TaniMitra');
    expect(screen.getByRole('heading', { name: 'Settings Dashboard' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Simpan' });
    expect(save).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Admin Utama');
    await userEvent.click(save);
    await waitFor(() => expect(updateMe).toHaveBeenCalledWith({ full_name: 'Admin Utama' }));
    expect(await screen.findByText('Profil berhasil disimpan')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('adminData')!).full_name).toBe('Admin Utama');
  });

  it("shows the API's refusal of a field under that field, and keeps what was typed", async () => {
    const taken = new HttpError('Data tidak valid', 409, {
      errors: { email: MESSAGES.account.emailTaken },
    });
    const updateMe = vi.fn().mockRejectedValueOnce(taken);
    renderPanel('/settings', testDataProvider({ getMe: vi.fn(async () => me), updateMe }));
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'petani@tanimitra.id');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(updateMe).toHaveBeenCalledWith({ email: 'petani@tanimitra.id' }));
    expect(await screen.findByText(MESSAGES.account.emailTaken)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('petani@tanimitra.id');
  });

  it('changes the password, keeping the fresh tokens, and checks the confirmation', async () => {
    const changePassword = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(MESSAGES.account.currentPasswordWrong, 400))
      .mockResolvedValueOnce({ token: 'new-token', refreshToken: 'new-refresh' });
    renderPanel('/settings', testDataProvider({ getMe: vi.fn(async () => me), changePassword }));
    const current = await screen.findByLabelText(/Password saat ini/);
    await userEvent.type(current, 'Admin123!');
    await userEvent.type(screen.getByLabelText(/^Password baru/), 'Baru12345');
    await userEvent.type(screen.getByLabelText(/Konfirmasi password baru/), 'Beda12345');
    await userEvent.click(screen.getByRole('button', { name: 'Ubah Password' }));
    expect(await screen.findByText('Konfirmasi password tidak sama')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/Konfirmasi password baru/));
    await userEvent.type(screen.getByLabelText(/Konfirmasi password baru/), 'Baru12345');
    await userEvent.click(screen.getByRole('button', { name: 'Ubah Password' }));
    expect(await screen.findByText(MESSAGES.account.currentPasswordWrong)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ubah Password' }));
    expect(await screen.findByText(MESSAGES.account.passwordChanged)).toBeInTheDocument();
    expect(changePassword).toHaveBeenLastCalledWith({
      currentPassword: 'Admin123!',
      newPassword: 'Baru12345',
    });
    expect(localStorage.getItem('adminToken')).toBe('new-token');
    expect(localStorage.getItem('adminRefreshToken')).toBe('new-refresh');
    expect(screen.getByLabelText(/Password saat ini/)).toHaveValue('');
  });
});
