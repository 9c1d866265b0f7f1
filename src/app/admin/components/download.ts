import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';

/** Saves an object URL as a file named `name`. */
export function saveAs(objectUrl: string, name: string) {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.click();
}

/** Saves a fetched file as `name`, then lets it go. */
export function saveBlob(blob: Blob, name: string) {
  const objectUrl = URL.createObjectURL(blob);
  saveAs(objectUrl, name);
  // The download has started from the click; the next task may let the blob go.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/** `name` stamped with today's date: `tanimitra-<name>-YYYY-MM-DD.<extension>`. */
export const datedName = (name: string, extension: string) =>
  `tanimitra-${name}-${new Date().toISOString().slice(0, 10)}.${extension}`;

/**
 * Downloads a protected file (fetched with the bearer token) under a name; a failure is notified as
 * `failed` words it. `busy` while one is under way.
 */
export function useDownload(failed: (reason: string) => string) {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (url: string, name: string) => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.fetchDocument(url), name);
    } catch (error) {
      notify(failed(error instanceof Error ? error.message : String(error)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
