import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { http } from '../../../src/app/api/client';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import { queueWhenUnreachable, QueuedOffline } from '../../../src/app/account/offline/intercept';
import { memoryStore } from '../../../src/app/account/offline/memoryStore';
import OfflineBanner from '../../../src/app/account/offline/OfflineBanner';
import { OfflineStoreContext } from '../../../src/app/account/offline/OfflineContext';
import { persistAccountQueries } from '../../../src/app/account/offline/persist';
import { WriteQueue } from '../../../src/app/account/offline/queue';
import type { OfflineStore, QueuedWrite } from '../../../src/app/account/offline/store';
import { offlineSyncFor } from '../../../src/app/account/offline/sync';
import { renderStyled } from '../styles';

/** The server's side of the test: what reached it (method, url, key, body), and how it answers each call. */
type Answer = 'unreachable' | { status: number; data?: unknown };
function server(answer: (config: InternalAxiosRequestConfig) => Answer) {
  const seen: { method: string; url: string; key: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push({
      method: String(config.method),
      url: String(config.url),
      key: String(config.headers['Idempotency-Key']),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    const a = answer(config);
    if (a === 'unreachable') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const response = {
      status: a.status,
      data: a.data ?? {},
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (a.status < 300) return response;
    throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, {}, response);
  };
  http.defaults.adapter = adapter;
  return seen;
}

/** A retry scheduler the test runs by hand: no timers. */
function manualRetries() {
  const pending: (() => void)[] = [];
  return { schedule: (retry: () => void) => void pending.push(retry), run: () => pending.shift()?.() };
}

const write = (url: string, key: string, label = 'Langkah'): Omit<QueuedWrite, 'id'> => ({
  key,
  method: 'post',
  url,
  body: { n: key },
  label,
  queuedAt: 0,
});

const send = (w: QueuedWrite) =>
  http.request({ method: w.method, url: w.url, data: w.body, headers: { 'Idempotency-Key': w.key } });

describe('the write queue', () => {
  it('sends in order, stops at an unreachable server and tries again with the same keys', async () => {
    let reachable = false;
    const seen = server(() => (reachable ? { status: 200 } : 'unreachable'));
    const retries = manualRetries();
    const queue = new WriteQueue(memoryStore(), send, undefined, retries.schedule);
    await queue.add(write('/contract/1/deliveries/2/confirm', 'k-1'));
    await queue.add(write('/lahan', 'k-2'));

    await queue.flush();
    expect(queue.getState().pending).toBe(2);
    expect(seen.map((s) => s.key)).toEqual(['k-1']);

    reachable = true;
    retries.run();
    await waitFor(() => expect(queue.getState().pending).toBe(0));
    expect(seen.map((s) => [s.url, s.key])).toEqual([
      ['/contract/1/deliveries/2/confirm', 'k-1'],
      ['/contract/1/deliveries/2/confirm', 'k-1'],
      ['/lahan', 'k-2'],
    ]);
  });

  it('drops a step the server refuses and keeps its reason; the steps after it still go', async () => {
    const seen = server((config) =>
      config.url === '/contract/3/counter'
        ? { status: 409, data: { message: 'Syarat kontrak sudah direvisi mitra' } }
        : { status: 200 },
    );
    const queue = new WriteQueue(memoryStore(), send, undefined, manualRetries().schedule);
    await queue.add(write('/contract/3/counter', 'k-1', 'Penawaran balik'));
    await queue.add(write('/lahan/4', 'k-2'));
    await queue.flush();
    expect(seen.map((s) => s.key)).toEqual(['k-1', 'k-2']);
    expect(queue.getState()).toEqual({
      pending: 0,
      refusals: [{ id: 1, text: 'Penawaran balik ditolak server: Syarat kontrak sudah direvisi mitra' }],
    });
  });

  it("sends and counts only the signed-in person's writes: another person on the phone does not send them", async () => {
    const seen = server(() => ({ status: 200 }));
    let who = 'budi';
    const queue = new WriteQueue(memoryStore(), send, undefined, manualRetries().schedule, () => who);
    await queue.add(write('/lahan', 'k-budi'));
    who = 'sari';
    await queue.load();
    expect(queue.getState().pending).toBe(0);
    await queue.flush();
    expect(seen).toEqual([]);
    who = 'budi';
    await queue.load();
    expect(queue.getState().pending).toBe(1);
    await queue.flush();
    expect(seen.map((s) => s.key)).toEqual(['k-budi']);
  });

  it('queues a field write that cannot reach the server, with the key it was sent with; not a signature', async () => {
    const seen = server(() => 'unreachable');
    const store = memoryStore();
    const queue = new WriteQueue(store, send, undefined, manualRetries().schedule);
    const eject = queueWhenUnreachable(http, queue);
    try {
      await expect(http.post('/contract/7/deliveries/9/confirm', {})).rejects.toThrow(
        'Tidak ada sinyal: perubahan disimpan di perangkat dan dikirim otomatis saat sinyal kembali.',
      );
      await expect(http.post('/contract/7/sign', { password: 'x' })).rejects.not.toBeInstanceOf(
        QueuedOffline,
      );
      const [queued, ...others] = await store.queued();
      expect(others).toEqual([]);
      expect(queued).toMatchObject({
        method: 'post',
        url: '/contract/7/deliveries/9/confirm',
        key: seen[0]!.key,
        label: 'Konfirmasi pengiriman',
      });
      expect(seen[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(seen[1]!.key).not.toBe(seen[0]!.key);
    } finally {
      eject();
    }
  });
});

/** /akun's banner over `store`, its sync's retries by hand. */
function renderBanner(store: OfflineStore) {
  const client = createQueryClient();
  const retries = manualRetries();
  offlineSyncFor(store, client, retries.schedule);
  renderStyled(
    <QueryProvider client={client}>
      <OfflineStoreContext.Provider value={store}>
        <MemoryRouter initialEntries={['/akun']}>
          <OfflineBanner />
        </MemoryRouter>
      </OfflineStoreContext.Provider>
    </QueryProvider>,
  );
  return { client, retries };
}

describe('the banner of /akun', () => {
  it('counts the changes waiting, shows a refused one with its reason and clears when all are sent', async () => {
    let reachable = false;
    server((config) =>
      !reachable
        ? 'unreachable'
        : config.url === '/contract/3/reject'
          ? { status: 409, data: { message: 'Kontrak sudah ditandatangani' } }
          : { status: 200 },
    );
    const store = memoryStore();
    await store.enqueue(write('/contract/1/deliveries/2/confirm', 'k-1'));
    await store.enqueue(write('/contract/3/reject', 'k-2', 'Penolakan penawaran'));
    const { retries } = renderBanner(store);

    expect(await screen.findByText('Menunggu sinyal — 2 perubahan belum terkirim')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Menunggu sinyal — 2 perubahan belum terkirim');

    reachable = true;
    retries.run();
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Penolakan penawaran ditolak server: Kontrak sudah ditandatangani');
    expect(screen.queryByText(/Menunggu sinyal/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the banner of /akun offline', () => {
  it('says the data shown is the last synced, when that was, and that signing needs signal', async () => {
    const store = memoryStore();
    await store.saveQuery({
      hash: '["akun","me"]',
      queryKey: ['akun', 'me'],
      data: { full_name: 'Siti Aminah' },
      updatedAt: Date.UTC(2026, 2, 12, 7, 5),
    });
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    try {
      const { client } = renderBanner(store);
      const status = screen.getByRole('status');
      await waitFor(() =>
        expect(status).toHaveTextContent('Terakhir disinkronkan 12 Maret 2026 pukul 14.05 WIB'),
      );
      expect(status).toHaveTextContent('Anda sedang luring.');
      expect(status).toHaveTextContent('Penandatanganan kontrak memerlukan sinyal');
      expect(client.getQueryData(['akun', 'me'])).toEqual({ full_name: 'Siti Aminah' });
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});

describe("/akun's answers kept on the device", () => {
  it('are put back into a new page, and forgotten with the session', async () => {
    const store = memoryStore();
    const before = createQueryClient();
    const stop = persistAccountQueries(before, store);
    before.setQueryData(['akun', 'me'], { full_name: 'Siti Aminah' }, { updatedAt: 1_000 });
    before.setQueryData(['notifications', 'page', 1], { data: [], unread: 0 }, { updatedAt: 2_000 });
    before.setQueryData(['akun', 'photo', '/x'], 'blob');
    before.setQueryData(['akun', 'lahan-search', {}], []);
    await waitFor(async () => expect(await store.cachedQueries()).toHaveLength(2));
    stop();

    const after = createQueryClient();
    const stopAfter = persistAccountQueries(after, store);
    await waitFor(() => expect(after.getQueryData(['akun', 'me'])).toEqual({ full_name: 'Siti Aminah' }));
    expect(after.getQueryState(['akun', 'me'])?.dataUpdatedAt).toBe(1_000);
    // Shown, but read again from the server on the next chance.
    expect(after.getQueryState(['akun', 'me'])?.isInvalidated).toBe(true);
    expect(after.getQueryData(['notifications', 'page', 1])).toEqual({ data: [], unread: 0 });

    after.removeQueries();
    await waitFor(async () => expect(await store.cachedQueries()).toEqual([]));
    stopAfter();
  });

  it('include those the page had before keeping started (the banner loads after the first reads)', async () => {
    const store = memoryStore();
    await store.saveQuery({
      hash: '["akun","lahan"]',
      queryKey: ['akun', 'lahan'],
      data: [],
      updatedAt: 500,
    });
    const client = createQueryClient();
    client.setQueryData(['akun', 'me'], { full_name: 'Siti Aminah' }, { updatedAt: 1_000 });
    client.setQueryData(['akun', 'photo', '/x'], 'blob', { updatedAt: 1_000 });
    const stop = persistAccountQueries(client, store);
    await waitFor(async () =>
      expect((await store.cachedQueries()).map((q) => [q.queryKey, q.updatedAt])).toEqual([
        [['akun', 'lahan'], 500],
        [['akun', 'me'], 1_000],
      ]),
    );
    stop();
  });
});
