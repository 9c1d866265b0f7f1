import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/engine/client.js';
import { attempt } from './attempt.js';
import { emailSender } from './email.js';
import type { Sender } from './message.js';
import { BATCH_SIZE, openQueue, pollingOptions, QUEUES, type SendChannel, type SendJob } from './queue.js';
import { runningDelivery, setRunningDelivery } from './registry.js';
import { whatsappSender } from './whatsapp.js';

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
  if (runningDelivery()) throw new Error('notification delivery is already running in this process');
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
  setRunningDelivery({ ...queue, channels: new Set(channels) });
  log.info(`Notifications are sent by ${channels.join(' and ')}`);
  return async () => {
    setRunningDelivery(undefined);
    await boss.stop({ graceful: true, wait: true, close: false });
    for (const sender of Object.values(senders)) sender.close();
  };
}
