import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { OfflineStore } from './store';

/**
 * The person's own reads are kept: /akun's (accountKeys: profile, lahan, contracts with their history) and the
 * notifications; lahan photos (blobs) and the mitra's search are not.
 */
const kept = (key: QueryKey) =>
  (key[0] === 'akun' && key[1] !== 'photo' && key[1] !== 'lahan-search') || key[0] === 'notifications';

/** A plain copy for IndexedDB (a read's value may hold an error object, which it cannot store). */
const plain = (data: unknown) => JSON.parse(JSON.stringify(data ?? null)) as unknown;

/**
 * Keeps /akun's answers in `store` as they arrive and puts those last kept into `client` (where it has
 * nothing newer), stale, so that the page shows the person's data offline and reads it again online. Answers the
 * client already had when this started are kept too: it starts with the offline banner, whose chunk loads after
 * the page's first reads (the profile) may have come. A removed answer (sign-out, sign-in of someone else:
 * forgetSession) leaves the store too. Returns the unsubscribe.
 */
export function persistAccountQueries(client: QueryClient, store: OfflineStore): () => void {
  const save = ({ queryHash, queryKey, state }: Query) =>
    store.saveQuery({ hash: queryHash, queryKey, data: plain(state.data), updatedAt: state.dataUpdatedAt });
  const restored = store.cachedQueries().then((entries) => {
    for (const entry of entries) {
      const state = client.getQueryState(entry.queryKey);
      if ((state?.dataUpdatedAt ?? 0) >= entry.updatedAt) continue;
      client.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt });
      // The device's copy is shown until the server answers, never taken as fresh: a new page reads again.
      void client.invalidateQueries({ queryKey: entry.queryKey, exact: true }, { cancelRefetch: false });
    }
    const keptAt = new Map(entries.map((entry) => [entry.hash, entry.updatedAt]));
    for (const query of client.getQueryCache().findAll())
      if (kept(query.queryKey) && query.state.dataUpdatedAt > (keptAt.get(query.queryHash) ?? 0))
        void save(query);
  });
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!kept(event.query.queryKey)) return;
    if (event.type === 'updated' && event.action.type === 'success')
      void restored.then(() => save(event.query));
    else if (event.type === 'removed') void restored.then(() => store.forgetQuery(event.query.queryHash));
  });
  return unsubscribe;
}

/** When the person's data last came from the server: the newest of the kept answers in `client`, or 0. */
export const lastSynced = (client: QueryClient) =>
  Math.max(
    0,
    ...client
      .getQueryCache()
      .findAll()
      .filter((q) => kept(q.queryKey) && q.state.data !== undefined)
      .map((q) => q.state.dataUpdatedAt),
  );
