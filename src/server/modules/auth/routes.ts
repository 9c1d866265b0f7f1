import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { created, ok } from '../../http/envelope.js';
import { authenticate } from '../../http/guards.js';
import { ErrorResponse, okResponse } from '../../http/schemas.js';
import { loadPerson, PersonRecord, UserRecord } from './records.js';
import { RefreshBody, SigninBody, SignoutBody, SignupBody, TokenPair } from './schema.js';
import { withRetryAfter } from '../../http/rate-limit.js';
import { rememberDevice, trustedDevice } from './device.js';
import { reserveSignUp } from './limits.js';
import { signIn, signUp, type SignUp } from './service.js';
import { revokeAllSessions, revokeFamilyOf, rotate } from './sessions.js';

const signinFailures = { 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signInSummary =
    'Same 401 INVALID_CREDENTIALS for an unknown email and a wrong password. A success sets the device ' +
    'cookie `tm_device` (HttpOnly, SameSite=Strict, Path=/api/v1/auth, a year; Secure over https): a ' +
    'browser sending it back for the account gets 5 tries per 15 minutes of its own, whatever others did. ' +
    'Clients without it share these limits per 15 minutes: one IP address gets 5 tries at one email and ' +
    '20 in all, and an email gets 100 tries from all addresses together. Beyond a limit: 429 RATE_LIMITED ' +
    'with Retry-After until the window passes, even with the right password. A success clears its own ' +
    'counter (the device’s, or the address’s for the email).';
  const secret = app.config.jwtSecret;
  const deviceOf = (request: FastifyRequest) => (userId: number) => trustedDevice(request, secret, userId);
  /** Both sign-ins: the checks and limits of `signIn`, then the device cookie and the person signed in. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: { email: string; password: string },
    audience: 'admin' | 'member',
  ) => {
    const { userId, tokens } = await withRetryAfter(reply, () =>
      signIn(request.db, app.tokens, {
        ...credentials,
        ip: request.ip,
        deviceOf: deviceOf(request),
        audience,
      }),
    );
    rememberDevice(request, reply, secret, userId);
    return { ...tokens, person: await loadPerson(request.db, userId) };
  };

  app.post(
    '/admin-signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admin sign-in',
        description: `${signInSummary} A petani or mitra gets 403 INVALID_ROLE.`,
        security: [],
        body: SigninBody,
        response: {
          200: okResponse(
            Type.Object({ token: Type.String(), refreshToken: Type.String(), admin: UserRecord }),
          ),
          ...signinFailures,
        },
      },
    },
    async (request, reply) => {
      const { person, ...tokens } = await signedIn(request, reply, request.body, 'admin');
      return ok({ ...tokens, admin: person }, MESSAGES.adminLoginSuccess);
    },
  );

  app.post(
    '/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Petani and mitra sign-in',
        description: `${signInSummary} An admin gets 403 INVALID_ROLE (admins use /auth/admin-signin).`,
        security: [],
        body: SigninBody,
        response: {
          200: okResponse(
            Type.Object({ token: Type.String(), refreshToken: Type.String(), user: PersonRecord }),
          ),
          ...signinFailures,
        },
      },
    },
    async (request, reply) => {
      const { person, ...tokens } = await signedIn(request, reply, request.body, 'member');
      return ok({ ...tokens, user: person }, MESSAGES.session.loginSuccess);
    },
  );

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a petani or mitra account (unverified) and sign in',
        description:
          'Every invalid field is listed in `errors` with its own message: email format, password (at least 8 ' +
          'characters with a letter and a digit), NIK (16 digits: a known kabupaten/kota, a real birth date, ' +
          'serial not 0000), phone (a valid number typed as 08…, 62… or +62 …, stored in E.164). An ' +
          'email, NIK or username already registered answers 409 CONFLICT. username is optional (3–32 of a-z, ' +
          '0-9, "." and "_"). Company fields apply to mitra only (a petani sending one gets 400). ' +
          'One IP address may try 10 sign-ups an hour; the 11th answers 429 RATE_LIMITED with Retry-After. ' +
          'Sets the device cookie as a sign-in does.',
        security: [],
        body: SignupBody,
        response: {
          201: okResponse(
            Type.Object({ token: Type.String(), refreshToken: Type.String(), user: PersonRecord }),
          ),
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => reserveSignUp(request.db, request.ip));
      const { userId, tokens } = await signUp(request.db, app.tokens, request.body as SignUp);
      rememberDevice(request, reply, secret, userId);
      const user = await loadPerson(request.db, userId);
      return created(reply, ok({ ...tokens, user }, MESSAGES.account.signupSuccess));
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (rotation)',
        description:
          'The presented token becomes used. Presented again within 30 seconds, while its successor is ' +
          'unused, it answers that same refreshToken with a new access token (parallel refreshes keep the ' +
          'session). Otherwise presenting a used or revoked token again revokes its whole family (every ' +
          'session descended from that sign-in) and answers 401; so does an expired token (30 days).',
        security: [],
        body: RefreshBody,
        response: { 200: okResponse(TokenPair), 401: ErrorResponse },
      },
    },
    async (request) =>
      ok(
        await rotate(request.db, app.tokens, app.config.jwtSecret, request.body.refreshToken),
        MESSAGES.session.tokenRefreshed,
      ),
  );

  app.post(
    '/signout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description:
          'Revokes the family of the given refresh token. Without one, a valid bearer token signs its user ' +
          'out of every session. Always answers success.',
        security: [],
        body: SignoutBody,
        response: { 200: okResponse(Type.Null()) },
      },
    },
    async (request) => {
      const refreshToken = request.body?.refreshToken;
      if (refreshToken) {
        await revokeFamilyOf(request.db, refreshToken);
      } else {
        const user = await authenticate(request).catch(() => null);
        if (user) await revokeAllSessions(request.db, user.id);
      }
      return ok(null, MESSAGES.session.logoutSuccess);
    },
  );
};
