import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../support';
import { listOf, location, testDataProvider } from './support';
import { MESSAGES } from '../../../../src/shared/messages';

const areas = () => ({
  getProvinces: vi.fn(async () => [
    { id: 10, province_name: 'Jawa Barat' },
    { id: 11, province_name: 'Jawa Tengah' },
  ]),
  getDistricts: vi.fn(async (provinceId: number) =>
    provinceId === 10
      ? [{ id: 20, district_name: 'Cianjur', province_id: 10 }]
      : [{ id: 21, district_name: 'Semarang', province_id: 11 }],
  ),
  getSubDistricts: vi.fn(async (districtId: number) => [
    { id: districtId + 10, sub_district_name: `Kecamatan ${districtId}`, district_id: districtId },
  ]),
});

async function pick(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function openCreate() {
  await screen.findByText(/No locations found|Cibodas/);
  await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
  return screen.findByRole('dialog', { name: 'Create Location' });
}

describe('Location list', () => {
  it('lists locations with hour and minute and opens the detail with the full address', async () => {
    renderPanel('/location', testDataProvider({ getList: listOf([location]), ...areas() }));
    expect(await screen.findByText('2 Maret 2025 pukul 20.45 WIB')).toBeInTheDocument();
    for (const header of ['Location', 'Sub District', 'District', 'Province', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Cibodas'));
    const dialog = await screen.findByRole('dialog', { name: 'Detail Location' });
    expect(within(dialog).getByText('Cibodas, Pacet, Cianjur, Jawa Barat')).toBeInTheDocument();
    expect(within(dialog).getByText('Pacet')).toBeInTheDocument();
  });

  it('says so when empty, and shows load errors', async () => {
    const getList = vi.fn().mockRejectedValue(new HttpError('Failed to fetch location data', 500));
    renderPanel('/location', testDataProvider({ getList }));
    expect(
      await screen.findByText('Error loading location: Failed to fetch location data'),
    ).toBeInTheDocument();
  });

  it('creates a location through the cascade, clearing dependents and sending integer ids', async () => {
    const dataProvider = testDataProvider(areas());
    renderPanel('/location', dataProvider);
    const dialog = await openCreate();
    const save = within(dialog).getByRole('button', { name: 'Simpan' });
    expect(within(dialog).getByRole('combobox', { name: /^District/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await pick(dialog, 'Province', 'Jawa Barat');
    await pick(dialog, 'District', 'Cianjur');
    expect(dataProvider.getSubDistricts).toHaveBeenCalledWith(20);
    await pick(dialog, 'Sub District', 'Kecamatan 20');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Location Name/ }), ' Sukamaju ');
    expect(save).toBeEnabled();

    // A new province clears the district and the sub-district.
    await pick(dialog, 'Province', 'Jawa Tengah');
    expect(within(dialog).getByRole('combobox', { name: /^District/ })).not.toHaveTextContent('Cianjur');
    expect(within(dialog).getByRole('combobox', { name: /^Sub District/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(MESSAGES.requiredFields)).toBeInTheDocument();

    await pick(dialog, 'District', 'Semarang');
    await pick(dialog, 'Sub District', 'Kecamatan 21');
    await userEvent.click(save);
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith('location', {
        data: { location_name: 'Sukamaju', sub_district_id: 31 },
      }),
    );
  });

  it('resets the form when the type changes and creates a district with an integer province id', async () => {
    const dataProvider = testDataProvider(areas());
    renderPanel('/location', dataProvider);
    const dialog = await openCreate();
    await pick(dialog, 'Province', 'Jawa Barat');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Location Name/ }), 'Cibodas');

    await pick(dialog, 'Type', 'District');
    expect(within(dialog).queryByRole('combobox', { name: /^Sub District/ })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /District Name/ })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: /^Province/ })).not.toHaveTextContent('Jawa Barat');

    await pick(dialog, 'Province', 'Jawa Tengah');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /District Name/ }), 'Kendal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith('district', {
        data: { district_name: 'Kendal', province_id: 11 },
      }),
    );
  });

  it('creates a province from its name alone and reports a failed create', async () => {
    const dataProvider = testDataProvider({
      ...areas(),
      create: vi.fn(async () => {
        throw new HttpError('Provinsi sudah ada', 409);
      }),
    });
    renderPanel('/location', dataProvider);
    const dialog = await openCreate();
    await pick(dialog, 'Type', 'Province');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Province Name/ }), 'Bali');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Failed to create Province: Provinsi sudah ada'),
    ).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('province', { data: { province_name: 'Bali' } });
  });

  it('reports provinces that cannot be loaded', async () => {
    renderPanel(
      '/location',
      testDataProvider({
        getProvinces: vi.fn(async () => {
          throw new HttpError('Server sedang sibuk', 503);
        }),
      }),
    );
    const dialog = await openCreate();
    expect(
      await within(dialog).findByText('Failed to load provinces: Server sedang sibuk'),
    ).toBeInTheDocument();
  });

  it("drops a province's failed district load once another province loads", async () => {
    const choices = areas();
    renderPanel(
      '/location',
      testDataProvider({
        ...choices,
        getDistricts: vi.fn(async (provinceId: number) => {
          if (provinceId === 10) throw new HttpError('Server sedang sibuk', 503);
          return choices.getDistricts(provinceId);
        }),
      }),
    );
    const dialog = await openCreate();
    await pick(dialog, 'Province', 'Jawa Barat');
    const failure = await within(dialog).findByText(/Server sedang sibuk/);
    await pick(dialog, 'Province', 'Jawa Tengah');
    await pick(dialog, 'District', 'Semarang');
    expect(failure).not.toBeInTheDocument();
  });

  it('edits the name in a dialog', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([location]),
      getOne: vi.fn(async () => ({ data: location })),
      ...areas(),
    });
    renderPanel('/location', dataProvider);
    await screen.findByText('Cibodas');
    await userEvent.click(screen.getByRole('button', { name: 'Ubah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
    await within(dialog).findByText('Kecamatan 20');
    const name = within(dialog).getByRole('textbox', { name: /Location Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Cibodas Baru');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'location',
        expect.objectContaining({ id: 4, data: { location_name: 'Cibodas Baru', sub_district_id: 30 } }),
      ),
    );
  });
});
