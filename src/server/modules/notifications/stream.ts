import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import { findSessionCaller } from '../../db/stores/sessions.js';
import { notifications } from '../../db/schema.js';
import { claimsOf, currentUser } from '../../http/guards.js';
import type { NotificationHub } from './listener.js';
import { own, unreadCount } from './service.js';

/** How often an open stream sends a comment (proxies keep it open) and checks that its session still lives. */
export const HEARTBEAT_MS = 25_000;

/** The caller's newest notification and unread count, as one `notification` event. */
async function eventFor(request: FastifyRequest, userId: number): Promise<string> {
  const [[newest], unread] = await Promise.all([
    request.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(own(userId))
      .orderBy(desc(notifications.id))
      .limit(1),
    unreadCount(request.db, userId),
  ]);
  return `event: notification\ndata: ${JSON.stringify({ id: newest?.id ?? null, unread })}\n\n`;
}

/**
 * `GET /notifications/stream`: server-sent events for the caller, open until the client leaves, the server
 * closes (`open` holds every stream of the app so that closing ends them) or the session ends (checked at
 * each heartbeat: signed out, revoked, or the access token expired; the client reconnects with a fresh one).
 */
export function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  { hub, open, heartbeatMs }: { hub: NotificationHub; open: Set<PassThrough>; heartbeatMs: number },
): void {
  const user = currentUser(request);
  const stream = new PassThrough();
  let sending = false;
  let again = false;
  const send = async () => {
    if (sending) return void (again = true);
    sending = true;
    try {
      do {
        again = false;
        const event = await eventFor(request, user.id);
        if (!stream.writableEnded) stream.write(event);
      } while (again);
    } catch (err) {
      request.log.warn({ err }, 'A notification event could not be read');
    } finally {
      sending = false;
    }
  };
  const stillSignedIn = async () => {
    try {
      return (await findSessionCaller(request.db, claimsOf(request))) !== null;
    } catch {
      return false;
    }
  };
  const unsubscribe = hub.subscribe(user.id, () => void send());
  const heartbeat = setInterval(() => {
    void stillSignedIn().then((live) => (live ? stream.write(': heartbeat\n\n') : stream.end()));
  }, heartbeatMs);
  heartbeat.unref();
  open.add(stream);
  stream.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(stream);
  });
  // Once the process listens, so that what is written after this line reaches the stream.
  void hub.ready().then(() => stream.writableEnded || stream.write(': connected\n\n'));
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    // Not kept alive after it ends: a stream ended by the server's close must not leave a socket to wait on.
    .header('connection', 'close')
    .send(stream);
}
