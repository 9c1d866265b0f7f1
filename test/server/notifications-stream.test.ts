import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, queryRows, type Db } from '../../src/server/db/engine/client.js';
import { notifications } from '../../src/server/db/schema.js';
import { revokeAllSessions } from '../../src/server/modules/auth/sessions.js';
import * as registry from '../../src/server/modules/index.js';
import { notificationsModule } from '../../src/server/modules/notifications/index.js';
import { notify } from '../../src/server/modules/notifications/service.js';
import { tokenForUser, userIdOf, useTestApp } from './support/app.js';
import { databaseUrlFor } from './support/database.js';

/*
 * The live stream over real HTTP (fetch and a stream reader, as the browser reads it): a committed notification
 * reaches the streams of its person only, through whichever API process wrote it (two apps on one database, each
 * with its own connections on PostgreSQL), a lost listening connection is opened again, the stream ends with its
 * session, and open streams do not keep a server from closing. A 100 ms heartbeat makes the session check quick.
 */
const modules = { ...registry, notifications: notificationsModule(100) };
const ctx = useTestApp({}, { modules });
const config = loadConfig({
  DATA_DIR: '/nonexistent-test-data-dir',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
});

interface Event {
  event: string;
  data: { id: number; unread: number };
}

/** An open stream, read as it comes: its events, and its comment lines (the first says it listens). */
async function openStream(baseUrl: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
    // A stream's connection is never reused; without this, an aborted fetch leaves a spare connection that a
    // closing test server waits on until the keep-alive timeout.
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', connection: 'close' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let comments = 0;
  const events: Event[] = [];
  const read = async (): Promise<boolean> => {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (lines[0]!.startsWith(':')) comments++;
      else {
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))!.slice(name.length + 2);
        events.push({ event: field('event'), data: JSON.parse(field('data')) as Event['data'] });
      }
    }
    return true;
  };
  const stream = {
    events,
    /** The first event so far or to come that `match`es. */
    async until(match: (event: Event) => boolean): Promise<Event> {
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (!(await read())) throw new Error('the stream ended');
      }
    },
    /** Resolves once the server says it listens for this stream. */
    async listening(): Promise<void> {
      while (comments === 0) if (!(await read())) throw new Error('the stream ended');
    },
    /** Reads until the server ends the stream. */
    async ended(): Promise<void> {
      while (await read());
    },
    close: () => abort.abort(),
  };
  await stream.listening();
  return stream;
}

const newestOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.id))
      .limit(1)
  )[0]!.id;

const item = (userId: number, title: string) => ({
  userId,
  kind: 'contract.start' as const,
  title,
  link: '/akun',
});

/** Another API process on the same database: its own app, and on PostgreSQL its own pool of connections. */
async function secondInstance() {
  const url = process.env.DATABASE_URL;
  let database: { db: Db; close: () => Promise<void> } = { db: ctx.db, close: async () => {} };
  if (url) {
    const [row] = await queryRows<{ name: string }>(ctx.db, sql`SELECT current_database() AS name`);
    database = await openDatabase({ databaseUrl: databaseUrlFor(url, row!.name) });
  }
  const app = await buildApp({ config, db: database.db, clientDir: '/nonexistent-client-dir', modules });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, db: database.db, baseUrl, close: async () => (await app.close(), await database.close()) };
}

let petani: number;
let mitra: number;
beforeAll(async () => {
  [petani, mitra] = await Promise.all([userIdOf(ctx, 'petani'), userIdOf(ctx, 'mitra')]);
});

describe('GET /notifications/stream', () => {
  it("sends each committed notification to its person's streams only, with the unread count", async () => {
    const [petaniToken, mitraToken] = [await tokenForUser(ctx, 'petani'), await tokenForUser(ctx, 'mitra')];
    const [mine, again, theirs] = await Promise.all([
      openStream(ctx.baseUrl, petaniToken),
      openStream(ctx.baseUrl, petaniToken),
      openStream(ctx.baseUrl, mitraToken),
    ]);
    await ctx.db
      .transaction(async (tx) => {
        await notify(tx, [item(petani, 'Dibatalkan bersama perubahannya')]);
        tx.rollback();
      })
      .catch(() => {});
    await notify(ctx.db, [item(petani, 'Untuk petani')]);
    const id = await newestOf(ctx.db, petani);
    const [counted] = await queryRows<{ unread: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS unread FROM notifications WHERE user_id = ${petani} AND read_at IS NULL AND in_app`,
    );
    for (const stream of [mine, again])
      expect(await stream.until(() => true)).toEqual({
        event: 'notification',
        data: { id, unread: counted!.unread },
      });

    await notify(ctx.db, [item(mitra, 'Untuk mitra')]);
    const theirId = await newestOf(ctx.db, mitra);
    expect((await theirs.until(() => true)).data.id).toBe(theirId);
    await notify(ctx.db, [item(petani, 'Untuk petani lagi')]);
    const next = await newestOf(ctx.db, petani);
    await mine.until((e) => e.data.id === next);
    expect(mine.events.map((e) => e.data.id)).toEqual([id, next]);
    for (const stream of [mine, again, theirs]) stream.close();
  });

  it('reaches a stream on another API process of the same database', async () => {
    const other = await secondInstance();
    try {
      const stream = await openStream(other.baseUrl, await tokenForUser(ctx, 'petani'));
      await notify(ctx.db, [item(petani, 'Lewat proses A')]);
      const id = await newestOf(ctx.db, petani);
      expect((await stream.until((e) => e.data.id === id)).event).toBe('notification');
      stream.close();
    } finally {
      await other.close();
    }
  });

  it('keeps hearing after the listening connection was lost', async () => {
    const stream = await openStream(ctx.baseUrl, await tokenForUser(ctx, 'petani'));
    // PostgreSQL: the listener's connection is ended by the server; the embedded database has no connection to lose.
    if (process.env.DATABASE_URL) {
      const ended = await queryRows<{ ended: boolean }>(
        ctx.db,
        sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE application_name = 'tanimitra-notifications' AND datname = current_database()`,
      );
      expect(ended).toEqual([{ ended: true }]);
    }
    await notify(ctx.db, [item(petani, 'Setelah koneksi putus')]);
    const id = await newestOf(ctx.db, petani);
    // Heard through LISTEN once reconnected, or told to catch up by the reconnection itself.
    await stream.until((e) => e.data.id === id);
    stream.close();
  });

  it('ends when its session ends', async () => {
    const stream = await openStream(ctx.baseUrl, await tokenForUser(ctx, 'mitra'));
    await revokeAllSessions(ctx.db, mitra);
    await stream.ended();
    const refused = await fetch(`${ctx.baseUrl}/api/v1/notifications/stream`);
    expect(refused.status).toBe(401);
  });

  it('does not keep the server from closing', async () => {
    const other = await secondInstance();
    const stream = await openStream(other.baseUrl, await tokenForUser(ctx, 'petani'));
    await other.close();
    await stream.ended();
  });
});
