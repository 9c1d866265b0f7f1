import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import {
  CONTRACT_ACTIONS,
  CONTRACT_ACTOR_ROLES,
  CONTRACT_PARTIES,
  TERMS_PROPOSER_ROLES,
} from '../../../shared/contracts.js';
import { ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, Nullable, okResponse, Timestamp } from '../../http/schemas.js';
import { listEvents, listSignatures, listTerms } from './history.js';
import { GradePrices } from './records.js';

const Sha256 = Type.String({
  pattern: '^[0-9a-f]{64}$',
  description: 'Hex SHA-256 of the canonical document',
});
const Date_ = Type.String({ format: 'date' });

export const ContractEvent = Type.Object({
  id: Type.Integer(),
  action: Type.Enum(CONTRACT_ACTIONS),
  actor_role: Type.Enum(CONTRACT_ACTOR_ROLES),
  actor_name: Type.String({
    description: "'Sistem' for the system; 'Pengguna dihapus' for a deleted account",
  }),
  from_status: Nullable(Type.Enum(CONTRACT_STATUSES, { description: 'null for the offer' })),
  to_status: Type.Enum(CONTRACT_STATUSES, {
    description: 'Equal to from_status when the step changes no status',
  }),
  terms_version: Type.Integer(),
  note: Nullable(Type.String()),
  created_at: Timestamp,
});

export const ContractTerms = Type.Object({
  version: Type.Integer(),
  price: Type.Number({ description: 'The first grade’s price' }),
  prices: GradePrices,
  payment_days: Type.Integer(),
  quantity: Type.Number(),
  unit: Type.String(),
  total_value: Type.Number(),
  start_date: Date_,
  end_date: Date_,
  delivery_terms: Nullable(Type.String()),
  note: Nullable(Type.String()),
  proposed_role: Type.Enum(TERMS_PROPOSER_ROLES),
  document_sha256: Sha256,
  created_at: Timestamp,
});

export const ContractSignature = Type.Object({
  id: Type.Integer(),
  terms_version: Type.Integer(),
  signer_role: Type.Enum(CONTRACT_PARTIES),
  signer_name: Type.String(),
  signed_at: Timestamp,
  document_sha256: Sha256,
  voided_at: Nullable(Timestamp),
  ip: Nullable(Type.String({ description: 'Admins only (null for the parties)' })),
  user_agent: Nullable(Type.String({ description: 'Admins only (null for the parties)' })),
});

const read = (summary: string, description: string, item: Parameters<typeof Type.Array>[0]) => ({
  onRequest: requireRole(),
  schema: {
    tags: ['contract'],
    summary,
    description: `${description} The parties and admins; anyone else (or a missing id): 404.`,
    params: IdParams,
    response: {
      200: okResponse(Type.Array(item)),
      400: ErrorResponse,
      401: ErrorResponse,
      404: ErrorResponse,
    },
  },
});

/** A contract's history: its timeline, the versions of its terms, its signatures. */
export const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/events',
    read('The timeline of a contract', 'Every step, oldest first.', ContractEvent),
    async (request) => ok(await listEvents(request.db, currentUser(request), request.params.id)),
  );
  app.get(
    '/:id/terms',
    read('The versions of the terms', 'Every version, version 1 first.', ContractTerms),
    async (request) => ok(await listTerms(request.db, currentUser(request), request.params.id)),
  );
  app.get(
    '/:id/signatures',
    read(
      'The electronic signatures',
      'Every signature, voided ones included (voided_at: new terms were proposed after it). ip and user_agent for admins only.',
      ContractSignature,
    ),
    async (request) => ok(await listSignatures(request.db, currentUser(request), request.params.id)),
  );
};
