import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listQuery } from '../../../../src/app/admin/providers/dataProvider';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';

const rows = [
  {
    id: 12,
    actor_id: 1,
    actor_email: 'admin@tanimitra.id',
    action: 'DELETE',
    resource: 'lahan',
    resource_id: '7',
    changes: null,
    created_at: '2026-11-23T07:05:00.000Z',
  },
  {
    id: 11,
    actor_id: 1,
    actor_email: 'admin@tanimitra.id',
    action: 'PUT',
    resource: 'verify-role',
    resource_id: '42',
    changes: { status_verifikasi: true },
    created_at: '2026-11-23T06:00:00.000Z',
  },
];

describe('Audit list', () => {
  it('shows who changed what, read-only, with Indonesian labels', async () => {
    renderPanel('/audit', testDataProvider({ getList: listOf(rows) }));
    expect(await screen.findByText('verify-role')).toBeInTheDocument();
    for (const header of ['Waktu', 'Pelaku', 'Aksi', 'Data', 'ID Data', 'Perubahan'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const [, deleted, verified] = screen.getAllByRole('row');
    expect(within(deleted!).getByText('Hapus')).toBeInTheDocument();
    expect(within(deleted!).getByText('lahan')).toBeInTheDocument();
    expect(within(verified!).getByText('Ubah')).toBeInTheDocument();
    expect(within(verified!).getByText('{"status_verifikasi":true}')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('filters by actor, data, id and dates, and says so when nothing matches', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/audit', dataProvider);
    expect(await screen.findByText('Belum ada catatan audit')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Data'), 'lahan');
    await userEvent.type(screen.getByLabelText('ID Pelaku'), '1');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'audit',
        expect.objectContaining({ filter: { resource: 'lahan', actor_id: 1 } }),
      ),
    );
    for (const label of ['ID Data', 'Dari Tanggal', 'Sampai Tanggal'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const [, params] = dataProvider.getList.mock.lastCall as unknown as [string, object];
    // What the API receives: newest first, the filters as they are.
    expect(listQuery(params)).toEqual({
      page: 1,
      limit: 10,
      sort: 'created_at',
      order: 'desc',
      resource: 'lahan',
      actor_id: 1,
    });
  });
});
