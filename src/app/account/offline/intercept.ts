import axios, { type AxiosInstance } from 'axios';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../api/idempotencyKey';
import { offline } from '../../../shared/messages/offline';
import type { WriteQueue } from './queue';
import { queueableStep } from './steps';

/** The answer of a write kept on the device: the screen shows its message; the banner counts it. */
export class QueuedOffline extends Error {
  constructor() {
    super(offline.queued);
    this.name = 'QueuedOffline';
  }
}

/** Marks the queue's own sends, which fail back to the queue rather than into it again. */
export const REPLAY = { offlineReplay: true } as const;

const bodyOf = (data: unknown) => {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
};

/**
 * A field write (steps.ts) that cannot reach the server (no answer at all: offline, no signal) is queued
 * with its Idempotency-Key instead of failing; its call rejects with QueuedOffline. Returns the eject.
 */
export function queueWhenUnreachable(client: AxiosInstance, queue: WriteQueue): () => void {
  const id = client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || error.response || error.code === 'ERR_CANCELED') throw error;
    const config = error.config as (typeof error.config & Partial<typeof REPLAY>) | undefined;
    const label = config && !config.offlineReplay && queueableStep(config.method, config.url);
    if (!config || !label) throw error;
    await queue.add({
      key: String(config.headers?.[IDEMPOTENCY_HEADER] ?? newIdempotencyKey()),
      method: config.method!.toLowerCase(),
      url: config.url!,
      body: bodyOf(config.data),
      label,
      queuedAt: Date.now(),
    });
    throw new QueuedOffline();
  });
  return () => client.interceptors.response.eject(id);
}
