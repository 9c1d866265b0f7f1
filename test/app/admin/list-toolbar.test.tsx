import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPanel, testDataProvider } from './support';

describe('Every list tab : a search box, a Filter button and Add New', () => {
  it.each(['users', 'mitra', 'petani', 'contract', 'lahan', 'location', 'downloads', 'category'])(
    '%s has an enabled Filter button',
    async (resource) => {
      renderPanel(`/${resource}`, testDataProvider());
      expect(await screen.findByRole('button', { name: 'Filter' })).toBeEnabled();
      expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    },
  );
});

describe('Category filter "Dipakai lahan"', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** A server that answers what the API answers: in_use keeps the categories some lahan uses, or the others. */
  const categories = [
    { id: 1, type_name: 'Padi', description: 'Dipakai', used: true, created_at: '2025-01-20T07:05:00' },
    {
      id: 2,
      type_name: 'Kopi',
      description: 'Tidak dipakai',
      used: false,
      created_at: '2025-01-21T07:05:00',
    },
  ];
  const getList = () =>
    vi.fn(async (_resource: string, { filter }: { filter: { in_use?: boolean } }) => {
      const data = categories
        .filter(({ used }) => filter.in_use === undefined || used === filter.in_use)
        .map(({ used: _, ...row }) => row);
      return { data, total: data.length };
    });

  it.each([
    ['Ya', true, 'Padi', 'Kopi'],
    ['Tidak', false, 'Kopi', 'Padi'],
  ] as const)(
    'choosing %s sends in_use=%s, shows only those rows and exports only them',
    async (label, inUse, shown, hidden) => {
      const list = getList();
      renderPanel('/category', testDataProvider({ getList: list }));
      await screen.findByText('Kopi');
      await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
      await userEvent.click(await screen.findByRole('combobox', { name: 'Dipakai lahan' }));
      await userEvent.click(await screen.findByRole('option', { name: label }));
      await waitFor(() =>
        expect(list).toHaveBeenLastCalledWith(
          'category',
          expect.objectContaining({ filter: { in_use: inUse } }),
        ),
      );
      await waitFor(() => expect(screen.queryByText(hidden)).toBeNull());
      expect(screen.getByText(shown)).toBeInTheDocument();

      let blob: Blob | undefined;
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:export')),
        revokeObjectURL: vi.fn(),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Ekspor' }));
      await waitFor(() => expect(blob).toBeDefined());
      expect(list).toHaveBeenLastCalledWith(
        'category',
        expect.objectContaining({ filter: { in_use: inUse } }),
      );
      const csv = await blob!.text();
      expect(csv).toContain(shown);
      expect(csv).not.toContain(hidden);
    },
  );
});
