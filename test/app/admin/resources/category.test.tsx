import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';
import { MESSAGES } from '../../../../src/shared/messages';

const category = {
  id: 3,
  type_name: 'Padi',
  description: 'Sawah padi',
  created_at: '2025-01-20T07:05:00Z',
  updated_at: '2025-01-21T09:30:00Z',
};

describe('Category list', () => {
  it('lists categories with the creation time and opens the detail', async () => {
    renderPanel('/category', testDataProvider({ getList: listOf([category]) }));
    expect(await screen.findByText('20 Januari 2025 pukul 14.05 WIB')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Padi'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Category' });
    for (const text of [
      '3',
      'Padi',
      'Sawah padi',
      '20 Januari 2025 pukul 14.05 WIB',
      '21 Januari 2025 pukul 16.30 WIB',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it('says so when empty, and shows load errors', async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Failed to fetch category data', 500))
      .mockResolvedValue({ data: [], total: 0 });
    renderPanel('/category', testDataProvider({ getList }));
    expect(
      await screen.findByText('Error loading category: Failed to fetch category data'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No categories found')).toBeInTheDocument();
  });

  it('keeps Save disabled until both fields are filled, and sends trimmed values', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/category', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('No categories found');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Category' });
    const save = within(dialog).getByRole('button', { name: 'Simpan' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Jagung ');
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(MESSAGES.requiredFields)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '   ');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Lahan jagung  ');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'category',
        expect.objectContaining({ data: { type_name: 'Jagung', description: 'Lahan jagung' } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server reason when creating fails', async () => {
    const dataProvider = testDataProvider({
      create: vi.fn(async () => {
        throw new HttpError('Kategori sudah ada', 409);
      }),
    });
    renderPanel('/category', dataProvider);
    await screen.findByText('No categories found');
    await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Padi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Failed to create category: Kategori sudah ada'),
    ).toBeInTheDocument();
  });

  it('edits in a dialog and deletes after the cannot-be-undone warning', async () => {
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [category], total: 1 })
      .mockResolvedValue({ data: [{ ...category, type_name: 'Padi Gogo' }], total: 1 });
    const getOne = vi.fn(async () => ({ data: category }));
    const dataProvider = testDataProvider({ getList, getOne });
    renderPanel('/category', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('Padi');
    await user.click(screen.getByRole('button', { name: 'Ubah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Padi Gogo ');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'category',
        expect.objectContaining({ id: 3, data: { type_name: 'Padi Gogo', description: 'Sawah padi' } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByText('Padi Gogo');

    const row = screen.getByText('Padi Gogo').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Hapus' }));
    expect(
      await screen.findByText('Are you sure you want to delete this category? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Konfirmasi|Confirm/ }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('category', expect.objectContaining({ id: 3 })),
    );
  });
});
