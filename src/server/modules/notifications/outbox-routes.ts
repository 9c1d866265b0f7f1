import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { outboxApi as T } from '../../../shared/messages/notification-delivery.js';
import { ok, pagination } from '../../http/envelope.js';
import { IdParams } from '../../http/schemas.js';
import { listSends, resendSend } from './outbox.js';
import { OutboxList, OutboxQuery, OutboxSendResponse } from './outbox-schema.js';

const tags = ['notifications'];

/** The notifications' outbox (`/admin/notification-sends`): every email and WhatsApp message, and resending one. */
export const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Every notification message (email, WhatsApp): status, tries, last error',
        querystring: OutboxQuery,
        response: { 200: OutboxList },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await listSends(request.db, query);
      return {
        ...ok(page.data),
        pagination: pagination(query.page, query.limit, page.total, page.totalExact),
      };
    },
  );

  app.post(
    '/:id/resend',
    {
      schema: {
        tags,
        summary: 'Queues a failed or dead message again',
        description:
          'With a fresh budget of tries. A send queued, under way or sent answers 409 (it could arrive twice), as ' +
          'one whose channel this server does not send on.',
        params: IdParams,
        response: { 200: OutboxSendResponse },
      },
    },
    async (request) => ok(await resendSend(request.db, request.params.id), T.resent),
  );
};
