import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import {
  viewportParams,
  type Filters,
  type MapView,
  type ViewportFetcher,
  type ViewportPlots,
} from './viewportPlots';

/** How long the view must rest before it is asked for: a pan or a pinch reports many views in a row. */
export const VIEWPORT_DEBOUNCE_MS = 250;

export interface ViewportPlotsState {
  /** The last answer (kept on screen while the next view is read); null before the first. */
  data: ViewportPlots | null;
  loading: boolean;
  /** The last request's failure, in the API's words; null when it succeeded. */
  error: string | null;
}

const isCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'CanceledError' || error.name === 'AbortError');

/**
 * The plots or clusters in `view` with the list's `filters`: the first view at once, every later one once it has
 * rested for VIEWPORT_DEBOUNCE_MS, and a request whose view or filters have changed since is cancelled (its answer could
 * otherwise arrive after the newer one and draw the wrong place).
 */
export function useViewportPlots(
  view: MapView | null,
  filters: Filters,
  fetchPlots: ViewportFetcher,
): ViewportPlotsState {
  // The last answer and the request it answered: loading while the current request is another one.
  const [answer, setAnswer] = useState<{ for: string; data: ViewportPlots | null; error: string | null }>({
    for: '',
    data: null,
    error: null,
  });
  // One key for a request: a new filters object with the same values asks nothing again.
  const params = useMemo(() => (view ? viewportParams(view, filters) : null), [view, filters]);
  const key = params && JSON.stringify(params);

  // The map's first view is asked at once: only a view that follows another waits for the pan to rest.
  const asked = useRef(false);
  useEffect(() => {
    if (!key) return;
    const query = JSON.parse(key) as Record<string, string>;
    const controller = new AbortController();
    const ask = () =>
      fetchPlots(query, controller.signal).then(
        (data) => controller.signal.aborted || setAnswer({ for: key, data, error: null }),
        (error: unknown) =>
          controller.signal.aborted ||
          isCancel(error) ||
          setAnswer((last) => ({ for: key, data: last.data, error: errorMessage(error) })),
      );
    // The first view goes out as soon as this render's work is done (a view that replaced it by then is asked
    // instead); a timer would queue it behind the rest of the panel's work.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (asked.current) timer = setTimeout(ask, VIEWPORT_DEBOUNCE_MS);
    else queueMicrotask(() => controller.signal.aborted || void ask());
    asked.current = true;
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, fetchPlots]);

  return { data: answer.data, error: answer.error, loading: key !== null && answer.for !== key };
}
