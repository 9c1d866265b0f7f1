import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notificationSends, users } from '../../src/server/db/schema.js';
import { unsubscribeToken } from '../../src/server/modules/notifications/delivery/unsubscribe-token.js';
import { call, demoTokens, useTestApp, userIdOf } from './support/app.js';
import { deliveryConfig, notifyOne, runDelivery, sendRows, waitFor } from './support/delivery.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

const ctx = useTestApp();
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let mitra: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stop = await runDelivery(ctx.db, deliveryConfig(smtp));
  tokens = await demoTokens(ctx);
  mitra = await userIdOf(ctx, 'mitra');
});
afterAll(async () => {
  await stop?.();
  await smtp?.close();
});

const outbox = (query = '') =>
  call(ctx, { url: `/api/v1/admin/notification-sends${query}`, token: tokens.admin });

describe('the outbox (admin)', () => {
  it('lists each message with its notification, recipient, status, tries and last error; a dead one can be resent', async () => {
    smtp.refusing = { code: 550, message: '5.1.1 No such user' };
    const title = 'Kontrak #21 dibatalkan';
    const id = await notifyOne(ctx.db, mitra, 'contract.cancel', title);
    await waitFor('dead', async () => (await sendRows(ctx.db, [id]))[0]?.status === 'dead');
    smtp.refusing = undefined;

    const dead = await outbox('?status=dead&channel=email');
    expect(dead.statusCode).toBe(200);
    const [mitraName] = await ctx.db.select({ name: users.full_name }).from(users).where(eq(users.id, mitra));
    const row = dead.json.data.find((r: { notification_id: number }) => r.notification_id === id);
    expect(row).toMatchObject({
      kind: 'contract.cancel',
      title,
      recipient_id: mitra,
      recipient: mitraName!.name,
      channel: 'email',
      status: 'dead',
      tries: 1,
      last_error: expect.stringContaining('550'),
      sent_at: null,
    });
    expect(dead.json.pagination).toMatchObject({ page: 1, total: dead.json.data.length });

    const resent = await call(ctx, {
      method: 'POST',
      url: `/api/v1/admin/notification-sends/${row.id}/resend`,
      token: tokens.admin,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json.data).toMatchObject({ id: row.id, status: 'queued', tries: 0 });
    await waitFor('sent', async () => (await sendRows(ctx.db, [id]))[0]?.status === 'sent');
    expect(smtp.messages.filter((m) => m.subject === `[TaniMitra] ${title}`)).toHaveLength(1);

    const again = await call(ctx, {
      method: 'POST',
      url: `/api/v1/admin/notification-sends/${row.id}/resend`,
      token: tokens.admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe(
      'Only a failed or dead send, or one whose sending stopped, can be sent again; this one is sent',
    );
  });

  it('resends one left sending past its claim (its process stopped), not one still under its claim', async () => {
    const title = 'Kontrak #23 dimulai';
    const id = await notifyOne(ctx.db, mitra, 'contract.start', title);
    await waitFor('sent', async () => (await sendRows(ctx.db, [id]))[0]?.status === 'sent');
    const [row] = await sendRows(ctx.db, [id]);
    const resend = () =>
      call(ctx, {
        method: 'POST',
        url: `/api/v1/admin/notification-sends/${row!.id}/resend`,
        token: tokens.admin,
      });
    const leave = (nextAt: SQL) =>
      ctx.db
        .update(notificationSends)
        .set({ status: 'sending', next_at: nextAt })
        .where(eq(notificationSends.id, row!.id));

    await leave(sql`now() + interval '5 minutes'`);
    const held = await resend();
    expect(held.statusCode).toBe(409);
    expect(held.json.message).toContain('this one is sending');

    await leave(sql`now() - interval '1 second'`);
    const taken = await resend();
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json.data).toMatchObject({ status: 'queued', tries: 0 });
    await waitFor('sent again', async () => (await sendRows(ctx.db, [id]))[0]?.status === 'sent');
    expect(smtp.messages.filter((m) => m.subject === `[TaniMitra] ${title}`)).toHaveLength(2);
  });

  it('refuses an unknown filter by name, a missing send with 404, and anyone but an admin', async () => {
    const unknown = await outbox('?state=dead');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('state');
    const missing = await call(ctx, {
      method: 'POST',
      url: '/api/v1/admin/notification-sends/2147483647/resend',
      token: tokens.admin,
    });
    expect(missing.statusCode).toBe(404);
    const mitraCall = await call(ctx, { url: '/api/v1/admin/notification-sends', token: tokens.mitra });
    expect(mitraCall.statusCode).toBe(403);
  });
});

describe('one-click unsubscribe from the email', () => {
  it('the link of a real email: GET shows one button and changes nothing, the one-click POST turns the kind off', async () => {
    const title = 'Pengiriman baru dicatat untuk kontrak #22';
    const first = await notifyOne(ctx.db, mitra, 'contract.delivery', title);
    await waitFor('sent', async () => (await sendRows(ctx.db, [first]))[0]?.status === 'sent');
    const mail = smtp.messages.find((m) => m.subject === `[TaniMitra] ${title}`)!;
    const link = /Berhenti menerima email jenis ini: (\S+)/.exec(mail.text ?? '')![1]!;
    const path = link.replace(/^https:\/\/tanimitra\.test/, '');
    const choice = () =>
      ctx.db
        .select({ enabled: notificationPreferences.enabled })
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.user_id, mitra),
            eq(notificationPreferences.kind, 'contract.delivery'),
            eq(notificationPreferences.channel, 'email'),
          ),
        );

    const page = await call(ctx, { url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Berhenti menerima pemberitahuan &#34;Pengiriman dicatat&#34; lewat email?');
    expect(page.body).toContain('<form method="post"');
    expect(await choice()).toEqual([]);

    const oneClick = await call(ctx, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Anda tidak akan lagi menerima pemberitahuan');
    expect(await choice()).toEqual([{ enabled: false }]);

    const next = await notifyOne(ctx.db, mitra, 'contract.delivery', 'Pengiriman kedua');
    expect(await sendRows(ctx.db, [next])).toEqual([]);
  });

  it('a program may POST the link with JSON (or nothing) and gets the envelope', async () => {
    const token = unsubscribeToken(ctx.app.config.jwtSecret, {
      userId: mitra,
      kind: 'contract.start',
      channel: 'whatsapp',
    });
    for (const payload of [{}, undefined]) {
      const res = await call(ctx, {
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${token}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json.data).toEqual({ kind: 'contract.start', channel: 'whatsapp', enabled: false });
    }
  });

  it('a forged or altered token is refused, naming the token, and changes nothing', async () => {
    const forged = `${mitra}.contract.offer.email.${'A'.repeat(43)}`;
    const json = await call(ctx, {
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?token=${forged}`,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json.errors).toEqual([{ field: 'token', message: 'The unsubscribe link is not valid' }]);
    const page = await call(ctx, {
      url: `/api/v1/notifications/unsubscribe?token=${forged}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Tautan berhenti berlangganan ini tidak sah.');
    const program = await call(ctx, { url: `/api/v1/notifications/unsubscribe?token=${forged}` });
    expect(program.statusCode).toBe(400);
    expect(program.json.errors).toEqual([{ field: 'token', message: 'The unsubscribe link is not valid' }]);
    const rows = await ctx.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.kind, 'contract.offer'));
    expect(rows.filter((r) => r.user_id === mitra)).toEqual([]);
  });
});
