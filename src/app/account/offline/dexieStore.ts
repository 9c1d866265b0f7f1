import Dexie, { type EntityTable } from 'dexie';
import type { CachedQuery, OfflineStore, QueuedWrite } from './store';

/** The device's IndexedDB database of /akun: `writes` in the order queued (auto-increment id), `queries` by hash. */
class AccountDb extends Dexie {
  writes!: EntityTable<QueuedWrite, 'id'>;
  queries!: EntityTable<CachedQuery, 'hash'>;
  constructor() {
    super('tanimitra-akun');
    this.version(1).stores({ writes: '++id', queries: 'hash' });
  }
}

export function dexieStore(): OfflineStore {
  const db = new AccountDb();
  return {
    queued: () => db.writes.orderBy('id').toArray(),
    enqueue: async (write) => void (await db.writes.add(write as QueuedWrite)),
    dequeue: (id) => db.writes.delete(id),
    cachedQueries: () => db.queries.toArray(),
    saveQuery: async (entry) => void (await db.queries.put(entry)),
    forgetQuery: (hash) => db.queries.delete(hash),
  };
}
