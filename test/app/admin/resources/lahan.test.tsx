import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';
import { MESSAGES } from '../../../../src/shared/messages';

const lahan = (id: number, status: string, extra: object = {}) => ({
  id,
  petani_id: 7,
  petani_nama: 'Budi Santoso',
  nama_lahan: `Sawah ${id}`,
  luas_lahan: 2500,
  address_lahan: 'Jl. Sawah 1',
  location_name: 'Cibodas',
  province_name: 'Jawa Barat',
  category_name: 'Padi',
  status,
  url_image: [],
  created_at: '2025-01-20T08:00:00.000Z',
  ...extra,
});

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('Lahan list', () => {
  it('shows the Lahan, Status and Actions columns with the status labels', async () => {
    const statuses = [
      'active',
      'aktif',
      'inactive',
      'pending',
      'negotiation',
      'on_going',
      'completed',
      'rejected',
      'weird',
    ];
    const dataProvider = testDataProvider({
      getList: listOf(statuses.map((status, i) => lahan(i + 1, status))),
    });
    renderPanel('/lahan', dataProvider);
    await screen.findByText('Sawah 1');
    for (const header of ['Lahan', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(within(row('Sawah 1')).getByText('Aktif')).toBeInTheDocument();
    expect(within(row('Sawah 2')).getByText('Aktif')).toBeInTheDocument();
    expect(within(row('Sawah 3')).getByText('Tidak Aktif')).toBeInTheDocument();
    expect(within(row('Sawah 5')).getByText('Negosiasi')).toBeInTheDocument();
    expect(within(row('Sawah 9')).getByText('Unknown')).toBeInTheDocument();
    expect(within(row('Sawah 1')).getByText('Budi Santoso · Cibodas')).toBeInTheDocument();
  });

  it('toggles active ↔ inactive, verifies pending, and locks the other statuses', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([
        lahan(1, 'active'),
        lahan(2, 'inactive'),
        lahan(3, 'pending'),
        lahan(4, 'negotiation'),
        lahan(5, 'on_going'),
        lahan(6, 'completed'),
        lahan(7, 'rejected'),
      ]),
    });
    renderPanel('/lahan', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('Sawah 1');

    await user.click(within(row('Sawah 1')).getByRole('button', { name: 'Aktif' }));
    await waitFor(() => expect(dataProvider.setLahanStatus).toHaveBeenCalledWith(1, 'inactive'));
    await user.click(within(row('Sawah 2')).getByRole('button', { name: 'Tidak Aktif' }));
    await waitFor(() => expect(dataProvider.setLahanStatus).toHaveBeenCalledWith(2, 'active'));
    await user.click(within(row('Sawah 3')).getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(dataProvider.verifyLahan).toHaveBeenCalledWith(3));

    // Locked: outlined with a lock, aria-disabled, described by why; a click only says so.
    for (const [name, label] of [
      ['Sawah 4', 'Negosiasi'],
      ['Sawah 5', 'Berjalan'],
      ['Sawah 6', 'Selesai'],
      ['Sawah 7', 'Ditolak'],
    ] as const) {
      const locked = within(row(name)).getByRole('button', { name: label });
      expect(locked).toHaveAttribute('aria-disabled', 'true');
      expect(locked).toHaveClass('MuiChip-outlined');
      expect(within(locked).getByTestId('LockIcon')).toBeInTheDocument();
      expect(locked).toHaveAccessibleDescription(MESSAGES.statusCannotBeChanged);
      await user.click(locked);
    }
    for (const name of ['Sawah 1', 'Sawah 2', 'Sawah 3'])
      expect(within(row(name)).getByRole('button', { name: /Aktif|Pending/ })).not.toHaveAttribute(
        'aria-disabled',
      );
    expect(dataProvider.setLahanStatus).toHaveBeenCalledTimes(2);
    expect(dataProvider.verifyLahan).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.statusCannotBeChanged);
    // The detail modal does not open from a badge click.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a locked status cannot be changed from the keyboard too, changing nothing', async () => {
    const dataProvider = testDataProvider({ getList: listOf([lahan(1, 'on_going')]) });
    renderPanel('/lahan', dataProvider);
    const locked = await screen.findByRole('button', { name: 'Berjalan' });
    locked.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.statusCannotBeChanged);
    expect(dataProvider.setLahanStatus).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports a failed toggle with the server message', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([lahan(1, 'active')]),
      setLahanStatus: vi.fn(async () => {
        throw new HttpError('Lahan sedang dalam kontrak', 409);
      }),
    });
    renderPanel('/lahan', dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: 'Aktif' }));
    expect(await screen.findByText('Error updating status: Lahan sedang dalam kontrak')).toBeInTheDocument();
  });

  it('says so when there is no lahan, and offers Clear search after a search', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/lahan', dataProvider);
    expect(await screen.findByText('No lahan found')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'zzz');
    expect(await screen.findByText('No lahan found matching your search')).toBeInTheDocument();
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'lahan',
        expect.objectContaining({ filter: { q: 'zzz' } }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('No lahan found')).toBeInTheDocument();
  });

  it('filters by a measured area more than 20 % off the declared one', async () => {
    const getList = listOf([lahan(1, 'active')]);
    renderPanel('/lahan', testDataProvider({ getList }));
    await screen.findByText('Sawah 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Luas terukur' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Beda > 20% dari luas tercatat' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'lahan',
        expect.objectContaining({ filter: { luas_berbeda: true } }),
      ),
    );
  });

  it('shows the load error in a banner with Retry', async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Failed to fetch lahan data', 500))
      .mockResolvedValue({ data: [lahan(1, 'active')], total: 1 });
    renderPanel('/lahan', testDataProvider({ getList }));
    expect(await screen.findByText('Error loading lahan: Failed to fetch lahan data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sawah 1')).toBeInTheDocument();
  });

  it('opens the detail with the owner from GET /petani/{id} and the land data', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([lahan(1, 'negotiation')]),
      getPetani: vi.fn(async () => ({
        id: 7,
        fullname_petani: 'Budi Santoso',
        phone: '+6281234567890',
        alamat: 'Desa Sukamaju',
        status_verifikasi: true,
        created_at: '2024-03-05T00:00:00.000Z',
      })),
    });
    renderPanel('/lahan', dataProvider);
    await userEvent.click(await screen.findByText('Sawah 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Lahan' });
    expect(await within(dialog).findByText('+6281234567890')).toBeInTheDocument();
    expect(dataProvider.getPetani).toHaveBeenCalledWith(7);
    expect(within(dialog).getByText('Desa Sukamaju')).toBeInTheDocument();
    expect(within(dialog).getByText('Terverifikasi')).toBeInTheDocument();
    expect(within(dialog).getByText('5 Maret 2024')).toBeInTheDocument();
    expect(within(dialog).getByText('2.500 m²')).toBeInTheDocument();
    expect(within(dialog).getByText('20 Januari 2025')).toBeInTheDocument();
    expect(within(dialog).getByText('Negosiasi')).toBeInTheDocument();
    expect(within(dialog).getByText('Belum ada foto lahan')).toBeInTheDocument();
  });

  it('shows the land photos, each opening full size in a new tab', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([lahan(1, 'active', { url_image: ['https://example.com/sawah.jpg'] })]),
    });
    renderPanel('/lahan', dataProvider);
    await userEvent.click(await screen.findByText('Sawah 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Lahan' });
    const photo = within(dialog).getByRole('img', { name: 'Foto lahan 1' });
    expect(photo).toHaveAttribute('src', 'https://example.com/sawah.jpg');
    expect(photo.closest('a')).toHaveAttribute('target', '_blank');
  });

  it('deletes after the confirmation', async () => {
    const dataProvider = testDataProvider({ getList: listOf([lahan(1, 'active')]) });
    renderPanel('/lahan', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('Sawah 1');
    await user.click(within(row('Sawah 1')).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Are you sure you want to delete this lahan?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Konfirmasi|Confirm/ }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('lahan', expect.objectContaining({ id: 1 })),
    );
  });
});

describe('Lahan form', () => {
  it("accepts only an area above 0 and up to the maximum, with the API's own texts", async () => {
    const dataProvider = testDataProvider({
      getOne: vi.fn(async () => ({ data: lahan(3, 'active', { location_id: 1, category_id: 2 }) })),
    });
    renderPanel('/lahan/3', dataProvider);
    const area = await screen.findByRole('spinbutton', { name: /Luas/ });
    await waitFor(() => expect(area).toHaveValue(2500));
    await userEvent.clear(area);
    await userEvent.type(area, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(MESSAGES.lahan.luasInvalid)).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();

    await userEvent.clear(area);
    await userEvent.type(area, '20000000000');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(MESSAGES.lahan.luasTooLarge)).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();

    await userEvent.clear(area);
    await userEvent.type(area, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'lahan',
        expect.objectContaining({ data: expect.objectContaining({ luas_lahan: 0.5 }) }),
      ),
    );
  });
});
