import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from './support';
import { MESSAGES } from '../../../src/shared/messages';

const person = (id: number, role: string, extra: object = {}) => ({
  id,
  user_id: id,
  role,
  full_name: `Orang ${id}`,
  name: `Orang ${id}`,
  username: `orang${id}`,
  email: `orang${id}@tanimitra.id`,
  phone: '+6281234567890',
  no_phone: '+6281234567890',
  status_verifikasi: false,
  url_image: null,
  created_at: '2025-01-20T07:05:00.000Z',
  ...extra,
});

describe('Users list', () => {
  it('shows the rows, opens the detail, and pages with Page X of Y', async () => {
    const rows = [person(1, 'admin', { status_verifikasi: true }), person(2, 'petani')];
    const getList = vi.fn(async () => ({ data: rows, total: 25 }));
    renderPanel('/users', testDataProvider({ getList }));
    expect(await screen.findByText('Orang 1')).toBeInTheDocument();
    expect(screen.getByText('orang2@tanimitra.id')).toBeInTheDocument();
    expect(within(screen.getByText('Orang 2').closest('tr')!).getByText('Petani')).toBeInTheDocument();
    expect(screen.getByText('Terverifikasi')).toBeInTheDocument();
    expect(screen.getAllByText('20 Januari 2025')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    // The page number shows as soon as it changes; the list asks for that page in an effect after it.
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'users',
        expect.objectContaining({ pagination: { page: 2, perPage: 10 } }),
      ),
    );
    await userEvent.click(screen.getByText('Orang 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail User' });
    expect(within(dialog).getByText('orang2')).toBeInTheDocument();
    expect(within(dialog).getByText('Belum Terverifikasi')).toBeInTheDocument();
  });

  it('searches on the server and filters by role', async () => {
    const getList = listOf([person(1, 'mitra')]);
    renderPanel('/users', testDataProvider({ getList }));
    await screen.findByText('Orang 1');
    await userEvent.type(screen.getByPlaceholderText('Search'), 'Siti');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('users', expect.objectContaining({ filter: { q: 'Siti' } })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mitra' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'users',
        expect.objectContaining({ filter: { q: 'Siti', role: 'mitra' } }),
      ),
    );
  });

  it("says 'No users found', and shows a load error with Retry", async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Failed to fetch users data', 500))
      .mockResolvedValue({ data: [], total: 0 });
    renderPanel('/users', testDataProvider({ getList }));
    expect(await screen.findByText('Error loading users: Failed to fetch users data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const dataProvider = testDataProvider({ getList: listOf([person(4, 'petani')]) });
    renderPanel('/users', dataProvider);
    const row = (await screen.findByText('Orang 4')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('users', expect.objectContaining({ id: 4 })),
    );
  });

  it('creates a user from Add New', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/users', dataProvider);
    await screen.findByText('No users found');
    await userEvent.click(screen.getByRole('link', { name: 'Add New' }));
    await userEvent.click(await screen.findByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Petani' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Budi Santoso');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'budi@tanimitra.id');
    await userEvent.type(screen.getByLabelText(/Password/), 'Rahasia123');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'users',
        expect.objectContaining({
          data: expect.objectContaining({
            role: 'petani',
            full_name: 'Budi Santoso',
            email: 'budi@tanimitra.id',
            password: 'Rahasia123',
          }),
        }),
      ),
    );
  });
});

describe('Mitra and petani verification badge', () => {
  it("shows 'Updating...' disabled during the call and flips only after success", async () => {
    let finish: (value: unknown) => void = () => undefined;
    const verifyRole = vi.fn(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    const getList = vi.fn(async () => ({
      data: [person(7, 'mitra', { fullname_mitra: 'CV Tani' })],
      total: 1,
    }));
    renderPanel('/mitra', testDataProvider({ getList, verifyRole }));
    expect(await screen.findByText('CV Tani')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Inactive, Verifikasi CV Tani' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Verifikasi CV Tani' })).getByRole('button', {
        name: 'Verifikasi',
      }),
    );
    const updating = await screen.findByRole('button', { name: 'Updating...' });
    expect(updating).toHaveAttribute('aria-disabled', 'true');
    expect(verifyRole).toHaveBeenCalledWith(7, true);
    getList.mockResolvedValue({
      data: [person(7, 'mitra', { fullname_mitra: 'CV Tani', status_verifikasi: true })],
      total: 1,
    });
    finish({ success: true, data: null });
    expect(
      await screen.findByRole('button', { name: 'Active, Batalkan verifikasi CV Tani' }),
    ).toHaveTextContent('Active');

    // A later change to the row (here the bulk action) shows through: the toggle's flip is spent.
    verifyRole.mockImplementation(async () => ({ success: true, data: null }));
    getList.mockResolvedValue({
      data: [person(7, 'mitra', { fullname_mitra: 'CV Tani', status_verifikasi: false })],
      total: 1,
    });
    await userEvent.click(
      within(screen.getByText('CV Tani').closest('tr') as HTMLElement).getByRole('checkbox'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Set Inactive' }));
    expect(verifyRole).toHaveBeenLastCalledWith(7, false);
    expect(await screen.findByRole('button', { name: 'Inactive, Verifikasi CV Tani' })).toHaveTextContent(
      'Inactive',
    );
  });

  const failingToggle = async (verifyRole: () => Promise<unknown>) => {
    renderPanel(
      '/petani',
      testDataProvider({
        getList: listOf([person(8, 'petani', { fullname_petani: 'Pak Tani' })]),
        verifyRole,
      }),
    );
    await screen.findByText('Pak Tani');
    await userEvent.click(screen.getByRole('button', { name: 'Inactive, Verifikasi Pak Tani' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Verifikasi Pak Tani' })).getByRole('button', {
        name: 'Verifikasi',
      }),
    );
  };

  it("keeps the state and says 'Failed to update status' when the server refuses", async () => {
    await failingToggle(vi.fn(async () => ({ success: false, data: null })));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inactive, Verifikasi Pak Tani' })).toHaveTextContent(
      'Inactive',
    );
  });

  it("keeps the state and says 'Error updating status: …' when the call fails", async () => {
    await failingToggle(
      vi.fn(async () => {
        throw new HttpError(MESSAGES.people.verifyRoleMembersOnly, 400);
      }),
    );
    expect(
      await screen.findByText(
        'Error updating status: Only petani and mitra accounts have a role verification',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inactive, Verifikasi Pak Tani' })).toHaveTextContent(
      'Inactive',
    );
  });

  it("says 'No mitra found' when empty", async () => {
    renderPanel('/mitra', testDataProvider());
    expect(await screen.findByText('No mitra found')).toBeInTheDocument();
  });

  it("says 'No petani found' when empty", async () => {
    renderPanel('/petani', testDataProvider());
    expect(await screen.findByText('No petani found')).toBeInTheDocument();
  });
});

describe('Mitra and petani bulk verification', () => {
  it('sets the selected rows Active with one verify-role call each, skipping those already Active', async () => {
    const verifyRole = vi.fn(async () => ({ success: true, data: null }));
    renderPanel(
      '/petani',
      testDataProvider({
        getList: listOf([
          person(8, 'petani', { fullname_petani: 'Pak Tani' }),
          person(9, 'petani', { fullname_petani: 'Bu Tani', status_verifikasi: true }),
          person(10, 'petani', { fullname_petani: 'Mas Tani' }),
        ]),
        verifyRole,
      }),
    );
    for (const name of ['Pak Tani', 'Bu Tani']) {
      const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
      await userEvent.click(within(row).getByRole('checkbox'));
    }
    await userEvent.click(await screen.findByRole('button', { name: 'Set Active' }));
    expect(await screen.findByText('1 status updated')).toBeInTheDocument();
    expect(verifyRole).toHaveBeenCalledTimes(1);
    expect(verifyRole).toHaveBeenCalledWith(8, true);
  });
});

describe('Petani detail', () => {
  const petani = person(9, 'petani', {
    fullname_petani: 'Pak Tani',
    status_verifikasi: true,
    nik: '3201010101010001',
    alamat: 'Jl. Sawah 1, Bogor',
    ktp: '/api/v1/documents/31',
    verifikasi_ktp: null,
    supporting_documents: null,
  });

  it('shows the personal info, the documents fetched with the token and the lahan', async () => {
    const getPetaniLahan = vi.fn(async () => ({
      total: 2,
      data: [
        {
          id: 5,
          nama_lahan: 'Sawah Utara',
          status: 'active',
          luas_lahan: 12500,
          location_name: 'Desa Cibodas',
          category_name: 'Padi',
          address_lahan: 'Blok A',
        },
        { id: 6, nama_lahan: 'Kebun Selatan', status: 'inactive', luas_lahan: 800 },
      ],
    }));
    const dataProvider = testDataProvider({ getList: listOf([petani]), getPetaniLahan });
    renderPanel('/petani', dataProvider);
    await userEvent.click(await screen.findByText('Pak Tani'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Informasi Petani' });
    expect(within(dialog).getByText('Terverifikasi')).toBeInTheDocument();
    for (const text of [
      '3201010101010001',
      'Jl. Sawah 1, Bogor',
      'orang9',
      '+6281234567890',
      '20 Januari 2025',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(await within(dialog).findByText('Data Lahan (2 Lahan)')).toBeInTheDocument();
    expect(within(dialog).getByText('Lahan #1 · Sawah Utara')).toBeInTheDocument();
    expect(within(dialog).getByText('12.500 m²')).toBeInTheDocument();
    expect(within(dialog).getByText('Aktif')).toBeInTheDocument();
    expect(within(dialog).getByText('Tidak Aktif')).toBeInTheDocument();
    expect(getPetaniLahan).toHaveBeenCalledWith(9);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Dokumen' }));
    const ktp = await within(dialog).findByRole('img', { name: 'KTP' });
    expect(dataProvider.fetchDocument).toHaveBeenCalledWith('/api/v1/documents/31');
    expect(ktp.getAttribute('src')).not.toContain('/api/v1/documents');
    await userEvent.click(ktp);
    expect(await screen.findByRole('dialog', { name: 'KTP' })).toBeInTheDocument();
  });

  it("says 'Belum ada data lahan' for a farmer without lahan", async () => {
    renderPanel(
      '/petani',
      testDataProvider({
        getList: listOf([petani]),
        getPetaniLahan: vi.fn(async () => ({ data: [], total: 0 })),
      }),
    );
    await userEvent.click(await screen.findByText('Pak Tani'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Informasi Petani' });
    expect(await within(dialog).findByText('Belum ada data lahan')).toBeInTheDocument();
    expect(within(dialog).getByText('Data Lahan (0 Lahan)')).toBeInTheDocument();
  });

  it('counts every lahan of the farmer, not only the rows of one page', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      nama_lahan: `Lahan ${i + 1}`,
      status: 'active',
    }));
    renderPanel(
      '/petani',
      testDataProvider({
        getList: listOf([petani]),
        getPetaniLahan: vi.fn(async () => ({ data: rows, total: 123 })),
      }),
    );
    await userEvent.click(await screen.findByText('Pak Tani'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Informasi Petani' });
    expect(await within(dialog).findByText('Data Lahan (123 Lahan)')).toBeInTheDocument();
  });
});
