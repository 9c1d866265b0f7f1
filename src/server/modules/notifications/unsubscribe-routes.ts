import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { outboxApi as T } from '../../../shared/messages/notification-delivery.js';
import { API_BASE_PATH } from '../../../shared/constants.js';
import { ok } from '../../http/envelope.js';
import { validationError } from '../../http/errors.js';
import { field, Invalid } from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { okResponse } from '../../http/schemas.js';
import { readUnsubscribeToken } from './delivery/unsubscribe-token.js';
import { confirmPage, donePage, invalidPage, unsubscribe } from './unsubscribe.js';

const tags = ['notifications'];
const TokenQuery = Type.Object(
  { token: Type.String({ maxLength: 200, description: 'The signed token of the link in the email' }) },
  { additionalProperties: false },
);
/** RFC 8058's one-click body, sent by mail clients (and by the confirmation page's button). */
const OneClick = form({
  'List-Unsubscribe': field(Type.Literal('One-Click'), (value) => {
    if (value !== 'One-Click') throw new Invalid(T.oneClickOnly);
    return value;
  }),
});
const Unsubscribed = okResponse(
  Type.Object({
    kind: Type.String(),
    channel: Type.Union([Type.Literal('email'), Type.Literal('whatsapp')]),
    enabled: Type.Literal(false),
  }),
);
/** An HTML page instead of the route's JSON answer (a person's browser, not a program, posted the form). */
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(html);

/**
 * One-click unsubscribe (`/notifications/unsubscribe?token=…`), no sign-in: the token, signed with the server's
 * secret, names the person, the kind and the channel. GET shows a page with one button; POST (that button, or a
 * mail client's RFC 8058 `List-Unsubscribe=One-Click`) turns the channel off for that kind.
 */
export const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const read = (token: string) => readUnsubscribeToken(app.config.jwtSecret, token);

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The unsubscribe page of an email link (HTML)',
        description:
          'Changes nothing: its button posts the same link. A bad token answers 400: a page saying so to a ' +
          'browser (`Accept: text/html`), the envelope naming `token` to any other client.',
        querystring: TokenQuery,
        response: {
          200: {
            description: 'text/html: the question and its button',
            content: { 'text/html': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const what = read(request.query.token);
      const action = `${API_BASE_PATH}/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      if (what) return sendPage(reply, 200, confirmPage(what, action));
      if (request.headers.accept?.includes('text/html')) return sendPage(reply, 400, invalidPage());
      throw validationError(T.invalidToken, [{ field: 'token', message: T.invalidToken }]);
    },
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Unsubscribes: turns the channel off for the kind the token names',
        description:
          'A form post (`application/x-www-form-urlencoded`, RFC 8058 `List-Unsubscribe=One-Click`) answers an HTML ' +
          'page; any other, the JSON envelope. A bad token: 400 naming `token`, nothing changed.',
        querystring: TokenQuery,
        body: OneClick,
        response: { 200: Unsubscribed },
      },
    },
    async (request, reply) => {
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
      const what = read(request.query.token);
      if (!what) {
        if (form) return sendPage(reply, 400, invalidPage());
        throw validationError(T.invalidToken, [{ field: 'token', message: T.invalidToken }]);
      }
      await unsubscribe(request.db, what);
      if (form) return sendPage(reply, 200, donePage(what));
      return ok({ kind: what.kind, channel: what.channel, enabled: false as const }, T.unsubscribed);
    },
  );
};
