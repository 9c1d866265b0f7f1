import type { CachedQuery, OfflineStore, QueuedWrite } from './store';

/** The device's IndexedDB database of /akun: `writes` by an auto-increment id (the order queued), `queries` by hash. */
const DB_NAME = 'tanimitra-akun';
const STORES = { writes: { keyPath: 'id', autoIncrement: true }, queries: { keyPath: 'hash' } } as const;
type StoreName = keyof typeof STORES;

/**
 * Opens the database at the version it has (earlier builds kept it through Dexie, at version 10, with the same
 * two stores: their queued writes stay), adding a store it lacks with an upgrade.
 */
function open(version?: number): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, version);
    request.onupgradeneeded = () => {
      for (const [name, options] of Object.entries(STORES))
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, options);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).then((db) => {
    if (Object.keys(STORES).every((name) => db.objectStoreNames.contains(name))) return db;
    db.close();
    return open(db.version + 1);
  });
}

/**
 * An OfflineStore over the browser's IndexedDB: each call is one transaction, done when it commits. The
 * queue answers in the order of adding (ascending ids); a query's hash holds one record, the last saved.
 */
export function idbStore(): OfflineStore {
  let db: Promise<IDBDatabase> | undefined;
  const connection = () =>
    (db ??= open().then(
      (opened) => {
        // Another tab's newer build may upgrade the database: this one lets go and opens it again on its next call.
        opened.onversionchange = () => {
          opened.close();
          db = undefined;
        };
        opened.onclose = () => (db = undefined);
        return opened;
      },
      (error: unknown) => {
        db = undefined; // the next call tries again (a private window may refuse, then allow)
        throw error;
      },
    ));

  /** Runs `work` in a transaction over `name`; answers the value of its last request once the transaction commits. */
  const run = async <T>(
    name: StoreName,
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T>,
  ) => {
    const tx = (await connection()).transaction(name, mode);
    const request = work(tx.objectStore(name));
    return new Promise<T>((resolve, reject) => {
      tx.oncomplete = () => resolve(request.result);
      tx.onabort = () => reject(tx.error ?? request.error);
    });
  };

  return {
    queued: () => run('writes', 'readonly', (s) => s.getAll() as IDBRequest<QueuedWrite[]>),
    enqueue: async (write) => {
      const { id: _id, ...record } = write as Partial<QueuedWrite>;
      await run('writes', 'readwrite', (s) => s.add(record));
    },
    dequeue: async (id) => void (await run('writes', 'readwrite', (s) => s.delete(id))),
    cachedQueries: () => run('queries', 'readonly', (s) => s.getAll() as IDBRequest<CachedQuery[]>),
    saveQuery: async (entry) => void (await run('queries', 'readwrite', (s) => s.put(entry))),
    forgetQuery: async (hash) => void (await run('queries', 'readwrite', (s) => s.delete(hash))),
  };
}
