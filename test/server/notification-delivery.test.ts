import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/shared/notifications.js';
import type { Database, Db, Tx } from '../../src/server/db/engine/client.js';
import {
  notificationPreferences,
  notificationSends,
  notifications,
  users,
} from '../../src/server/db/schema.js';
import { attempt } from '../../src/server/modules/notifications/delivery/attempt.js';
import { emailSender } from '../../src/server/modules/notifications/delivery/email.js';
import type { SendJob } from '../../src/server/modules/notifications/delivery/queue.js';
import { runningDelivery } from '../../src/server/modules/notifications/delivery/registry.js';
import { freshDatabase, userIdOf } from './support/app.js';
import { startCloudApi, type TestCloudApi } from './support/cloud-api-server.js';
import {
  deliveryConfig,
  notifyOne,
  runDelivery,
  sendRows,
  TEST_PUBLIC_URL,
  waitFor,
} from './support/delivery.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

let database: Database;
let drop: () => Promise<void>;
let db: Db;
let smtp: TestSmtpServer;
let api: TestCloudApi;
let stop: () => Promise<void>;
let petani: number;
let mitra: number;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  db = database.db;
  [smtp, api] = await Promise.all([startSmtpServer(), startCloudApi()]);
  const ctx = { db } as Parameters<typeof userIdOf>[0];
  [petani, mitra] = [await userIdOf(ctx, 'petani'), await userIdOf(ctx, 'mitra')];
  await db.update(users).set({ phone: '+6281234567890' }).where(eq(users.id, petani));
  await db.update(users).set({ phone: '0812 3456 789' }).where(eq(users.id, mitra));
  stop = await runDelivery(db, deliveryConfig(smtp, api));
});

afterAll(async () => {
  await stop?.();
  await Promise.all([smtp?.close(), api?.close()]);
  await database?.close();
  await drop?.();
});

const notify = (userId: number, kind: NotificationKind, title: string, tx: Db | Tx = db) =>
  notifyOne(tx, userId, kind, title);

const emailsTitled = (title: string) => smtp.messages.filter((m) => m.subject === `[TaniMitra] ${title}`);

describe('queued with the notification, sent by the job queue', () => {
  it('emails and WhatsApps a person with an address and an E.164 phone, each once, and records it sent', async () => {
    const title = 'Penawaran baru untuk kontrak #7 "Jagung": tanggapi penawarannya';
    const id = await notify(petani, 'contract.offer', title);
    await waitFor('both sent', async () => (await sendRows(db, [id])).every((r) => r.status === 'sent'));
    const rows = await sendRows(db, [id]);
    const [email] = await db.select({ email: users.email }).from(users).where(eq(users.id, petani));
    expect(rows).toMatchObject([
      { channel: 'email', address: email!.email, status: 'sent', tries: 1, last_error: null },
      { channel: 'whatsapp', address: '+6281234567890', status: 'sent', tries: 1, last_error: null },
    ]);
    const [mail, ...more] = emailsTitled(title);
    expect(more).toEqual([]);
    expect(mail!.messageId).toBe(`<notification-send-${rows[0]!.id}@tanimitra.test>`);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/akun/kontrak/7`);
    const whatsapp = api.messages.filter((m) => m.template.components[0]!.parameters[0]!.text === title);
    expect(whatsapp.map((m) => [m.to, m.template.components[0]!.parameters[1]!.text])).toEqual([
      ['+6281234567890', `${TEST_PUBLIC_URL}/akun/kontrak/7`],
    ]);
  });

  it('queues nothing on a channel the person turned off for the kind, nor WhatsApp to a phone not in E.164', async () => {
    await db
      .insert(notificationPreferences)
      .values({ user_id: petani, kind: 'contract.start', channel: 'email', enabled: false });
    const started = await notify(petani, 'contract.start', 'Kontrak #7 sudah dimulai');
    const mitraOffer = await notify(mitra, 'contract.counter', 'Petani mengajukan tawaran balik');
    expect((await sendRows(db, [started, mitraOffer])).map((r) => [r.notification_id, r.channel])).toEqual([
      [started, 'whatsapp'],
      [mitraOffer, 'email'],
    ]);
  });

  it('a rolled-back change leaves no notification, no send and no job', async () => {
    const title = 'Ditulis lalu dibatalkan';
    let id = 0;
    await expect(
      db.transaction(async (tx) => {
        id = await notify(petani, 'contract.offer', title, tx);
        throw new Error('the change fails after its notification');
      }),
    ).rejects.toThrow('the change fails');
    const jobs = await db.execute(sql`SELECT 1 FROM pgboss.job WHERE data->>'sendId' IS NOT NULL
      AND (data->>'sendId')::bigint NOT IN (SELECT id FROM notification_sends)`);
    expect(id).toBeGreaterThan(0);
    expect(await sendRows(db, [id])).toEqual([]);
    expect(emailsTitled(title)).toEqual([]);
    expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('at most one message per notification and channel', () => {
  it('two workers taking the same job at once: one claims the row and sends, the other finds it taken', async () => {
    const title = 'Kontrak #11 disetujui kedua pihak';
    const [n] = await db
      .insert(notifications)
      .values({ user_id: mitra, kind: 'contract.approve', title, link: '/akun/kontrak/11' })
      .returning({ id: notifications.id });
    // A row without a job, so that only the two tries below take it.
    const [send] = await db
      .insert(notificationSends)
      .values({ notification_id: n!.id, channel: 'email', address: 'mitra@contoh.id' })
      .returning({ id: notificationSends.id });
    const config = deliveryConfig(smtp);
    const context = {
      db,
      boss: runningDelivery()!.boss,
      config,
      channel: 'email' as const,
      sender: emailSender(config, config.email!),
    };
    const job = { id: randomUUID(), data: { sendId: send!.id }, retryCount: 0, retryLimit: 2 };
    await Promise.all([0, 1].map(() => attempt(context, job as PgBoss.JobWithMetadata<SendJob>)));
    context.sender.close();
    expect(emailsTitled(title)).toHaveLength(1);
    expect(await sendRows(db, [n!.id])).toMatchObject([{ status: 'sent', tries: 1 }]);
  });
});

describe('retries with back-off, then a dead letter', () => {
  it('an SMTP server refusing for a while: the try fails, a later one delivers, once', async () => {
    smtp.refusing = { code: 451, message: '4.3.0 Mailbox busy, try later' };
    const title = 'Pengiriman baru dicatat: konfirmasi penerimaannya';
    const id = await notify(mitra, 'contract.delivery', title);
    const failed = await waitFor('a failed try', async () =>
      (await sendRows(db, [id])).find((r) => r.status === 'failed'),
    );
    expect(failed.last_error).toContain('451');
    smtp.refusing = undefined;
    const sent = await waitFor('sent', async () =>
      (await sendRows(db, [id])).find((r) => r.status === 'sent'),
    );
    expect(sent.tries).toBeGreaterThanOrEqual(2);
    expect(sent.last_error).toBeNull();
    expect(emailsTitled(title)).toHaveLength(1);
  }, 60_000);

  it('refusing forever: dead after the last try, with the last error', async () => {
    smtp.refusing = { code: 421, message: '4.7.0 Service not available' };
    const title = 'Kontrak #9 dibatalkan';
    const id = await notify(mitra, 'contract.cancel', title);
    const dead = await waitFor(
      'dead',
      async () => (await sendRows(db, [id])).find((r) => r.status === 'dead'),
      60,
    );
    smtp.refusing = undefined;
    expect(dead).toMatchObject({ tries: 3, last_error: expect.stringContaining('421') });
    expect(emailsTitled(title)).toEqual([]);
  }, 90_000);

  it('a permanent refusal (550) is dead at once', async () => {
    smtp.refusing = { code: 550, message: '5.1.1 No such user' };
    const id = await notify(mitra, 'contract.complete', 'Kontrak #9 sudah selesai');
    const dead = await waitFor('dead', async () =>
      (await sendRows(db, [id])).find((r) => r.status === 'dead'),
    );
    smtp.refusing = undefined;
    expect(dead).toMatchObject({ tries: 1, last_error: expect.stringContaining('550') });
  });
});
