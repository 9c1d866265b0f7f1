import { memoryStore } from './memoryStore';
import type { OfflineStore } from './store';

/**
 * The device's store (idbStore.ts, over IndexedDB), loaded on its first use: it stays out of /akun's first paint.
 * Without IndexedDB (a private window of some browsers, jsdom) the writes wait in memory while the page lives,
 * and no answer is kept: the next page would not find it anyway.
 */
export function deviceStore(): OfflineStore {
  let loaded: Promise<OfflineStore> | undefined;
  const store = () =>
    (loaded ??=
      typeof indexedDB === 'undefined'
        ? Promise.resolve(pageOnly())
        : import('./idbStore').then(({ idbStore }) => idbStore()));
  return {
    queued: async () => (await store()).queued(),
    enqueue: async (write) => (await store()).enqueue(write),
    dequeue: async (id) => (await store()).dequeue(id),
    cachedQueries: async () => (await store()).cachedQueries(),
    saveQuery: async (entry) => (await store()).saveQuery(entry),
    forgetQuery: async (hash) => (await store()).forgetQuery(hash),
  };
}

function pageOnly(): OfflineStore {
  return {
    ...memoryStore(),
    cachedQueries: async () => [],
    saveQuery: async () => {},
    forgetQuery: async () => {},
  };
}
