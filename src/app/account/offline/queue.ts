import axios from 'axios';
import { errorMessage } from '../../api/client';
import { offline } from '../../../shared/messages/offline';
import type { OfflineStore, QueuedWrite } from './store';

export interface Refusal {
  id: number;
  text: string;
}

/** What the banner shows: the writes waiting and the queued steps the server refused. */
export interface QueueState {
  pending: number;
  refusals: Refusal[];
}

/** Waits `attempt` (1, 2, …) calls for, then runs `retry`; the default doubles from 2 s up to a minute. */
export type RetryScheduler = (retry: () => void, attempt: number) => void;

const backoff: RetryScheduler = (retry, attempt) =>
  void setTimeout(retry, Math.min(60_000, 2_000 * 2 ** (attempt - 1)));

/**
 * A refusal is final: the server read the step and said no (a 4xx with its reason). A network failure, a 5xx,
 * 401 (the session is being renewed), 408 and 429 are worth another try, with the same key.
 */
function refused(error: unknown) {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/**
 * The writes kept on the device, sent one at a time in the order they were made: a step waits for the ones
 * before it (a lahan's edit after its registration). A write the server took or refused leaves the queue; a
 * refusal is kept for the person with the server's message. Every try of a write carries its one key, so
 * the server applies it once however many tries reach it.
 */
export class WriteQueue {
  private state: QueueState = { pending: 0, refusals: [] };
  private listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private attempt = 0;
  private nextRefusal = 1;

  constructor(
    private readonly store: OfflineStore,
    private readonly send: (write: QueuedWrite) => Promise<unknown>,
    private readonly onSent: () => void = () => {},
    private readonly schedule: RetryScheduler = backoff,
    /** Who is signed in (owner.ts); the queue sends and counts their writes only. Unset: every write. */
    private readonly owner: () => string | undefined = () => undefined,
  ) {}

  /** The writes waiting that belong to the person signed in, in order. */
  private async mine() {
    const who = this.owner();
    return (await this.store.queued()).filter(
      (w) => who === undefined || w.owner === undefined || w.owner === who,
    );
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(next: Partial<QueueState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Reads the count of waiting writes from the store (at start: writes left by an earlier visit). */
  async load() {
    this.set({ pending: (await this.mine()).length });
  }

  async add(write: Omit<QueuedWrite, 'id'>) {
    await this.store.enqueue({ ...write, owner: write.owner ?? this.owner() });
    await this.load();
  }

  dismiss(id: number) {
    this.set({ refusals: this.state.refusals.filter((r) => r.id !== id) });
  }

  /** Sends what waits, in order; stops at the first write that cannot reach the server and tries again later. */
  flush(): Promise<void> {
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll() {
    let sent = false;
    for (const write of await this.mine()) {
      try {
        await this.send(write);
        sent = true;
      } catch (error) {
        if (!refused(error)) {
          this.attempt += 1;
          this.schedule(() => void this.flush(), this.attempt);
          break;
        }
        const text = offline.refused(write.label, errorMessage(error));
        this.set({ refusals: [...this.state.refusals, { id: this.nextRefusal++, text }] });
      }
      await this.store.dequeue(write.id);
      await this.load();
    }
    if ((await this.mine()).length === 0) this.attempt = 0;
    if (sent) this.onSent();
  }
}
