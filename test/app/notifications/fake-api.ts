import type { InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import type { AppNotification } from '../../../src/app/notifications/api';
import { serve } from '../api/serve';

/** A notification of the fake API, the newest first by id. */
export const notification = (id: number, title: string, read = false, link = `/akun/kontrak/${id}`) =>
  ({
    id,
    kind: 'contract.offer',
    title,
    link,
    contract_id: id,
    created_at: `2026-11-2${id % 10}T03:0${id % 10}:00.000Z`,
    read_at: read ? '2026-11-29T03:00:00.000Z' : null,
  }) satisfies AppNotification;

export type Call = { method: string; url: string; params: Record<string, unknown>; data: unknown };

/**
 * The notifications API over `rows` (changed by read and read-all as the server would), paged by `limit`; other
 * paths answer from `others` or 404.
 */
export function fakeNotificationsApi(
  rows: AppNotification[],
  others: Record<string, (call: Call) => { status: number; data: unknown }> = {},
) {
  const calls: Call[] = [];
  serve((config: InternalAxiosRequestConfig) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (others[key]) return others[key](call);
    const read = /^POST \/notifications\/(\d+)\/read$/.exec(key);
    if (read) {
      const row = rows.find((r) => r.id === Number(read[1]));
      if (!row) return { status: 404, data: { success: false, message: 'Notifikasi tidak ditemukan' } };
      row.read_at ??= '2026-11-29T04:00:00.000Z';
      return { status: 200, data: { success: true, data: null } };
    }
    if (key === 'POST /notifications/read-all') {
      for (const row of rows) row.read_at ??= '2026-11-29T04:00:00.000Z';
      return { status: 200, data: { success: true, data: null } };
    }
    if (key === 'GET /notifications') {
      const page = Number(call.params.page ?? 1);
      const perPage = Number(call.params.limit ?? 10);
      const sorted = [...rows].sort((a, b) => b.id - a.id);
      return {
        status: 200,
        data: {
          success: true,
          data: sorted.slice((page - 1) * perPage, page * perPage),
          pagination: {
            page,
            limit: perPage,
            total: rows.length,
            totalPages: Math.max(1, Math.ceil(rows.length / perPage)),
          },
          unread: rows.filter((r) => !r.read_at).length,
        },
      };
    }
    return { status: 404, data: { success: false, message: 'not found' } };
  });
  return calls;
}

/**
 * Replaces fetch for GET /notifications/stream: each call gets a stream the test writes events into with
 * `send`; `requests` holds what was asked.
 */
export function fakeStream() {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const open: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.push(controller);
          controller.enqueue(encoder.encode(': connected\n\n'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    requests,
    send(event: string, data: unknown) {
      for (const controller of open)
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}
