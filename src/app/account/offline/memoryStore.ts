import type { CachedQuery, OfflineStore, QueuedWrite } from './store';

/** An OfflineStore in memory: for tests, and where the browser has no IndexedDB. */
export function memoryStore(): OfflineStore {
  let nextId = 1;
  let writes: QueuedWrite[] = [];
  const queries = new Map<string, CachedQuery>();
  return {
    queued: async () => writes.map((w) => ({ ...w })),
    enqueue: async (write) => void writes.push({ ...write, id: nextId++ }),
    dequeue: async (id) => void (writes = writes.filter((w) => w.id !== id)),
    cachedQueries: async () => [...queries.values()],
    saveQuery: async (entry) => void queries.set(entry.hash, entry),
    forgetQuery: async (hash) => void queries.delete(hash),
  };
}
