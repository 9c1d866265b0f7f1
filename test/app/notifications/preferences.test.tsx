import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationSettingsPage from '../../../src/app/account/NotificationSettingsPage';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import { renderStyled } from '../styles';
import { fakeNotificationsApi, fakeStream, type Call } from './fake-api';

const SAVED = [
  { kind: 'contract.offer', in_app: true, email: true, whatsapp: false, required: true },
  { kind: 'contract.complete', in_app: false, email: true, whatsapp: true, required: false },
];

const ME = { id: 7, role: 'petani', full_name: 'Budi Santoso', email: 'budi@example.test' };

function renderSettings(put: (call: Call) => { status: number; data: unknown }) {
  fakeStream();
  const calls = fakeNotificationsApi([], {
    'GET /user/me': () => ({ status: 200, data: { success: true, data: ME } }),
    'GET /notifications/preferences': () => ({ status: 200, data: { success: true, data: SAVED } }),
    'PUT /notifications/preferences': put,
  });
  renderStyled(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/akun/notifikasi']}>
        <Routes>
          <Route path="/akun/notifikasi" element={<NotificationSettingsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
  return calls;
}

const kind = (label: string) => within(screen.getByRole('group', { name: label }));

describe('/akun/notifikasi', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 't1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each kind's channels, locks the in-app switch of a kind that waits for the person, and saves", async () => {
    const calls = renderSettings((call) => ({
      status: 200,
      data: {
        success: true,
        data: SAVED.map((row) => ({ ...row, ...(call.data as Record<string, object>)[row.kind] })),
      },
    }));
    expect(await screen.findByRole('heading', { name: 'Pengaturan Notifikasi' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Penawaran kontrak baru' });
    const offer = kind('Penawaran kontrak baru');
    expect(offer.getByRole('switch', { name: /Di aplikasi/ })).toBeChecked();
    expect(offer.getByRole('switch', { name: /Di aplikasi/ })).toBeDisabled();
    expect(offer.getByText('Selalu di aplikasi')).toBeInTheDocument();
    expect(offer.getByRole('switch', { name: 'WhatsApp' })).not.toBeChecked();
    const complete = kind('Kontrak selesai');
    expect(complete.getByRole('switch', { name: 'Di aplikasi' })).toBeEnabled();
    expect(complete.getByRole('switch', { name: 'Di aplikasi' })).not.toBeChecked();

    await userEvent.click(offer.getByRole('switch', { name: 'Email' }));
    await userEvent.click(complete.getByRole('switch', { name: 'Di aplikasi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan' }));
    // The page's own status line (the account shell keeps a live region of its own for the offline banner).
    const saved = await screen.findByText('Pengaturan notifikasi disimpan.');
    expect(saved).toHaveAttribute('role', 'status');
    expect(calls.find((c) => c.method === 'PUT')?.data).toEqual({
      'contract.offer': { in_app: true, email: false, whatsapp: false },
      'contract.complete': { in_app: true, email: true, whatsapp: true },
    });
    expect(kind('Penawaran kontrak baru').getByRole('switch', { name: 'Email' })).not.toBeChecked();
  });

  it("shows the server's refusal and keeps the choices on screen", async () => {
    renderSettings(() => ({
      status: 400,
      data: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Notifikasi "Penawaran kontrak baru" tidak bisa dimatikan di aplikasi',
        errors: [{ field: 'contract.offer', message: 'Tidak bisa dimatikan di aplikasi' }],
      },
    }));
    await screen.findByRole('group', { name: 'Kontrak selesai' });
    await userEvent.click(kind('Kontrak selesai').getByRole('switch', { name: 'WhatsApp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifikasi "Penawaran kontrak baru" tidak bisa dimatikan di aplikasi',
    );
    expect(kind('Kontrak selesai').getByRole('switch', { name: 'WhatsApp' })).not.toBeChecked();
    // The kind the server names shows why under its switches.
    expect(screen.getByRole('group', { name: 'Penawaran kontrak baru' })).toHaveAccessibleDescription(
      'Tidak bisa dimatikan di aplikasi',
    );
    expect(kind('Kontrak selesai').queryByText('Tidak bisa dimatikan di aplikasi')).toBeNull();
  });
});
