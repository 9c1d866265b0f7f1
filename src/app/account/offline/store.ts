/** A write kept on the device until the network returns; `key` is its Idempotency-Key, the same on every try. */
export interface QueuedWrite {
  id: number;
  key: string;
  method: string;
  /** Relative to the API base, as the app's client calls it (e.g. `/lahan`). */
  url: string;
  body: unknown;
  /** What the person did, in Indonesian (offline.steps), for a refusal's message. */
  label: string;
  queuedAt: number;
  /** Who queued it (owner.ts), when the queue knows who is signed in: only they send it. */
  owner?: string;
}

/** A react-query answer of /akun as last seen, kept to show offline. */
export interface CachedQuery {
  hash: string;
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/**
 * Where /akun keeps its writes waiting for the network and its last answers: IndexedDB on the device
 * (deviceStore.ts), in memory in tests (memoryStore.ts). The queue answers in the order of adding.
 */
export interface OfflineStore {
  queued(): Promise<QueuedWrite[]>;
  enqueue(write: Omit<QueuedWrite, 'id'>): Promise<void>;
  dequeue(id: number): Promise<void>;
  cachedQueries(): Promise<CachedQuery[]>;
  saveQuery(entry: CachedQuery): Promise<void>;
  forgetQuery(hash: string): Promise<void>;
}
