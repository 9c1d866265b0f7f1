import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from './support';

/*
 * The "more" (⋮) row action of mitra and petani (docs/spec-notes.md §2, issue 27): verify or revoke (verifying
 * through the identity documents), their documents, and a petani's lahan.
 */

const person = (role: 'mitra' | 'petani', id: number, name: string, verified: boolean) => ({
  id,
  user_id: id,
  role,
  full_name: name,
  [`fullname_${role}`]: name,
  email: `${role}${id}@tanimitra.id`,
  status_verifikasi: verified,
  ktp: `/api/v1/documents/${id}1`,
  verifikasi_ktp: null,
  supporting_documents: null,
  loa_file: null,
  created_at: '2025-01-20T07:05:00.000Z',
});

describe('the more row action', () => {
  it('opens from the keyboard, closes on Escape with focus back, and verifies only after the documents', async () => {
    const verifyRole = vi.fn(async () => ({ success: true, data: null }));
    const dataProvider = testDataProvider({
      getList: listOf([person('mitra', 7, 'CV Tani Jaya', false)]),
      verifyRole,
    });
    renderPanel('/mitra', dataProvider);
    const user = userEvent.setup();
    const more = await screen.findByRole('button', { name: 'Aksi lainnya untuk CV Tani Jaya' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');

    more.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { hidden: false });
    expect(menu).toHaveAttribute('id', more.getAttribute('aria-controls'));
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Verifikasi', 'Lihat dokumen']);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Lihat dokumen' })).toBeNull());
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Verifikasi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verifikasi CV Tani Jaya' }));
    expect(await dialog.findByRole('img', { name: 'KTP' })).toBeInTheDocument();
    expect(verifyRole).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Verifikasi' }));
    await waitFor(() => expect(verifyRole).toHaveBeenCalledWith(7, true));
    // Nothing here was a row click: the detail stays closed.
    expect(screen.queryByRole('dialog', { name: 'Detail Informasi Mitra' })).toBeNull();
  });

  it('revokes a verified petani, opens their documents and links to their lahan', async () => {
    const verifyRole = vi.fn(async () => ({ success: true, data: null }));
    const getList = vi.fn(async (resource: string) =>
      resource === 'petani'
        ? { data: [person('petani', 9, 'Siti Aminah', true)], total: 1 }
        : { data: [], total: 0 },
    );
    const dataProvider = testDataProvider({ getList, verifyRole });
    renderPanel('/petani', dataProvider);
    const user = userEvent.setup();
    const more = await screen.findByRole('button', { name: 'Aksi lainnya untuk Siti Aminah' });

    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Batalkan verifikasi' }));
    await waitFor(() => expect(verifyRole).toHaveBeenCalledWith(9, false));

    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Lihat dokumen' }));
    const documents = within(await screen.findByRole('dialog', { name: 'Dokumen Siti Aminah' }));
    expect(await documents.findByRole('img', { name: 'KTP' })).toBeInTheDocument();
    await user.click(documents.getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Detail Informasi Petani' })).toBeNull();

    await user.click(more);
    const lahan = await screen.findByRole('menuitem', { name: 'Lihat lahan' });
    expect(lahan).toHaveAttribute('href', `/admin/lahan?filter=${encodeURIComponent('{"petani_id":9}')}`);
    await user.click(lahan);
    await waitFor(() =>
      expect(getList).toHaveBeenCalledWith('lahan', expect.objectContaining({ filter: { petani_id: 9 } })),
    );
  });
});
