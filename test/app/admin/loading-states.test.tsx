import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PanelEntry } from '../../../src/app/admin/PanelEntry';
import { ADMIN_PAGE_SIZE } from '../../../src/shared/constants';
import { renderPanel, testDataProvider } from './support';

describe('/admin/* while the panel loads', () => {
  it('shows a loading screen instead of a white page, until the panel is there', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/login']}>
        <Routes>
          <Route path="/admin/*" element={<PanelEntry />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Memuat panel admin…');
    expect(
      await screen.findByRole('button', { name: 'Masuk sebagai Admin' }, { timeout: 30_000 }),
    ).toBeVisible();
    expect(screen.queryByText('Memuat panel admin…')).not.toBeInTheDocument();
  }, 40_000);
});

describe('A list whose first page is loading', () => {
  it('shows busy skeleton rows, not an empty list, then the rows', async () => {
    let answer: (page: { data: object[]; total: number }) => void = () => {};
    const getList = vi.fn(
      () => new Promise<{ data: object[]; total: number }>((resolve) => (answer = resolve)),
    );
    renderPanel('/petani', testDataProvider({ getList }));
    // The list screen itself is there (its toolbar), its page is not.
    expect(await screen.findByPlaceholderText('Search')).toBeInTheDocument();
    await waitFor(() => expect(getList).toHaveBeenCalled());
    const skeleton = screen.getByRole('status', { name: 'Memuat' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getAllByText('', { selector: '.MuiSkeleton-root' })).toHaveLength(
      ADMIN_PAGE_SIZE * 3,
    );
    expect(screen.queryByText('No petani found')).not.toBeInTheDocument();
    // The app bar's refresh indicator spins meanwhile; the list itself has no spinner.
    expect(within(document.getElementById('main-content')!).queryByRole('progressbar')).toBeNull();

    answer({ data: [{ id: 7, fullname_petani: 'Pak Tani', created_at: '2025-01-20T07:05:00' }], total: 1 });
    expect(await screen.findByText('Pak Tani')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Memuat' })).not.toBeInTheDocument();
  });
});
