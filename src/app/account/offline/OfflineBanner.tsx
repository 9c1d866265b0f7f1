import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../../shared/format-id';
import { offline } from '../../../shared/messages/offline';
import { OfflineStoreContext } from './OfflineContext';
import { lastSynced } from './persist';
import { offlineSyncFor } from './sync';

const subscribeOnline = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/**
 * The top of every /akun screen: starts the offline machinery (sync.ts) and says what it holds — the writes
 * waiting for the network ("Menunggu sinyal — N perubahan belum terkirim"), a queued step the server refused
 * and why, and offline, that the data shown is the device's as of its last sync, and that signing waits.
 */
export function OfflineBanner() {
  const client = useQueryClient();
  const sync = offlineSyncFor(useContext(OfflineStoreContext), client);
  useEffect(() => sync.attach(), [sync]);
  const { pending, refusals } = useSyncExternalStore(sync.queue.subscribe, sync.queue.getState);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const synced = useSyncExternalStore(
    (change) => client.getQueryCache().subscribe(change),
    () => lastSynced(client),
  );

  return (
    <div className="offline-banner">
      <div role="status">
        {pending > 0 && <p className="alert">{offline.pending(pending)}</p>}
        {!online && (
          <p className="notice">
            {offline.offlineNow}{' '}
            {synced > 0 ? offline.lastSync(formatDateTime(new Date(synced))) : offline.neverSynced}{' '}
            {offline.signOnline}
          </p>
        )}
      </div>
      {refusals.length > 0 && (
        <ul role="alert" className="alert" style={{ listStyle: 'none', paddingLeft: 16 }}>
          {refusals.map((r) => (
            <li key={r.id}>
              {r.text}{' '}
              <button type="button" className="btn btn-outline" onClick={() => sync.queue.dismiss(r.id)}>
                {offline.dismiss}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default OfflineBanner;
