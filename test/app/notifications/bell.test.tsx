import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountShell } from '../../../src/app/account/AccountShell';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import { renderStyled } from '../styles';
import { fakeNotificationsApi, fakeStream, notification } from './fake-api';

/** A signed-in account page (the bell comes with one) headed `heading`. */
const signedInPage = (heading: string) => (
  <AccountShell title={heading} user="Budi">
    <h1>{heading}</h1>
  </AccountShell>
);

/** /akun and where its notifications lead. */
function renderAccount() {
  return renderStyled(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/akun']}>
        <Routes>
          <Route path="/akun" element={signedInPage('Akun Saya')} />
          <Route path="/akun/kontrak/:id" element={signedInPage('Halaman kontrak')} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe("/akun's notification bell", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 't1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count, lists newest first, and opening one marks it read and goes to its link', async () => {
    fakeStream();
    const calls = fakeNotificationsApi([
      notification(1, 'Kontrak #1 disetujui', true),
      notification(2, 'Penawaran baru untuk kontrak #2'),
      notification(3, 'Pengiriman baru dicatat untuk kontrak #3'),
    ]);
    renderAccount();
    const bell = await screen.findByRole('button', { name: 'Notifikasi, 2 belum dibaca' });
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifikasi' });
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.notif-title')?.textContent);
    expect(titles).toEqual([
      'Pengiriman baru dicatat untuk kontrak #3',
      'Penawaran baru untuk kontrak #2',
      'Kontrak #1 disetujui',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: /Penawaran baru untuk kontrak #2/ }));
    expect(await screen.findByRole('heading', { name: 'Halaman kontrak' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/notifications/2/read')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' })).toBeInTheDocument();
  });

  it('marks all read, and pages through older ones', async () => {
    fakeStream();
    const rows = Array.from({ length: 12 }, (_, i) => notification(i + 1, `Notifikasi nomor ${i + 1}`));
    const calls = fakeNotificationsApi(rows);
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifikasi, 12 belum dibaca' }));
    const panel = screen.getByRole('region', { name: 'Notifikasi' });
    expect(await within(panel).findByText('Notifikasi nomor 12')).toBeInTheDocument();
    expect(within(panel).getByText('Halaman 1 dari 2')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Berikutnya' }));
    expect(await within(panel).findByText('Notifikasi nomor 2')).toBeInTheDocument();
    expect(within(panel).queryByText('Notifikasi nomor 12')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/notifications').map((c) => c.params.page)).toContain(2);
    await userEvent.click(within(panel).getByRole('button', { name: 'Tandai semua sudah dibaca' }));
    expect(
      await screen.findByRole('button', { name: 'Notifikasi, tidak ada yang belum dibaca' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/notifications/read-all')).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Tandai semua sudah dibaca' })).toBeDisabled();
  });

  it('counts a new one the stream announces, without a reload, and sends the session token', async () => {
    const stream = fakeStream();
    const rows = [notification(1, 'Kontrak #1 disetujui', true)];
    fakeNotificationsApi(rows);
    renderAccount();
    expect(
      await screen.findByRole('button', { name: 'Notifikasi, tidak ada yang belum dibaca' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]).toMatchObject({
      url: '/api/v1/notifications/stream',
      headers: { Authorization: 'Bearer t1' },
    });
    rows.push(notification(2, 'Penawaran baru untuk kontrak #2'));
    stream.send('notification', { id: 2, unread: 1 });
    expect(await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifikasi, 1 belum dibaca' }));
    expect(await screen.findByText('Penawaran baru untuk kontrak #2')).toBeInTheDocument();
  });

  it('has no bell on a page that does not know who is signed in', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const calls = fakeNotificationsApi([]);
    renderStyled(
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter>
          <AccountShell title="Masuk">
            <h1>Masuk</h1>
          </AccountShell>
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifikasi/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
