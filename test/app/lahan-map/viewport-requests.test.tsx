import { act, renderHook, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/app/api/client';
import { useViewportPlots, VIEWPORT_DEBOUNCE_MS } from '../../../src/app/map/useViewportPlots';
import {
  bboxParam,
  fetchViewportPlots,
  type Filters,
  type MapView,
  type ViewportPlots,
} from '../../../src/app/map/viewportPlots';

/*
 * What the plots maps ask the API (docs/API.md, GET /lahan?bbox=): the view's bbox as the API takes it, the list's
 * filters carried along, and a request whose view changed before it was answered cancelled.
 */

const fetchPlots = fetchViewportPlots('/lahan');
const JAVA: MapView = { bbox: [106.1234567, -7.9, 111.5, -5.8], zoom: 7 };
const BOGOR: MapView = { bbox: [106.7, -6.7, 106.9, -6.5], zoom: 12 };

const plots = (id: number): ViewportPlots => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [106.8, -6.6] },
      properties: { id, nama_lahan: `Sawah ${id}`, luas_lahan: 1000, luas_terukur: null, status: 'active' },
    },
  ],
});

interface Call {
  url: string;
  params: Record<string, string>;
  signal: AbortSignal;
  answer(data: ViewportPlots): void;
}

/** Every GET the app's client sends, each answered when the test says so (as the API's envelope). */
function recordRequests() {
  const calls: Call[] = [];
  vi.spyOn(http, 'get').mockImplementation(
    (url: string, config?: AxiosRequestConfig) =>
      new Promise((resolve) => {
        calls.push({
          url,
          params: config?.params as Record<string, string>,
          signal: config?.signal as AbortSignal,
          answer: (data) => resolve({ data: { success: true, data } } as never),
        });
      }),
  );
  return calls;
}

const render = (view: MapView | null, filters: Filters) =>
  renderHook(
    (props: { view: MapView | null; filters: Filters }) =>
      useViewportPlots(props.view, props.filters, fetchPlots),
    {
      initialProps: { view, filters },
    },
  );

afterEach(() => vi.restoreAllMocks());

describe('the bbox parameter', () => {
  it('is minLon,minLat,maxLon,maxLat to six decimals', () => {
    expect(bboxParam([106.1234567, -7.9, 111.5, -5.8])).toBe('106.123457,-7.9,111.5,-5.8');
  });

  it('stays inside WGS84 when the map is zoomed out past the world', () => {
    expect(bboxParam([-200.5, -95, 250, 91])).toBe('-180,-90,180,90');
  });
});

describe('useViewportPlots', () => {
  it('asks the list route for the view with the list filters, leaving out the empty ones', async () => {
    const calls = recordRequests();
    const { result } = render(JAVA, { status: 'active', category_id: 3, q: '', province_id: undefined });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/lahan');
    expect(calls[0]!.params).toEqual({
      status: 'active',
      category_id: '3',
      bbox: '106.123457,-7.9,111.5,-5.8',
    });
    expect(result.current.loading).toBe(true);
    act(() => calls[0]!.answer(plots(1)));
    await waitFor(() => expect(result.current.data).toEqual(plots(1)));
    expect(result.current.loading).toBe(false);
  });

  it('asks nothing before the map reports its view', async () => {
    const calls = recordRequests();
    const { rerender } = render(null, { status: 'active' });
    rerender({ view: JAVA, filters: { status: 'active' } });
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('asks for the first view at once, and for a later one only once it has rested', async () => {
    vi.useFakeTimers();
    try {
      const calls = recordRequests();
      const { rerender } = render(JAVA, {});
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(calls).toHaveLength(1);
      rerender({ view: BOGOR, filters: {} });
      await act(() => vi.advanceTimersByTimeAsync(VIEWPORT_DEBOUNCE_MS - 1));
      expect(calls).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks once for a pan that reports many views in a row: the view it rests on', async () => {
    const calls = recordRequests();
    const { rerender } = render(JAVA, {});
    for (const shift of [0.1, 0.2, 0.3])
      rerender({ view: { ...BOGOR, bbox: [106.7 + shift, -6.7, 106.9 + shift, -6.5] }, filters: {} });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.params.bbox).toBe('107,-6.7,107.2,-6.5');
  });

  it('cancels a request whose view changed and never shows its late answer', async () => {
    const calls = recordRequests();
    const { result, rerender } = render(JAVA, {});
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ view: BOGOR, filters: {} });
    expect(calls[0]!.signal.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.params.bbox).toBe('106.7,-6.7,106.9,-6.5');
    act(() => calls[1]!.answer(plots(2)));
    await waitFor(() => expect(result.current.data).toEqual(plots(2)));
    act(() => calls[0]!.answer(plots(1)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.data).toEqual(plots(2));
  });

  it('cancels the request when a filter changes, and asks again with the new one', async () => {
    const calls = recordRequests();
    const { rerender } = render(JAVA, { status: 'active' });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ view: JAVA, filters: { status: 'pending' } });
    expect(calls[0]!.signal.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.params.status).toBe('pending');
  });

  it('asks nothing again for the same view and filters in new objects', async () => {
    const calls = recordRequests();
    const { result, rerender } = render(JAVA, { status: 'active' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer(plots(1)));
    await waitFor(() => expect(result.current.loading).toBe(false));
    rerender({ view: { ...JAVA, bbox: [...JAVA.bbox] }, filters: { status: 'active' } });
    expect(calls[0]!.signal.aborted).toBe(false);
    expect(result.current.loading).toBe(false);
  });

  it("shows the API's refusal and keeps the plots it had", async () => {
    const calls = recordRequests();
    const { result, rerender } = render(JAVA, {});
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer(plots(1)));
    await waitFor(() => expect(result.current.data).toEqual(plots(1)));
    vi.mocked(http.get).mockRejectedValueOnce(new Error('bbox tidak valid'));
    rerender({ view: BOGOR, filters: {} });
    await waitFor(() => expect(result.current.error).toBe('bbox tidak valid'));
    expect(result.current.data).toEqual(plots(1));
  });
});
