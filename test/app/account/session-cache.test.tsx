import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { serve } from '../api/serve';
import { renderAccountAt } from '../support/account-routes';

/*
 * /akun reads through one react-query cache for the whole tab. Signing out and signing in as someone else in
 * the same tab must show the second person's account, never the first one's cached answers.
 */

const PEOPLE = {
  'budi@example.test': { token: 'token-budi', me: { id: 7, role: 'petani', full_name: 'Budi Santoso' } },
  'sari@example.test': { token: 'token-sari', me: { id: 9, role: 'mitra', full_name: 'Sari Dewi' } },
};
const EMPTY_LIST = { success: true, data: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } };

function fakeApi() {
  serve((config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const bearer = String(config.headers.Authorization ?? '');
    const person = Object.values(PEOPLE).find((p) => bearer === `Bearer ${p.token}`);
    if (key === 'POST /auth/signin') {
      const { email } = JSON.parse(String(config.data)) as { email: keyof typeof PEOPLE };
      const { token, me } = PEOPLE[email];
      return { status: 200, data: { success: true, data: { token, refreshToken: `r-${token}`, user: me } } };
    }
    if (key === 'POST /auth/signout') return { status: 200, data: { success: true, data: null } };
    if (!person) return { status: 401, data: { success: false, message: 'Unauthorized' } };
    const me = {
      ...person.me,
      email: 'x@example.test',
      username: null,
      phone: null,
      status_verifikasi: true,
    };
    if (key === 'GET /user/me') return { status: 200, data: { success: true, data: me } };
    if (['GET /lahan/my', 'GET /contract/user', 'GET /lahan'].includes(key))
      return { status: 200, data: EMPTY_LIST };
    return { status: 200, data: { success: true, data: [] } };
  });
}

async function signIn(email: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
}

describe('one tab, two accounts', () => {
  beforeEach(() => localStorage.clear());

  it("after a sign-out, the next person's /akun shows their own profile, not the cached one", async () => {
    fakeApi();
    renderAccountAt('/login');
    await signIn('budi@example.test');
    expect(await screen.findByDisplayValue('Budi Santoso')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lahan Saya' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Keluar' }));
    expect(await screen.findByText('Anda telah keluar.')).toBeInTheDocument();
    await signIn('sari@example.test');
    expect(await screen.findByDisplayValue('Sari Dewi')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Budi Santoso')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lahan Saya' })).toBeNull();
    // The mitra's search loads after the page's first paint.
    expect(await screen.findByRole('heading', { name: 'Cari Lahan' })).toBeInTheDocument();
  });
});
