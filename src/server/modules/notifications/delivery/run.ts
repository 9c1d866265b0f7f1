import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/engine/client.js';
import { attempt } from './attempt.js';
import { emailSender } from './email.js';
import type { Sender } from './message.js';
import {
  BATCH_SIZE,
  openQueue,
  pollingOptions,
  QUEUES,
  type Queue,
  type SendChannel,
  type SendJob,
} from './queue.js';
import { whatsappSender } from './whatsapp.js';

interface Running {
  db: Db;
  queue: Queue;
  channels: ReadonlySet<SendChannel>;
}

/**
 * The delivery this process runs, if any. One per process: `queueSends` (called inside a notification's
 * transaction, with no handle of its own) finds it here.
 */
let running: Running | undefined;

/** The channels this process queues messages for, and its queue; none when no channel is configured. */
export const runningDelivery = (): Running | undefined => running;

function sendersOf(config: Config): Partial<Record<SendChannel, Sender>> {
  return {
    ...(config.email ? { email: emailSender(config, config.email) } : {}),
    ...(config.whatsapp ? { whatsapp: whatsappSender(config.whatsapp) } : {}),
  };
}

/**
 * Starts sending notifications on every configured channel (pg-boss over `db`, in this process); with none
 * configured it does nothing at all, not even create pg-boss's tables. Answers the function that stops it: the
 * tries under way finish first.
 */
export async function startDelivery(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const senders = sendersOf(config);
  const channels = Object.keys(senders) as SendChannel[];
  if (channels.length === 0) return async () => {};
  if (running) throw new Error('notification delivery is already running in this process');
  const queue = await openQueue(db, channels, config.delivery, log);
  const { boss } = queue;
  for (const channel of channels) {
    const context = { db, boss, config, channel, sender: senders[channel]! };
    const workerId: string = await boss.work<SendJob>(QUEUES[channel], pollingOptions, async (jobs) => {
      for (const job of jobs) await attempt(context, job);
      // A full batch: more may wait, so fetch again now instead of after the polling interval.
      if (jobs.length === BATCH_SIZE) boss.notifyWorker(workerId);
    });
  }
  running = { db, queue, channels: new Set(channels) };
  log.info(`Notifications are sent by ${channels.join(' and ')}`);
  return async () => {
    running = undefined;
    await boss.stop({ graceful: true, wait: true, close: false });
    for (const sender of Object.values(senders)) sender.close();
  };
}
