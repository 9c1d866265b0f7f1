import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPanel, testAuthProvider, testDataProvider } from './support';

const TABS = [
  'Users',
  'Mitra',
  'Petani',
  'Contract',
  'Lahan',
  'Category',
  'Location',
  'Downloads',
  'Audit',
  'Notifikasi Keluar',
];

describe('Admin layout', () => {
  it('opens on Users, with the sidebar in the spec order and the header badge', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/', dataProvider);
    expect(await screen.findByRole('heading', { name: 'Users Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    const items = within(screen.getByRole('navigation')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      ...TABS,
      'Dashboard',
      'Keuangan',
      'Settings',
      'Logout',
    ]);
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.anything()));
  });

  it('names the header after the tab', async () => {
    renderPanel('/', testDataProvider());
    await screen.findByRole('heading', { name: 'Users Dashboard' });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Petani' }));
    expect(await screen.findByRole('heading', { name: 'Petani Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Downloads' }));
    expect(await screen.findByRole('heading', { name: 'Downloads Dashboard' })).toBeInTheDocument();
  });

  it('logs out from the sidebar', async () => {
    const authProvider = testAuthProvider();
    renderPanel('/', testDataProvider(), { authProvider });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });
});
