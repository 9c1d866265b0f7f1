import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { confirmsPassword } from '../auth/confirm.js';
import {
  cancelContract,
  completeContract,
  counterContract,
  rejectContract,
  reviseContract,
  startContract,
} from './actions.js';
import { partyStep, refused } from './party-routes.js';
import { Contract } from './schema.js';
import { assertSignable, signContract } from './signing.js';
import { CancelBody, NoteBody, SignBody, TermStepBody } from './step-fields.js';

const M = MESSAGES.contract;
const tags = ['contract'];
const RULES =
  "Not a party (or a missing id): 404. The other party's step: 403 INVALID_ROLE. A status the step cannot be " +
  "taken from: 409 CONFLICT naming it ('Kontrak berstatus Disetujui tidak dapat …'). One transaction: the " +
  'status change, an event (GET /contract/{id}/events), an audit row, the lahan effect.';
const responses = { 200: okResponse(Contract), 400: ErrorResponse, ...refused, 429: ErrorResponse };
const schema = (summary: string, description: string) => ({
  tags,
  summary,
  description: `${description} ${RULES}`,
  params: IdParams,
  response: responses,
});

/** The steps of the contract lifecycle (lifecycle.ts), `POST /contract/{id}/<step>`; each answers the Contract. */
export const stepRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:id/counter',
    {
      ...partyStep,
      schema: {
        ...schema(
          'Counter-offer (petani)',
          'pending → negotiation, a new version of the terms; signatures voided.',
        ),
        body: TermStepBody,
      },
    },
    async (request) =>
      ok(
        await counterContract(request.db, currentUser(request), request.params.id, request.body),
        M.countered,
      ),
  );

  app.post(
    '/:id/revise',
    {
      ...partyStep,
      schema: {
        ...schema(
          'Revise the terms (mitra)',
          'pending/negotiation → pending, a new version of the terms; signatures voided.',
        ),
        body: TermStepBody,
      },
    },
    async (request) =>
      ok(await reviseContract(request.db, currentUser(request), request.params.id, request.body), M.revised),
  );

  app.post(
    '/:id/sign',
    {
      ...partyStep,
      preHandler: [assertSignable, confirmsPassword('password', M.passwordWrong)],
      schema: {
        ...schema(
          'Sign the current version (petani, mitra)',
          'Re-authenticates with the password (a wrong one: 400 on password; the 6th wrong one within 15 minutes in a session: 429) and requires ' +
            'consent: true (src/shared/contracts.ts ELECTRONIC_SIGNATURE_CONSENT) and terms_version, the version the signer read: ' +
            "not the current one → 409 CONFLICT 'Ketentuan kontrak telah berubah menjadi versi N. …' with errors [{field: 'terms_version'}], nothing signed. " +
            "Stores the signer, time, IP, user agent, the version and its document's SHA-256. " +
            'Both parties signed the current version → approved. Already signed this version: 409.',
        ),
        body: SignBody,
      },
    },
    async (request) =>
      ok(
        await signContract(request.db, currentUser(request), request.params.id, request.body.terms_version, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
        M.signed,
      ),
  );

  app.post(
    '/:id/reject',
    {
      ...partyStep,
      schema: {
        ...schema('Reject (petani)', 'pending/negotiation → rejected; the lahan is free again.'),
        body: NoteBody,
      },
    },
    async (request) =>
      ok(
        await rejectContract(request.db, currentUser(request), request.params.id, request.body.note),
        M.rejected,
      ),
  );

  app.post(
    '/:id/cancel',
    {
      ...partyStep,
      schema: {
        ...schema(
          'Cancel',
          'A party while pending/negotiation (reason optional); an admin while pending, negotiation, approved or ' +
            'active, with a reason (400 on reason without). → cancelled; the lahan is free again.',
        ),
        body: CancelBody,
      },
    },
    async (request) =>
      ok(
        await cancelContract(request.db, currentUser(request), request.params.id, request.body.reason),
        M.cancelled,
      ),
  );

  app.post(
    '/:id/start',
    {
      ...partyStep,
      schema: schema(
        'Start (mitra)',
        'approved → active; the lahan becomes on_going. The system also starts approved contracts on their start date.',
      ),
    },
    async (request) =>
      ok(await startContract(request.db, currentUser(request), request.params.id), M.started),
  );

  app.post(
    '/:id/complete',
    {
      ...partyStep,
      schema: {
        ...schema(
          'Complete (mitra)',
          'active → completed, once it has at least one delivery and the petani confirmed every one (else 409); the lahan becomes completed.',
        ),
        body: NoteBody,
      },
    },
    async (request) =>
      ok(
        await completeContract(request.db, currentUser(request), request.params.id, request.body.note),
        M.completed,
      ),
  );
};
