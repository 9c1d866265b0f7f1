import { useEffect, useState } from 'react';
/** A chunk's loader that remembers the module once it has arrived (`loaded()`), so a screen can draw it at once. */
export interface RememberedLoader<T> {
  (): Promise<T>;
  /** The module, once a call has brought it; undefined before. */
  loaded(): T | undefined;
}

/**
 * `load` (a dynamic `import()`) remembered: what a screen that was preloaded (firstScreens.ts) draws without a
 * Suspense boundary. React holds back the content of a boundary that showed its fallback until 300 ms after the
 * last fallback showed (its FALLBACK_THROTTLE_MS), and the panel's loading screen or a list's skeleton has just
 * shown when the first screen is drawn, so a boundary costs up to 300 ms even when the chunk is already there.
 * This module is in the main chunk: nothing in it loads anything.
 */
export function remembered<T>(load: () => Promise<T>): RememberedLoader<T> {
  let module: T | undefined;
  return Object.assign(() => load().then((arrived) => (module = arrived)), { loaded: () => module });
}

/**
 * The module `load` brings: undefined at first (the load starts with the first render), then the module, in a
 * render of its own: content that replaces a loading screen this way is not held back as a Suspense boundary's
 * would be. A failed load is thrown from the render, to the error boundary, as React.lazy's is.
 */
export function useArrived<T>(load: RememberedLoader<T>): T | undefined {
  const [arrival, setArrival] = useState<{ module?: T; error?: unknown }>(() => ({ module: load.loaded() }));
  const [loading] = useState(() => (arrival.module === undefined ? load() : undefined));
  useEffect(() => {
    let live = true;
    loading?.then(
      (module) => live && setArrival({ module }),
      (error: unknown) => live && setArrival({ error }),
    );
    return () => {
      live = false;
    };
  }, [loading]);
  if (arrival.error !== undefined) throw arrival.error;
  return arrival.module;
}
