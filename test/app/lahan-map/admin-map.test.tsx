import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/app/api/client';
import { STATUS_COLOURS } from '../../../src/app/map/plotStyle';
import type { ViewportPlots } from '../../../src/app/map/viewportPlots';
import { renderPanel } from '../admin/support';
import { listOf, testDataProvider } from '../admin/resources/support';

/*
 * The admin's lahan tab as a list or a map ("Daftar | Peta"): the same filters drive both, the map asks the list
 * route for its view, and shows the server's clusters with their counts.
 */

const ANSWER: ViewportPlots = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [110.4, -7.0] },
      properties: { cluster: true, count: 1234 },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [107.6, -6.9] },
      properties: { cluster: true, count: 56 },
    },
  ],
};

const PLOT: ViewportPlots = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [107.6, -6.9],
            [107.601, -6.9],
            [107.601, -6.899],
            [107.6, -6.9],
          ],
        ],
      },
      properties: {
        id: 1,
        nama_lahan: 'Sawah Cianjur',
        luas_lahan: 5000,
        luas_terukur: 6200,
        luas_berbeda: true,
        status: 'pending',
      },
    },
  ],
};

function answerViewport(answer = ANSWER) {
  const params: Record<string, string>[] = [];
  vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: AxiosRequestConfig) => {
    if (url !== '/lahan') throw new Error(`unexpected GET ${url}`);
    params.push(config?.params as Record<string, string>);
    return { data: { success: true, data: answer } } as never;
  });
  return params;
}

/** The panel's first screen on a loaded two-core machine can take longer than the default wait. */
const ARRIVES = { timeout: 30_000 };
const SLOW = 90_000;

const rows = [{ id: 1, nama_lahan: 'Sawah Cianjur', status: 'pending', created_at: '2025-01-20T08:00:00Z' }];

afterEach(() => vi.restoreAllMocks());

describe('the lahan tab as a map', () => {
  it(
    'switches between Daftar and Peta with the same filters, and the map asks for its view',
    async () => {
      const user = userEvent.setup();
      const params = answerViewport();
      const dataProvider = testDataProvider({ getList: listOf(rows) });
      renderPanel(`/lahan?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, dataProvider);
      await screen.findByText('Sawah Cianjur', undefined, ARRIVES);
      const toggle = screen.getByRole('group', { name: 'Tampilan lahan' });
      expect(within(toggle).getByRole('button', { name: 'Daftar' })).toHaveAttribute('aria-pressed', 'true');

      await user.click(within(toggle).getByRole('button', { name: 'Peta' }));
      expect(await screen.findByRole('region', { name: 'Peta lahan' }, ARRIVES)).toBeInTheDocument();
      await waitFor(() => expect(params).toHaveLength(1));
      expect(params[0]).toMatchObject({ status: 'pending' });
      expect(params[0]!.bbox).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
      // The map reads no page of rows: only the list view does.
      const listReads = dataProvider.getList.mock.calls.length;

      expect(
        await screen.findByRole('button', { name: '1.234 lahan, perbesar untuk melihatnya' }),
      ).toHaveTextContent('1,2 rb');
      expect(screen.getByRole('button', { name: '56 lahan, perbesar untuk melihatnya' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(
        '1.290 lahan di bagian peta ini, dikelompokkan: perbesar peta untuk melihat batas lahan.',
      );
      expect(screen.getByRole('list', { name: 'Keterangan peta' })).toHaveTextContent('Pending');
      expect(dataProvider.getList.mock.calls.length).toBe(listReads);

      await user.click(within(toggle).getByRole('button', { name: 'Daftar' }));
      await screen.findByText('Sawah Cianjur', undefined, ARRIVES);
      expect(screen.queryByRole('region', { name: 'Peta lahan' })).not.toBeInTheDocument();
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'lahan',
        expect.objectContaining({ filter: { status: 'pending' } }),
      );
    },
    SLOW,
  );

  it(
    'says when the clusters were counted from part of the matching lahan: each count is at least',
    async () => {
      const user = userEvent.setup();
      answerViewport({ ...ANSWER, mode: 'clusters', total: 1290, capped: true });
      renderPanel('/lahan', testDataProvider({ getList: listOf(rows) }));
      await user.click(await screen.findByRole('button', { name: 'Peta' }, ARRIVES));
      expect(
        await screen.findByRole(
          'button',
          { name: 'Setidaknya 1.234 lahan, perbesar untuk melihatnya' },
          ARRIVES,
        ),
      ).toHaveTextContent('1,2 rb+');
      expect(screen.getByRole('status')).toHaveTextContent(
        'Setidaknya 1.290 lahan cocok di bagian peta ini; angka tiap kelompok adalah batas bawah',
      );
    },
    SLOW,
  );

  // Pressing a plot (it opens the row's detail) is in test/e2e/plots-map.e2e.ts: jsdom's map has no size to click in.
  it(
    'draws a plot as its boundary in its status colour, dashed when its areas differ',
    async () => {
      const user = userEvent.setup();
      answerViewport(PLOT);
      renderPanel('/lahan', testDataProvider({ getList: listOf(rows) }));
      await user.click(await screen.findByRole('button', { name: 'Peta' }, ARRIVES));
      const plot = await waitFor(() => {
        const path = document.querySelector('path.tm-plot');
        expect(path).not.toBeNull();
        return path!;
      });
      expect(plot).toHaveClass('tm-plot-flagged');
      expect(plot).toHaveAttribute('stroke', STATUS_COLOURS.pending);
      expect(plot).toHaveAttribute('stroke-dasharray');
      expect(screen.getByRole('status')).toHaveTextContent('1 lahan di bagian peta ini.');
    },
    SLOW,
  );
});
