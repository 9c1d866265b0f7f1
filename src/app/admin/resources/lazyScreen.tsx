import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ListSkeleton } from '../components/ListSkeleton';
import type { RememberedLoader } from '../remembered';

type Screens<K extends string> = Record<K, ComponentType>;
type Loader<K extends string> = (() => Promise<Screens<K>>) | RememberedLoader<Screens<K>>;

/**
 * A screen in its own chunk, fetched the first time it is shown: `lazyScreen(() => import('./XForm'), 'XEdit')`.
 * Until it arrives, the layout's Suspense shows react-admin's Loading. A remembered loader (firstScreens.ts) whose
 * chunk has already arrived is drawn at once, without suspending (remembered.ts says why).
 */
export function lazyScreen<K extends string>(load: Loader<K>, name: K) {
  const Lazy = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return function LazyScreen() {
    // Chosen once, when the screen opens: switching later would remount it.
    const [arrived] = useState(() => ('loaded' in load ? load.loaded()?.[name] : undefined));
    const Screen = arrived ?? Lazy;
    return <Screen />;
  };
}

/** A list screen in its own chunk; until it arrives, skeleton rows stand where its rows will be. */
export function lazyList<K extends string>(load: Loader<K>, name: K) {
  const Screen = lazyScreen(load, name);
  return function LazyList() {
    return (
      <Suspense fallback={<ListSkeleton />}>
        <Screen />
      </Suspense>
    );
  };
}
