import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from '../admin/support';
import { fakeNotificationsApi, fakeStream, notification } from './fake-api';

const SENDS = [
  {
    id: 31,
    created_at: '2026-11-29T03:10:00.000Z',
    title: 'Penawaran baru untuk kontrak #2',
    recipient: 'Budi Santoso',
    address: 'budi@example.test',
    channel: 'email',
    status: 'dead',
    tries: 5,
    last_error: '421 service not available',
  },
  {
    id: 30,
    created_at: '2026-11-29T03:00:00.000Z',
    title: 'Kontrak #1 disetujui',
    recipient: 'PT Agro Makmur',
    address: '+6281234567890',
    channel: 'whatsapp',
    status: 'sent',
    tries: 1,
    last_error: null,
  },
];

describe('the panel: bell, outbox and what waits for verification', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('adminToken', 'admin-t');
    // The session's token is the admin's under /admin (api/session.ts reads the address; MemoryRouter keeps it at /).
    window.history.pushState(null, '', '/admin/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.pushState(null, '', '/');
  });

  it("shows the admin's unread count in the header; a notification opens its place in the panel", async () => {
    const stream = fakeStream();
    const calls = fakeNotificationsApi([
      notification(1, 'Pendaftaran petani baru: Siti menunggu verifikasi', false, '/admin/audit'),
      notification(2, 'Pendaftaran mitra baru: CV Maju menunggu verifikasi', true, '/admin/audit'),
    ]);
    renderPanel('/users', testDataProvider());
    const bell = await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' });
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]?.headers).toMatchObject({ Authorization: 'Bearer admin-t' });
    await userEvent.click(bell);
    const menu = await screen.findByRole('dialog', { name: 'Notifikasi' });
    await userEvent.click(within(menu).getByRole('button', { name: /Siti menunggu verifikasi/ }));
    expect(await screen.findByRole('heading', { name: 'Audit Dashboard' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/notifications/1/read')).toBe(true);
    expect(
      await screen.findByRole('button', { name: 'Notifikasi, tidak ada yang belum dibaca' }),
    ).toBeInTheDocument();
    // The first panel a worker draws loads react-admin's screens: up to 20 s on the shared machine.
  }, 60_000);

  it('lists the outbox with channel, status, tries and last error, and resends a dead letter', async () => {
    fakeStream();
    const calls = fakeNotificationsApi([], {
      'POST /admin/notification-sends/31/resend': () => ({
        status: 200,
        data: { success: true, data: { ...SENDS[0], status: 'queued' } },
      }),
    });
    const getList = listOf(SENDS);
    renderPanel('/outbox', testDataProvider({ getList }));
    expect(await screen.findByRole('heading', { name: 'Notifikasi Keluar Dashboard' })).toBeInTheDocument();
    const dead = (await screen.findByText('421 service not available')).closest('tr')!;
    expect(dead).toHaveTextContent('Penawaran baru untuk kontrak #2');
    expect(dead).toHaveTextContent('Budi Santoso · budi@example.test');
    expect(dead).toHaveTextContent('Email');
    expect(dead).toHaveTextContent('Gagal permanen');
    expect(dead).toHaveTextContent('5');
    const sent = screen.getByText('Kontrak #1 disetujui').closest('tr')!;
    expect(sent).toHaveTextContent('WhatsApp');
    expect(sent).toHaveTextContent('Terkirim');
    expect(within(sent).queryByRole('button', { name: 'Kirim Ulang' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ekspor' })).toBeNull();
    const refetches = getList.mock.calls.length;
    await userEvent.click(within(dead).getByRole('button', { name: 'Kirim Ulang' }));
    expect(await screen.findByText('Dijadwalkan untuk dikirim ulang')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/admin/notification-sends/31/resend')).toBe(
      true,
    );
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(refetches));
    expect(getList).toHaveBeenCalledWith('outbox', expect.anything());
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gagal permanen' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'outbox',
        expect.objectContaining({ filter: { status: 'dead' } }),
      ),
    );
  });

  it("shows on the dashboard what waits for verification, each opening its list's filter", async () => {
    fakeStream();
    fakeNotificationsApi([]);
    const totals: Record<string, number> = { petani: 4, mitra: 2, lahan: 1250 };
    const getList = vi.fn(async (resource: string) => ({ data: [], total: totals[resource] ?? 0 }));
    const getStats = vi.fn(async () => ({
      users: { total: 0, byRole: {}, verified: 0, unverified: 0 },
      lahan: { total: 0, totalArea: 0, byStatus: {} },
      contracts: { total: 0, byStatus: {}, valueUnderContract: 0 },
      recentContracts: [],
    }));
    renderPanel('/dashboard', testDataProvider({ getList, getStats }));
    const card = await screen.findByRole('region', { name: 'Menunggu verifikasi' });
    await within(card).findByText('1.250');
    const petani = within(card).getByRole('link', { name: 'Petani belum terverifikasi' });
    expect(petani.closest('li')).toHaveTextContent('4');
    expect(
      within(card).getByRole('link', { name: 'Mitra belum terverifikasi' }).closest('li'),
    ).toHaveTextContent('2');
    expect(getList).toHaveBeenCalledWith(
      'lahan',
      expect.objectContaining({ filter: { status: 'pending' }, pagination: { page: 1, perPage: 1 } }),
    );
    expect(getList).toHaveBeenCalledWith(
      'petani',
      expect.objectContaining({ filter: { status_verifikasi: false } }),
    );
    await userEvent.click(petani);
    expect(await screen.findByRole('heading', { name: 'Petani Dashboard' })).toBeInTheDocument();
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'petani',
        expect.objectContaining({ filter: { status_verifikasi: false } }),
      ),
    );
  });
});
