import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../api/client';
import { bearerToken } from '../api/session';
import { fetchNotifications, type NotificationPage } from './api';
import { notificationKeys } from './queries';

/** What the stream says about a new notification of the caller (docs/API.md, "Notifications"). */
export interface NotificationEvent {
  id: number;
  unread: number;
}

const FIRST_DELAY_MS = 1_000;
const LONGEST_DELAY_MS = 30_000;

/**
 * Reads a `text/event-stream` body to its end or until `signal` aborts, calling `onEvent` for each `notification`
 * event (comments, the heartbeats, and other events are skipped).
 */
export async function readNotificationEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: NotificationEvent) => void,
) {
  const reader = body.getReader();
  // Cancelling the body closes the connection; fetch's own `signal` is not used, since a realm's AbortSignal
  // (jsdom's in the tests) is not one the platform's fetch takes, and the stream then outlived its page.
  if (signal.aborted) return void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const type =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (type === 'notification' && data) onEvent(JSON.parse(data) as NotificationEvent);
    }
  }
}

/** The count on every cached page at once, then the pages themselves read again. */
function apply(client: QueryClient, event: NotificationEvent | null) {
  if (event)
    client.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) =>
      page && 'unread' in page ? { ...page, unread: event.unread } : page,
    );
  void client.invalidateQueries({ queryKey: notificationKeys.all });
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Keeps GET /notifications/stream open while the session lasts. The browser's EventSource cannot send the
 * Bearer header, so this is fetch with a stream reader. A dropped stream is opened again after 1 s, doubling up
 * to 30 s while it keeps failing; a refused token is refreshed through the app's client (a read of the first
 * page, which its interceptor retries after refreshing), and when that fails too the session is over: stop.
 */
async function follow(client: QueryClient, signal: AbortSignal) {
  let delay = FIRST_DELAY_MS;
  let connected = false;
  while (!signal.aborted && bearerToken()) {
    try {
      const response = await fetch(`${http.defaults.baseURL ?? ''}/notifications/stream`, {
        headers: { Authorization: `Bearer ${bearerToken()}`, Accept: 'text/event-stream' },
      });
      if (response.status === 401) {
        client.setQueryData(notificationKeys.page(1), await fetchNotifications(1));
      } else {
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        // What came while the stream was down.
        if (connected) apply(client, null);
        connected = true;
        delay = FIRST_DELAY_MS;
        await readNotificationEvents(response.body, signal, (event) => apply(client, event));
      }
    } catch {
      if (signal.aborted) return;
      if (!bearerToken()) return;
    }
    await pause(delay, signal);
    delay = Math.min(delay * 2, LONGEST_DELAY_MS);
  }
}

/** Live notifications for the signed-in person while the calling component is shown. */
export function useNotificationStream(enabled = true) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    void follow(client, abort.signal);
    return () => abort.abort();
  }, [client, enabled]);
}
