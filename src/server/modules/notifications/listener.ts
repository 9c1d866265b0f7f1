import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../db/engine/client.js';

/** The channel the insert trigger announces a notification on, with its user id (db/functions/70-notifications.sql). */
export const CHANNEL = 'notifications';
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * One process's ear on the channel, shared by its open streams: it listens from the first subscriber on, on one
 * connection of its own (PostgreSQL: a dedicated client, opened again after a loss, with every subscriber told
 * to catch up since what was announced meanwhile is lost; the embedded database: `PGlite.listen`).
 */
export class NotificationHub {
  private readonly subscribers = new Map<number, Set<() => void>>();
  private started: Promise<void> | undefined;
  private stop: (() => Promise<void>) | undefined;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /** Calls `onNew` after each committed notification of `userId` (and after a lost connection came back). */
  subscribe(userId: number, onNew: () => void): () => void {
    const own = this.subscribers.get(userId) ?? this.subscribers.set(userId, new Set()).get(userId)!;
    own.add(onNew);
    this.started ??= this.listen();
    return () => {
      own.delete(onNew);
      if (own.size === 0) this.subscribers.delete(userId);
    };
  }

  /** Resolves once listening (for tests: a notification written after it is heard). */
  ready(): Promise<void> {
    return this.started ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.started?.catch(() => {});
    await this.stop?.();
  }

  private dispatch(payload: string | undefined) {
    for (const onNew of this.subscribers.get(Number(payload)) ?? []) onNew();
  }

  private everyone() {
    for (const own of this.subscribers.values()) for (const onNew of own) onNew();
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (typeof (client as PGlite).listen === 'function') {
      const unlisten = await (client as PGlite).listen(CHANNEL, (payload) => this.dispatch(payload));
      this.stop = unlisten;
      return;
    }
    await this.connectPostgres((client as pg.Pool).options);
  }

  /** Answers whether it listens now (else a retry is scheduled). */
  private async connectPostgres(options: pg.PoolConfig): Promise<boolean> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      keepAlive: true,
      application_name: 'tanimitra-notifications',
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || this.closed) return;
      lost = true;
      this.log.warn({ err: err?.message }, 'The notifications listener lost its connection; reconnecting');
      client.end().catch(() => {});
      this.reconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) this.dispatch(message.payload);
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    this.stop = async () => {
      lost = true;
      await client.end().catch(() => {});
    };
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return false;
    }
    this.retryMs = FIRST_RETRY_MS;
    return true;
  }

  private reconnect() {
    this.retryTimer = setTimeout(() => {
      if (this.closed) return;
      const pool = (this.db as unknown as { $client: pg.Pool }).$client;
      this.started = this.connectPostgres(pool.options).then((listening) => {
        if (listening) this.everyone();
      });
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
