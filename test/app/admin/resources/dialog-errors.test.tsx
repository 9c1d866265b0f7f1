import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../../src/app/admin/providers/dataProvider';
import { resourcePaths } from '../../../../src/app/admin/resources';
import { serve } from '../../api/serve';
import { renderPanel } from '../support';
import { location } from './support';

// The panel's own data provider over HTTP answers shaped as the API sends them: a refused save comes back
// as `errors: [{ field, message }]`, and the dialog marks those inputs as the page forms do.

const page = (data: unknown[]) => ({
  status: 200,
  data: {
    success: true,
    message: 'OK',
    data,
    pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 },
  },
});
const refused = (message: string, field: string) => ({
  status: 400,
  data: { success: false, code: 'VALIDATION_ERROR', message, errors: [{ field, message }] },
});

/** GETs of the location screens: the list, the record being edited and the area choices. */
function locationReads(config: InternalAxiosRequestConfig) {
  const ok = (data: unknown) => ({ status: 200, data: { success: true, message: 'OK', data } });
  if (config.url === '/admin/location') return page([location]);
  if (config.url === '/admin/location/4') return ok(location);
  if (config.url === '/admin/province') return ok([{ id: 10, province_name: 'Jawa Barat' }]);
  if (config.url === '/admin/province/10/districts')
    return ok([{ id: 20, district_name: 'Cianjur', province_id: 10 }]);
  return ok([{ id: 30, sub_district_name: 'Pacet', district_id: 20 }]);
}

const dataProvider = createDataProvider(resourcePaths);

beforeEach(() => localStorage.setItem('adminToken', 'admin-token'));

describe('Dialog forms and the server', () => {
  it('marks the category field the server refuses under its input, and says why above the buttons', async () => {
    const tooLong = 'type_name must be at most 100 characters';
    serve((config) => (config.method === 'post' ? refused(tooLong, 'type_name') : page([])));
    renderPanel('/category', dataProvider);
    await screen.findByText('No categories found');
    await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Padi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Sawah');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText(`Failed to create category: ${tooLong}`)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(tooLong);
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  it('marks the location field the server refuses when editing', async () => {
    const missing = 'The chosen sub-district does not exist';
    serve((config) =>
      config.method === 'put' ? refused(missing, 'sub_district_id') : locationReads(config),
    );
    renderPanel('/location', dataProvider);
    await screen.findByText('Cibodas');
    await userEvent.click(screen.getByRole('button', { name: 'Ubah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
    await within(dialog).findByText('Pacet');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Location Name/ }), ' Baru');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText(`Failed to update location: ${missing}`)).toBeInTheDocument();
    const subDistrict = within(dialog).getByRole('combobox', { name: /^Sub District/ });
    expect(subDistrict.closest('.MuiFormControl-root')).toHaveTextContent(missing);
  });
});
