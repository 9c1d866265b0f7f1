import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel, testDataProvider } from './support';

describe('Every list tab : a search box, a Filter button and Add New', () => {
  it.each(['users', 'mitra', 'petani', 'contract', 'lahan', 'location', 'downloads'])(
    '%s has an enabled Filter button',
    async (resource) => {
      renderPanel(`/${resource}`, testDataProvider());
      expect(await screen.findByRole('button', { name: 'Filter' })).toBeEnabled();
    },
  );

  it('category has the same Filter button, disabled: its list filters by search only', async () => {
    renderPanel('/category', testDataProvider());
    expect(await screen.findByRole('button', { name: 'Filter' })).toBeDisabled();
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
  });
});
