import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { http } from '../../api/client';
import { IDEMPOTENCY_HEADER } from '../../api/idempotencyKey';
import { queueWhenUnreachable, REPLAY } from './intercept';
import { signedInPerson } from './owner';
import { persistAccountQueries } from './persist';
import { WriteQueue, type RetryScheduler } from './queue';
import type { OfflineStore } from './store';

/** /akun's offline machinery over one store: the write queue, the interceptor feeding it and the kept reads. */
export interface OfflineSync {
  queue: WriteQueue;
  /** Starts it (the first screen that shows) and returns the stop (the last screen gone). */
  attach(): () => void;
}

const syncs = new WeakMap<OfflineStore, OfflineSync>();

/** The one OfflineSync of `store` (screens come and go; the queue and its interceptor stay one). */
export function offlineSyncFor(store: OfflineStore, client: QueryClient, schedule?: RetryScheduler) {
  let sync = syncs.get(store);
  if (!sync) {
    sync = createSync(store, client, schedule);
    syncs.set(store, sync);
  }
  return sync;
}

function createSync(store: OfflineStore, client: QueryClient, schedule?: RetryScheduler): OfflineSync {
  const queue = new WriteQueue(
    store,
    (write) =>
      http.request({
        method: write.method,
        url: write.url,
        data: write.body,
        headers: { [IDEMPOTENCY_HEADER]: write.key },
        ...REPLAY,
      }),
    () => void client.invalidateQueries({ queryKey: ['akun'] }),
    schedule,
    signedInPerson,
  );
  let users = 0;
  let stop = () => {};
  const attach = () => {
    users += 1;
    if (users === 1) {
      // react-query pauses its reads while offline (keeping what is shown) rather than failing them.
      onlineManager.setOnline(navigator.onLine);
      const flush = () => void queue.flush();
      const eject = queueWhenUnreachable(http, queue);
      const forget = persistAccountQueries(client, store);
      window.addEventListener('online', flush);
      void queue.load().then(() => (navigator.onLine ? queue.flush() : undefined));
      stop = () => {
        eject();
        forget();
        window.removeEventListener('online', flush);
      };
    }
    return () => {
      users -= 1;
      if (users === 0) stop();
    };
  };
  return { queue, attach };
}
