import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/app/admin/providers/dataProvider';
import { resourcePathsOf, resources } from '../../../src/app/admin/resources';
import commodity from '../fixtures/commodity';
import { serve } from '../api/serve';
import { renderPanel } from './support';

/*
 * Issue 28: the commodity fixture (test/app/fixtures/commodity.tsx) registered as resources/README.md says: the
 * panel takes its registry as a prop (AdminApp's `resources`, renderPanel's here), the registry plus one line.
 */
const withCommodity = [...resources, commodity];

type Row = { id: number; name: string; unit: string; created_at: string; updated_at: string };
let rows: Row[];
const dataProvider = createDataProvider(resourcePathsOf(withCommodity));
const answer = (status: number, data: object) => ({ status, data: { success: status < 300, ...data } });
const refused = (field: string, message: string) =>
  answer(400, { code: 'VALIDATION_ERROR', message, errors: [{ field, message }] });

/** The commodity API as test/server/commodity.test.ts shows it: trimmed, both fields required, a list page. */
function commodityApi(config: InternalAxiosRequestConfig) {
  const id = Number(config.url?.split('/')[3]);
  if (config.method === 'get' && config.url === '/admin/commodity')
    return answer(200, {
      data: rows,
      pagination: { page: 1, limit: 10, total: rows.length, totalExact: true },
    });
  if (config.method === 'get') return answer(200, { data: rows.find((row) => row.id === id) });
  const body = JSON.parse(config.data) as Partial<Row>;
  for (const field of ['name', 'unit'] as const)
    if (!body[field]?.trim()) return refused(field, `${field} is required`);
  if (body.unit!.length > 40) return refused('unit', 'unit must be at most 40 characters');
  const at = '2025-03-02T13:45:00.000Z';
  const row = {
    id: id || rows.length + 1,
    name: body.name!.trim(),
    unit: body.unit!.trim(),
    created_at: at,
    updated_at: at,
  };
  rows = [...rows.filter((r) => r.id !== row.id), row];
  return answer(config.method === 'post' ? 201 : 200, { message: 'OK', data: row });
}

beforeEach(() => {
  rows = [
    {
      id: 1,
      name: 'Padi',
      unit: 'ton',
      created_at: '2025-01-20T07:05:00.000Z',
      updated_at: '2025-01-20T07:05:00.000Z',
    },
  ];
  localStorage.setItem('adminToken', 'admin-token');
  serve(commodityApi);
});

describe('The commodity resource from one file and one registry line', () => {
  it('is a tab listing its columns with the rows of the API', async () => {
    renderPanel('/commodity', dataProvider, { resources: withCommodity });
    const row = (await screen.findByText('Padi')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ton')).toBeInTheDocument();
    expect(within(row).getByText('20 Januari 2025 pukul 14.05 WIB')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ubah' })).toBeInTheDocument();
    for (const column of ['Name', 'Unit', 'Created'])
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Commodity Dashboard' })).toBeInTheDocument();
    const tab = within(screen.getByRole('navigation')).getByRole('menuitem', { name: 'Commodity' });
    expect(tab).toHaveAttribute('href', '/admin/commodity');
  });

  it('creates with Add New, and the saved row is listed', async () => {
    renderPanel('/commodity', dataProvider, { resources: withCommodity });
    const user = userEvent.setup();
    await screen.findByText('Padi');
    await user.click(screen.getByRole('link', { name: 'Add New' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' Jagung Manis ');
    await user.type(screen.getByRole('textbox', { name: 'Unit' }), 'kg');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const row = (await screen.findByText('Jagung Manis')).closest('tr') as HTMLElement;
    expect(within(row).getByText('kg')).toBeInTheDocument();
  });

  it('edits a row, sending both fields as the API requires', async () => {
    renderPanel('/commodity', dataProvider, { resources: withCommodity });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Ubah' }));
    const unit = await screen.findByRole('textbox', { name: 'Unit' });
    await waitFor(() => expect(unit).toHaveValue('ton'));
    await user.clear(unit);
    await user.type(unit, 'kuintal');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const row = (await screen.findByText('kuintal')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Padi')).toBeInTheDocument();
    expect(rows).toEqual([expect.objectContaining({ id: 1, name: 'Padi', unit: 'kuintal' })]);
  });

  it("puts the API's refusal of a field under that field", async () => {
    renderPanel('/commodity/create', dataProvider, { resources: withCommodity });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Kopi');
    const unit = screen.getByRole('textbox', { name: 'Unit' });
    await user.type(unit, 'karung'.repeat(7));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(unit).toHaveAttribute('aria-invalid', 'true'));
    expect(unit).toHaveAccessibleDescription('unit must be at most 40 characters');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'false');
    expect(rows.map((row) => row.name)).toEqual(['Padi']);
  });
});
