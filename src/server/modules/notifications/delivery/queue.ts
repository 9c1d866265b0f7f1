import { Param, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../../../config.js';
import type { Db, Tx } from '../../../db/engine/client.js';
import type { RunningDelivery, SendChannel } from './registry.js';

export type { SendChannel };

/** pg-boss's queue of each channel; a job carries the id of its send row. */
export const QUEUES: Record<SendChannel, string> = {
  email: 'notification-email',
  whatsapp: 'notification-whatsapp',
};
export interface SendJob {
  sendId: number;
}

/**
 * How long a try may take before its claim lapses and the job's retry may send it again: well past the senders'
 * own timeouts (SMTP 10 + 10 + 20 s, the Cloud API 20 s), so a live try is never taken over.
 */
export const CLAIM_SECONDS = 60;
/** Jobs fetched per round; a full batch fetches again at once, an empty queue is polled every 2 s. */
export const BATCH_SIZE = 10;
const POLLING_SECONDS = 2;
/** How often pg-boss fails the jobs of a process that died (their expiry passed), which schedules their retry. */
const MAINTENANCE_SECONDS = 30;

type Rows = { rows: Record<string, unknown>[] };

/**
 * pg-boss's `db` over the app's own connection: the PostgreSQL pool, or the embedded PGlite (one session, in this
 * process). pg-boss sends its multi-statement scripts (BEGIN … COMMIT under an advisory lock) without values:
 * PGlite runs those with `exec` (simple protocol), and anything with values as one prepared statement.
 */
export function bossDb(db: Db): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client as {
    exec?: (text: string) => Promise<Rows[]>;
    query: (text: string, values?: unknown[]) => Promise<Rows>;
  };
  return {
    executeSql: async (text, values) => {
      if (client.exec && !values?.length) return (await client.exec(text)).at(-1) ?? { rows: [] };
      return client.query(text, values);
    },
  };
}

/** pg-boss's SQL (`$1`, `$2` …) as a Drizzle query, so that a job is written inside the caller's transaction. */
function drizzleSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${new Param(values[Number(part) - 1])}`)),
  );
}

export const txDb = (tx: Tx | Db): PgBoss.Db => ({
  executeSql: async (text, values) => (await tx.execute(drizzleSql(text, values))) as unknown as Rows,
});

export type Queue = Omit<RunningDelivery, 'channels'>;

/** Starts pg-boss over `db` (its tables in the schema `pgboss`, made on the first start) with a queue per channel. */
export async function openQueue(
  db: Db,
  channels: SendChannel[],
  { maxTries, retryDelaySeconds }: Config['delivery'],
  log: FastifyBaseLogger,
): Promise<Queue> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: 'pgboss',
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'notification queue error'));
  await boss.start();
  const options = {
    retryLimit: maxTries - 1,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: CLAIM_SECONDS,
  };
  for (const channel of channels) {
    const name = QUEUES[channel];
    // Two processes starting at once may both find it missing: the loser updates what the winner made.
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...options }).catch(() => {});
    await boss.updateQueue(name, { name, ...options });
  }
  return {
    boss,
    async enqueue(tx, sends) {
      if (sends.length === 0) return;
      const jobs = sends.map((s) => ({ name: QUEUES[s.channel], data: { sendId: s.id } satisfies SendJob }));
      await boss.insert(jobs, { db: txDb(tx) });
    },
  };
}

export const pollingOptions = {
  batchSize: BATCH_SIZE,
  pollingIntervalSeconds: POLLING_SECONDS,
  includeMetadata: true,
} as const;
