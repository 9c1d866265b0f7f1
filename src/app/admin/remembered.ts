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
