import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from './support';

/** A promise the test settles when it wants, to see the screen while the call is under way. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { call: vi.fn(() => promise), resolve, reject };
}

const petani = {
  id: 9,
  role: 'petani',
  full_name: 'Pak Tani',
  fullname_petani: 'Pak Tani',
  email: 'tani@example.com',
  status_verifikasi: true,
  ktp: '/api/v1/documents/31',
  created_at: '2025-01-20T07:05:00.000Z',
};

const lahan = {
  id: 1,
  petani_id: 7,
  petani_nama: 'Budi Santoso',
  petani_phone: '+6280000000001',
  nama_lahan: 'Sawah 1',
  luas_lahan: 2500,
  status: 'active',
  url_image: [],
  created_at: '2025-01-20T08:00:00.000Z',
};

// The panel's own reads (custom data provider methods through react-admin's query cache): each shows
// 'Memuat' while under way and says so when the call fails.
describe('Reads beyond the lists', () => {
  it('shows the dashboard loading, then its figures', async () => {
    const stats = pending<object>();
    renderPanel('/dashboard', testDataProvider({ getStats: stats.call }));
    expect(await screen.findByText('Memuat')).toBeInTheDocument();
    stats.resolve({
      users: { total: 3, byRole: {}, verified: 1, unverified: 2 },
      lahan: { total: 0, totalArea: 0, byStatus: {} },
      contracts: { total: 0, byStatus: {} },
      recentContracts: [],
    });
    expect(await screen.findByRole('region', { name: 'Users' })).toHaveTextContent('3');
    expect(screen.queryByText('Memuat')).not.toBeInTheDocument();
    expect(stats.call).toHaveBeenCalledTimes(1);
  });

  it("shows the settings loading, then the reason the admin's profile could not be read", async () => {
    const me = pending<object>();
    renderPanel('/settings', testDataProvider({ getMe: me.call }));
    expect(await screen.findByText('Memuat')).toBeInTheDocument();
    me.reject(new HttpError('Sesi berakhir', 500));
    expect(await screen.findByText('Error loading settings: Sesi berakhir')).toBeInTheDocument();
    expect(screen.queryByText('Memuat')).not.toBeInTheDocument();
    // The password form does not depend on the profile.
    expect(screen.getByRole('button', { name: 'Ubah Password' })).toBeInTheDocument();
  });

  it("shows the farmer's lahan loading, then the failure, and a document that cannot be read", async () => {
    const lahanOfPetani = pending<object>();
    const dataProvider = testDataProvider({
      getList: listOf([petani]),
      getPetaniLahan: lahanOfPetani.call,
      fetchDocument: vi.fn(async () => {
        throw new HttpError('Forbidden', 403);
      }),
    });
    renderPanel('/petani', dataProvider);
    await userEvent.click(await screen.findByText('Pak Tani'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Informasi Petani' });
    expect(within(dialog).getByText('Data Lahan')).toBeInTheDocument();
    expect(within(dialog).getByText('Memuat')).toBeInTheDocument();
    lahanOfPetani.reject(new HttpError('Server sedang sibuk', 503));
    expect(await within(dialog).findByText('Server sedang sibuk')).toBeInTheDocument();
    expect(within(dialog).getByText('Data Lahan')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Dokumen' }));
    expect(await within(dialog).findByText('Dokumen tidak dapat dimuat')).toBeInTheDocument();
    expect(dataProvider.fetchDocument).toHaveBeenCalledWith('/api/v1/documents/31');
  });

  it("keeps the lahan's own owner fields when GET /petani/{id} fails, and says why", async () => {
    const owner = pending<object>();
    renderPanel('/lahan', testDataProvider({ getList: listOf([lahan]), getPetani: owner.call }));
    await userEvent.click(await screen.findByText('Sawah 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Lahan' });
    expect(within(dialog).getByText('+6280000000001')).toBeInTheDocument();
    owner.reject(new HttpError('Petani tidak ditemukan', 404));
    expect(
      await within(dialog).findByText('Data pemilik tidak dapat dimuat: Petani tidak ditemukan'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('+6280000000001')).toBeInTheDocument();
    expect(owner.call).toHaveBeenCalledWith(7);
  });

  it('says under the province filter that the provinces could not be loaded', async () => {
    renderPanel(
      '/location',
      testDataProvider({
        getProvinces: vi.fn(async () => {
          throw new HttpError('Server sedang sibuk', 503);
        }),
      }),
    );
    await screen.findByText('No locations found');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Failed to load provinces: Server sedang sibuk')).toBeInTheDocument();
  });

  it('shows the create form the provinces the filter already loaded, while it asks again', async () => {
    const again = pending<object[]>();
    const getProvinces = vi
      .fn()
      .mockResolvedValueOnce([{ id: 10, province_name: 'Jawa Barat' }])
      .mockImplementation(again.call);
    renderPanel('/location', testDataProvider({ getProvinces }));
    await screen.findByText('No locations found');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('combobox', { name: 'Province' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Location' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Province/ }));
    expect(await screen.findByRole('option', { name: 'Jawa Barat' })).toBeInTheDocument();
    expect(getProvinces).toHaveBeenCalledTimes(2);
  });
});
