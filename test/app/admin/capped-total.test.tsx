import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/app/admin/providers/dataProvider';
import { resourcePaths } from '../../../src/app/admin/resources';
import { serve } from '../api/serve';
import { renderPanel } from './support';

/*
 * A list whose total the API did not count to the end (`pagination.totalExact: false`, docs/API.md): the pager
 * says '1.000+' and Next stays on while the page is full; an exact total pages as before. Through the panel's
 * own data provider, as the API answers.
 */

const person = (id: number) => ({
  id,
  role: 'petani',
  full_name: `Orang ${id}`,
  email: `orang${id}@tanimitra.id`,
  status_verifikasi: false,
  created_at: '2025-01-20T07:05:00.000Z',
});

/** Answers the users list with pages of `rows(page)` and the pagination `total`, `totalExact`. */
function serveUsers(total: number, totalExact: boolean, rows: (page: number) => number) {
  const pages: number[] = [];
  serve((config) => {
    const { page, limit } = config.params as { page: number; limit: number };
    pages.push(page);
    const data = Array.from({ length: rows(page) }, (_, i) => person((page - 1) * limit + i + 1));
    const pagination = { page, limit, total, totalPages: Math.ceil(total / limit), totalExact };
    return { status: 200, data: { success: true, message: 'OK', data, pagination } };
  });
  return pages;
}

const dataProvider = createDataProvider(resourcePaths);

/** The machine is shared and slow: a page's rows may take a few seconds to come. */
const shown = (text: string) => screen.findByText(text, undefined, { timeout: 15_000 });

describe('The pager of a capped total', () => {
  it('says 1.000+ and keeps Next on past the counted pages while the page is full', async () => {
    // 1,015 rows: full pages up to 101, five rows on page 102.
    const pages = serveUsers(1000, false, (page) => (page <= 101 ? 10 : page === 102 ? 5 : 0));
    renderPanel('/users?page=100', dataProvider);
    expect(await shown('Page 100 of 100+ · 1.000+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await shown('Page 101 of 100+ · 1.000+')).toBeInTheDocument();
    expect(await shown('Orang 1001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await shown('Orang 1015')).toBeInTheDocument();
    // Page 102 is not full: the last one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(pages).toEqual(expect.arrayContaining([100, 101, 102]));
  }, 60_000);

  it('pages an exact total as before: Page X of Y, Next off on the last page', async () => {
    serveUsers(1000, true, () => 10);
    renderPanel('/users?page=100', dataProvider);
    expect(await shown('Page 100 of 100')).toBeInTheDocument();
    expect(screen.queryByText(/1\.000\+/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  }, 60_000);
});
