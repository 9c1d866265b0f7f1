import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from './support';

/*
 * Verifying a mitra or petani is a decision on their identity documents (issue 26, finding 6): one click on
 * the Inactive chip opens them with Verifikasi / Batal and verifies nothing; the chip's name says what it does.
 */

const mitra = {
  id: 7,
  user_id: 7,
  role: 'mitra',
  full_name: 'Andi',
  fullname_mitra: 'CV Tani Jaya',
  email: 'cv@tanimitra.id',
  status_verifikasi: false,
  ktp: '/api/v1/documents/71',
  verifikasi_ktp: '/api/v1/documents/72',
  supporting_documents: null,
  created_at: '2025-01-20T07:05:00.000Z',
};

describe('the Inactive chip of a mitra', () => {
  it('shows the identity documents first; Batal verifies nothing, Verifikasi verifies', async () => {
    const verifyRole = vi.fn(async () => ({ success: true, data: null }));
    const fetchDocument = vi.fn(async () => new Blob(['ktp'], { type: 'image/png' }));
    const dataProvider = testDataProvider({ getList: listOf([mitra]), verifyRole, fetchDocument });
    renderPanel('/mitra', dataProvider);
    const chip = await screen.findByRole('button', { name: 'Inactive, Verifikasi CV Tani Jaya' });
    expect(chip).toHaveTextContent('Inactive');

    await userEvent.click(chip);
    let dialog = within(await screen.findByRole('dialog', { name: 'Verifikasi CV Tani Jaya' }));
    expect(dialog.getByText(/Periksa dokumen identitas/)).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'KTP' })).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'Verifikasi KTP' })).toBeInTheDocument();
    expect(fetchDocument).toHaveBeenCalledWith('/api/v1/documents/71');
    expect(verifyRole).not.toHaveBeenCalled();
    // Opening the documents is not a row click: the detail modal stays closed.
    expect(screen.queryByRole('dialog', { name: 'Detail Informasi Mitra' })).toBeNull();

    await userEvent.click(dialog.getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(verifyRole).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Inactive, Verifikasi CV Tani Jaya' })).toHaveTextContent(
      'Inactive',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Inactive, Verifikasi CV Tani Jaya' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Verifikasi CV Tani Jaya' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verifikasi' }));
    await waitFor(() => expect(verifyRole).toHaveBeenCalledWith(7, true));
    expect(verifyRole).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('button', { name: 'Active, Batalkan verifikasi CV Tani Jaya' }),
    ).toHaveTextContent('Active');
  });
});
