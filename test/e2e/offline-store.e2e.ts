import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CachedQuery, OfflineStore, QueuedWrite } from '../../src/app/account/offline/store';
import { useBrowser } from './support/browser.js';

/*
 * /akun's store on the device (src/app/account/offline/idbStore.ts) in Chromium's own IndexedDB (jsdom has
 * none): the module as built and served, imported by a page of the site. The queue answers in the order of
 * adding and keeps it across reloads, a query's hash holds one record, a write that cannot be stored leaves
 * nothing, and the database earlier builds made (through Dexie, at version 10) is read as it is.
 */

const browser = useBrowser();
/** The built module, as the build's manifest names it. */
let moduleUrl = '';

beforeAll(() => {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
  moduleUrl = `/${manifest['src/app/account/offline/idbStore.ts'].file}`;
});

type Write = Omit<QueuedWrite, 'id'>;
const write = (label: string): Write => ({
  key: `key-${label}`,
  method: 'post',
  url: '/lahan',
  body: { nama_lahan: label },
  label,
  queuedAt: 1,
});

declare global {
  interface Window {
    /** The module's idbStore, put there by withStore. */
    idbStore: () => OfflineStore;
  }
}

/** Imports the built module into `page` (window.idbStore) and answers the page. */
async function withStore(page: Page) {
  // As text: vitest rewrites an import() written in this file into its own loader, which the page has not.
  await page.evaluate(`import(${JSON.stringify(moduleUrl)}).then((m) => (window.idbStore = m.idbStore))`);
  return page;
}

async function freshPage() {
  const page = await browser.newPage({ width: 390, height: 844 });
  await page.goto('/');
  return withStore(page);
}

describe('the IndexedDB store of /akun', () => {
  it('answers the queue in the order of adding, also after a reload, and numbers new writes after the last', async () => {
    const page = await freshPage();
    const labels = (writes: QueuedWrite[]) => writes.map((w) => w.label);
    const first = await page.evaluate(async (writes) => {
      const store = window.idbStore();
      await Promise.all(writes.map((w) => store.enqueue(w)));
      const all = await store.queued();
      await store.dequeue(all[1]!.id);
      return store.queued();
    }, ['a', 'b', 'c', 'd'].map(write));
    expect(labels(first)).toEqual(['a', 'c', 'd']);
    expect(first.map((w) => w.id)).toEqual([...first.map((w) => w.id)].sort((x, y) => x - y));
    expect(first[0]).toEqual({ ...write('a'), id: first[0]!.id });

    await page.reload();
    await withStore(page);
    const after = await page.evaluate(async (next) => {
      const store = window.idbStore();
      await store.enqueue(next);
      return store.queued();
    }, write('e'));
    expect(labels(after)).toEqual(['a', 'c', 'd', 'e']);
    expect(after[3]!.id).toBeGreaterThan(after[2]!.id);
  });

  it('keeps one record per query hash, the last saved, until it is forgotten', async () => {
    const page = await freshPage();
    const entry = (hash: string, data: unknown): CachedQuery => ({
      hash,
      queryKey: ['akun', hash],
      data,
      updatedAt: 5,
    });
    const kept = await page.evaluate(
      async (entries) => {
        const store = window.idbStore();
        for (const e of entries) await store.saveQuery(e);
        const saved = await store.cachedQueries();
        await store.forgetQuery(entries[0]!.hash);
        return { saved, left: await store.cachedQueries() };
      },
      [entry('profile', { name: 'Lama' }), entry('lahan', [1]), entry('profile', { name: 'Baru' })],
    );
    expect(kept.saved).toHaveLength(2);
    expect(kept.saved.find((e) => e.hash === 'profile')?.data).toEqual({ name: 'Baru' });
    expect(kept.left).toEqual([entry('lahan', [1])]);
  });

  it('refuses a write it cannot keep and leaves the queue as it was', async () => {
    const page = await freshPage();
    const outcome = await page.evaluate(async (good) => {
      const store = window.idbStore();
      await store.enqueue(good);
      // A function cannot be cloned into IndexedDB: the transaction fails as a whole.
      const refused = await store.enqueue({ ...good, body: () => 1 }).then(
        () => 'stored',
        (error: Error) => error.name,
      );
      return { refused, queued: (await store.queued()).map((w) => w.label) };
    }, write('kept'));
    expect(outcome).toEqual({ refused: 'DataCloneError', queued: ['kept'] });
  });

  it('reads the writes an earlier build queued in its database (version 10, the same stores)', async () => {
    const page = await freshPage();
    await page.evaluate(
      (old) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('tanimitra-akun', 10);
          request.onupgradeneeded = () => {
            request.result.createObjectStore('writes', { keyPath: 'id', autoIncrement: true });
            request.result.createObjectStore('queries', { keyPath: 'hash' });
          };
          request.onsuccess = () => {
            const tx = request.result.transaction('writes', 'readwrite');
            tx.objectStore('writes').add(old);
            tx.oncomplete = () => {
              request.result.close();
              resolve();
            };
          };
          request.onerror = () => reject(request.error);
        }),
      write('offline kemarin'),
    );
    const queued = await page.evaluate(async (next) => {
      const store = window.idbStore();
      await store.enqueue(next);
      return store.queued();
    }, write('hari ini'));
    expect(queued.map((w) => w.label)).toEqual(['offline kemarin', 'hari ini']);
  });
});
