import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPanel, testAuthProvider, testDataProvider } from './support';
import { MESSAGES } from '../../../src/shared/messages';

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText(/Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Masuk sebagai Admin' }));
};

const signedOut = () => testAuthProvider({ checkAuth: vi.fn(async () => Promise.reject(new Error('no'))) });

afterEach(() => vi.useRealTimers());

describe('Admin login', () => {
  it('shows the title, subtitle, link back to user login and the footer notes', async () => {
    renderPanel('/login', testDataProvider(), { authProvider: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByText('Masuk ke panel admin sistem')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bukan admin? Masuk sebagai pengguna' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText('Akses terbatas hanya untuk administrator sistem.')).toBeInTheDocument();
    expect(screen.getByText('Mengalami kendala saat masuk? Hubungi tim IT support.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Email/)).toBeRequired();
  });

  it('toggles the password visibility', async () => {
    renderPanel('/login', testDataProvider(), { authProvider: signedOut() });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Sembunyikan password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('refuses missing fields and an email without @ without calling the server', async () => {
    const authProvider = signedOut();
    renderPanel('/login', testDataProvider(), { authProvider });
    await screen.findByRole('heading', { name: 'Admin Portal' });
    await fill('admin@tanimitra.id', '');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginRequired);
    await userEvent.clear(screen.getByLabelText(/Email/));
    await fill('admin.tanimitra.id', 'Admin123!');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
    expect(authProvider.login).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, else 'Login gagal', and 'Terjadi kesalahan saat login' on an exception", async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(MESSAGES.invalidCredentials, 401))
      .mockRejectedValueOnce(new HttpError('', 401))
      .mockRejectedValueOnce(new Error('boom'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel('/login', testDataProvider(), { authProvider: { ...signedOut(), login } });
    await screen.findByRole('heading', { name: 'Admin Portal' });
    await fill('admin@tanimitra.id', 'salah');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    await userEvent.click(screen.getByRole('button', { name: 'Masuk sebagai Admin' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFailed));
    await userEvent.click(screen.getByRole('button', { name: 'Masuk sebagai Admin' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginException));
    expect(login).toHaveBeenCalledWith({ email: 'admin@tanimitra.id', password: 'salah' });
  });

  it("disables everything and reads 'Memproses...' while loading, then 'Admin login berhasil!' and /admin after 1.5 s", async () => {
    let finish: (value: unknown) => void = () => undefined;
    let signedIn = false;
    const authProvider = testAuthProvider({
      checkAuth: vi.fn(async () => (signedIn ? undefined : Promise.reject(new Error('no')))),
      login: vi.fn(
        () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      ),
    });
    const dataProvider = testDataProvider();
    renderPanel('/login', dataProvider, { authProvider });
    await screen.findByRole('heading', { name: 'Admin Portal' });
    await fill('admin@tanimitra.id', 'Admin123!');
    const button = await screen.findByRole('button', { name: 'Memproses...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText(/Email/)).toBeDisabled();
    expect(screen.getByLabelText(/^Password/)).toBeDisabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn = true;
    await act(async () => finish({ redirectTo: false }));
    expect(await screen.findByText(MESSAGES.adminLoginSuccess)).toBeInTheDocument();
    expect(dataProvider.getList).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.anything()));
  });
});
