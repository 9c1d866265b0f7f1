import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig, type Config } from '../../../src/server/config.js';
import type { NotificationKind } from '../../../src/shared/notifications.js';
import { queryRows, type Db, type Tx } from '../../../src/server/db/engine/client.js';
import { notifications } from '../../../src/server/db/schema.js';
import { queueSends } from '../../../src/server/modules/notifications/sends.js';
import { startDelivery } from '../../../src/server/modules/notifications/delivery/run.js';
import type { TestCloudApi } from './cloud-api-server.js';
import type { TestSmtpServer } from './smtp-server.js';

export const TEST_PUBLIC_URL = 'https://tanimitra.test';

/** Configuration sending email to `smtp` and WhatsApp to `api`, three tries one second apart (doubling). */
export function deliveryConfig(
  smtp?: TestSmtpServer,
  api?: TestCloudApi,
  env: NodeJS.ProcessEnv = {},
): Config {
  return loadConfig({
    DATA_DIR: '/nonexistent-test-data-dir',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: TEST_PUBLIC_URL,
    NOTIFY_MAX_TRIES: '3',
    NOTIFY_RETRY_DELAY_SECONDS: '1',
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...(api
      ? {
          WHATSAPP_TOKEN: api.token,
          WHATSAPP_PHONE_NUMBER_ID: api.phoneNumberId,
          WHATSAPP_API_URL: api.apiUrl,
        }
      : {}),
    ...env,
  });
}

/** Starts the delivery over `db`; the returned stop also drops pg-boss's schema (the next file's database is clean). */
export async function runDelivery(db: Db, config: Config): Promise<() => Promise<void>> {
  const stop = await startDelivery(db, config, Fastify({ logger: { level: 'silent' } }).log);
  return async () => {
    await stop();
    await db.execute(sql`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  };
}

/** Polls `probe` until it answers something truthy (every 100 ms, up to `seconds`). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  seconds = 30,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SendRow {
  id: number;
  notification_id: number;
  channel: string;
  address: string;
  status: string;
  tries: number;
  last_error: string | null;
}

export const sendRows = (db: Db, notificationIds: number[]) =>
  queryRows<SendRow>(
    db,
    sql`SELECT id::int, notification_id::int, channel, address, status, tries, last_error FROM notification_sends
        WHERE notification_id IN (${sql.join(
          notificationIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY notification_id, channel`,
  );

/** Writes one notification and queues its messages in one transaction, as notify() does inside a change. */
export async function notifyOne(tx: Db | Tx, userId: number, kind: NotificationKind, title: string) {
  const [row] = await tx
    .insert(notifications)
    .values({ user_id: userId, kind, title, link: '/akun/kontrak/7' })
    .returning({ id: notifications.id });
  await queueSends(tx, [row!]);
  return row!.id;
}
