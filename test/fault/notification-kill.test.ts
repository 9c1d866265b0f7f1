import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, queryRows } from '../../src/server/db/engine/client.js';
import { notifications, users } from '../../src/server/db/schema.js';
import { openQueue } from '../../src/server/modules/notifications/delivery/queue.js';
import { setRunningDelivery } from '../../src/server/modules/notifications/delivery/registry.js';
import { queueSends } from '../../src/server/modules/notifications/sends.js';
import { waitFor } from '../server/support/delivery.js';
import { startSmtpServer, type TestSmtpServer } from '../server/support/smtp-server.js';
import { createDatabase } from './support/postgres.js';
import { startServer } from './support/server.js';

const COUNT = 100;

/** Writes COUNT notifications for the first admin with their email sends and jobs, as notify() would. */
async function queueHundred(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    JWT_SECRET: 'x'.repeat(32),
    SMTP_URL: 'smtp://x:25',
  });
  const queue = await openQueue(database.db, ['email'], config.delivery, Fastify().log);
  setRunningDelivery({ ...queue, channels: new Set(['email']) });
  try {
    await database.db.transaction(async (tx) => {
      const [admin] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.role} = 'admin'`)
        .limit(1);
      const rows = await tx
        .insert(notifications)
        .values(
          Array.from({ length: COUNT }, (_, i) => ({
            user_id: admin!.id,
            kind: 'registration.new',
            title: `Pendaftaran baru #${i + 1}`,
            link: '/admin/petani/1',
          })),
        )
        .returning({ id: notifications.id });
      await queueSends(tx, rows);
    });
  } finally {
    setRunningDelivery(undefined);
    await queue.boss.stop({ graceful: false, close: false });
    await database.close();
  }
}

const statusCounts = async (url: string) => {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const rows = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`SELECT status, count(*)::int AS n FROM notification_sends GROUP BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  } finally {
    await database.close();
  }
};

/**
 * 100 emails queued; once 50 were accepted the SMTP server stops answering (the next ones are mid-send), the
 * server is killed with SIGKILL, the unanswered messages refused, and the server started again: every message
 * arrives exactly once.
 */
async function killMidSend(workers: string) {
  const database = await createDatabase();
  const smtp: TestSmtpServer = await startSmtpServer();
  const env = {
    DATABASE_URL: database.url,
    WORKERS: workers,
    SMTP_URL: smtp.url,
    NOTIFY_RETRY_DELAY_SECONDS: '1',
  };
  try {
    smtp.holdAfter = COUNT / 2;
    let server = await startServer(env);
    await queueHundred(database.url);
    await waitFor(
      'half sent and one held mid-send',
      async () => {
        const counts = await statusCounts(database.url);
        return counts.sent === COUNT / 2 && smtp.held.length > 0;
      },
      120,
    );
    await server.kill('SIGKILL');
    const interrupted = smtp.held.length;
    smtp.holdAfter = undefined;
    for (const refuse of smtp.held.splice(0))
      refuse(Object.assign(new Error('Connection lost'), { responseCode: 421 }));

    server = await startServer(env);
    try {
      await waitFor('every message sent', async () => (await statusCounts(database.url)).sent === COUNT, 240);
      const ids = smtp.messages.map((m) => m.messageId);
      console.log(
        `kill -9 mid-send (WORKERS=${workers}): ${interrupted} held at the kill, ${ids.length} accepted`,
      );
      expect(new Set(ids).size).toBe(COUNT);
      expect(ids).toHaveLength(COUNT);
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    await smtp.close();
    await database.drop();
  }
}

describe('kill -9 while notification emails are being sent, then a restart', () => {
  it('every message arrives exactly once (one process)', () => killMidSend('1'));
  it('every message arrives exactly once (WORKERS=2)', () => killMidSend('2'));
});
