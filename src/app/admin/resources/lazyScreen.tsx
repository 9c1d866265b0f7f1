import { lazy, Suspense, type ComponentType } from 'react';
import { ListSkeleton } from '../components/ListSkeleton';

type Screens<K extends string> = Record<K, ComponentType>;

/**
 * A screen in its own chunk, fetched the first time it is shown: `lazyScreen(() => import('./XForm'), 'XEdit')`.
 * Until it arrives, the layout's Suspense shows react-admin's Loading.
 */
export function lazyScreen<K extends string>(load: () => Promise<Screens<K>>, name: K) {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/** A list screen in its own chunk; until it arrives, skeleton rows stand where its rows will be. */
export function lazyList<K extends string>(load: () => Promise<Screens<K>>, name: K) {
  const Screen = lazyScreen(load, name);
  return function LazyList() {
    return (
      <Suspense fallback={<ListSkeleton />}>
        <Screen />
      </Suspense>
    );
  };
}
