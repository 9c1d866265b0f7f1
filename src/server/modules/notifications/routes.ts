import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PassThrough } from 'node:stream';
import { Type } from 'typebox';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants.js';
import { notifications as T } from '../../../shared/messages/notifications.js';
import { ok, pagination } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { okResponse } from '../../http/schemas.js';
import { NotificationHub } from './listener.js';
import { getPreferences, savePreferences } from './preferences.js';
import {
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationParams,
  Preferences,
  PreferencesBody,
  ReadAll,
} from './schema.js';
import { listNotifications, markAllRead, markRead } from './service.js';
import { openStream } from './stream.js';

const tags = ['notifications'];
const signedIn = requireRole();

/**
 * The caller's notifications (`/notifications`): list, read, read all, preferences, and the live stream, whose
 * heartbeat a test may shorten. Every route answers only the caller's own.
 */
export const notificationRoutes =
  ({ heartbeatMs }: { heartbeatMs: number }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const hub = new NotificationHub(app.db, app.log);
    const open = new Set<PassThrough>();
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
    });
    app.addHook('onClose', () => hub.close());

    app.get(
      '',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "The caller's notifications, newest first, and how many are unread",
          querystring: NotificationListQuery,
          response: { 200: NotificationList },
        },
      },
      async (request) => {
        const { page, limit = ADMIN_PAGE_SIZE } = request.query;
        const list = await listNotifications(request.db, currentUser(request).id, page, limit);
        return {
          ...ok(list.data),
          pagination: pagination(page, limit, list.total, list.totalExact),
          unread: list.unread,
        };
      },
    );

    app.post(
      '/read-all',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "Marks every one of the caller's notifications read",
          response: { 200: ReadAll },
        },
      },
      async (request) =>
        ok({ read: await markAllRead(request.db, currentUser(request).id), unread: 0 as const }, T.readAll),
    );

    app.post(
      '/:id/read',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "Marks one of the caller's notifications read",
          description: "Another person's notification answers 404, as a missing one does.",
          params: NotificationParams,
          response: { 200: okResponse(Notification) },
        },
      },
      async (request) => ok(await markRead(request.db, currentUser(request).id, request.params.id), T.read),
    );

    app.get(
      '/preferences',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "The caller's channels per kind",
          description: 'Every kind, each channel on unless the caller turned it off.',
          response: { 200: Preferences },
        },
      },
      async (request) => ok(await getPreferences(request.db, currentUser(request).id)),
    );

    app.put(
      '/preferences',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "Sets the caller's channels per kind",
          description:
            'A kind that waits for the person (`required`) cannot be turned off in the app: `in_app: false` for it ' +
            'answers 400 naming the kind, and nothing is saved.',
          body: PreferencesBody,
          response: { 200: Preferences },
        },
      },
      async (request) =>
        ok(await savePreferences(request.db, currentUser(request).id, request.body), T.preferencesSaved),
    );

    app.get(
      '/stream',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Live notifications (server-sent events)',
          querystring: Type.Object({}, { additionalProperties: false }),
          description:
            '`text/event-stream`, authenticated by the Bearer header like every call (read it with fetch). Each new ' +
            'notification of the caller sends `event: notification` with `data: {"id": <newest id>, "unread": <count>}`; ' +
            `a comment every ${heartbeatMs / 1000} s keeps it open. It ends when the session does (sign-out, ` +
            'expired token): open it again with a fresh token.',
          response: {
            200: {
              description: 'The event stream',
              content: { 'text/event-stream': { schema: Type.String() } },
            },
          },
        },
      },
      (request, reply) => openStream(request, reply, { hub, open, heartbeatMs }),
    );
  };
