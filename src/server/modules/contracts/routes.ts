import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestHookHandler } from 'fastify';
import { MESSAGES } from '../../../shared/messages.js';
import { created, ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { recordRoutes } from '../../http/record-routes.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { AUDIT_EVERY_ACTOR } from '../../http/audit.js';
import { refuseUnverifiedMitra } from '../people/visibility.js';
import { Contract, ContractCreateBody, ContractListQuery, ContractUpdateBody } from './schema.js';
import { listContracts, listLahanContracts } from './service.js';
import { historyRoutes } from './history-routes.js';
import { stepRoutes } from './step-routes.js';
import { getContract } from './visibility.js';
import { createContract, deleteContract, updateContract } from './writes.js';

const M = MESSAGES.contract;
const tags = ['contract'];
const anyRole = requireRole();
const denied = { 401: ErrorResponse, 403: ErrorResponse };
const recordOrConflict = {
  200: okResponse(Contract),
  400: ErrorResponse,
  ...denied,
  404: ErrorResponse,
  409: ErrorResponse,
};
const LIST =
  "`q` matches title, description, commodity or either party's name (every word must occur in one of them). " +
  'Filters: status, contract_category_id, petani_id, mitra_id, lahan_id.';
const FIELDS =
  'title and commodity are trimmed and required; contract_category_id an existing contract category; petani_id ' +
  'a petani, mitra_id a mitra; lahan_id a lahan of that petani; quantity above 0; prices [{grade, price}] (1-10 ' +
  'rows, unique grade codes such as A, B, A1, integer rupiah per unit; a bad row is named, e.g. prices[1].price) ' +
  'or price alone (grade A), not both; payment_days 0-365 (default 7); unit (default kg); ' +
  'start_date and end_date YYYY-MM-DD with end_date not before start_date. Each problem is listed in `errors` ' +
  'with its field.';

/**
 * `/contract`: admins everything; a petani or mitra the contracts they are a party to. The role guards run
 * on `onRequest`, before the body checks (preValidation), so that a caller without a token gets 401, not 400.
 */
export const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const routes = recordRoutes(app, { tags, noun: 'Contract', record: Contract });
  const listOf = (summary: string, description: string, onRequest: onRequestHookHandler, path?: string) =>
    routes.list(
      { summary, description, path, onRequest, querystring: ContractListQuery, failures: [403] },
      (db, query, request) => listContracts(db, currentUser(request), query),
    );
  listOf(
    'List contracts',
    `Admins see every contract; a petani or mitra the ones they are a party to. ${LIST}`,
    anyRole,
  );
  /** The caller's own lists: the same query, answered for one role only (others 403). */
  const OWN = `Contracts the caller is a party to. ${LIST}`;
  listOf("The caller's contracts (petani or mitra)", OWN, requireRole('petani', 'mitra'), '/user');
  listOf("The caller's contracts as petani (petani only)", OWN, requireRole('petani'), '/petani');
  listOf("The caller's contracts as mitra (mitra only)", OWN, requireRole('mitra'), '/mitra');

  routes.list(
    {
      summary: 'Contracts on one lahan',
      description:
        'Admins: every contract on the lahan; its owner (petani) and a mitra with a contract on it: theirs. Anyone else, or a missing lahan: 404. ' +
        LIST,
      path: '/lahan/:id',
      onRequest: anyRole,
      params: IdParams,
      querystring: ContractListQuery,
      failures: [403],
    },
    (db, query, request) => listLahanContracts(db, currentUser(request), request.params.id, query),
  );

  routes.read(
    {
      summary: 'Get one contract',
      description: 'Admins and the two parties; anyone else gets 404, as for a missing id.',
      onRequest: anyRole,
      failures: [403],
    },
    (db, id, request) => getContract(db, currentUser(request), id),
  );

  app.post(
    '',
    {
      onRequest: [requireRole('admin', 'mitra'), refuseUnverifiedMitra],
      config: AUDIT_EVERY_ACTOR,
      schema: {
        tags,
        summary: 'Offer a contract (a verified mitra, or an admin on their behalf)',
        description:
          `${FIELDS} A verified mitra (an unverified one gets 403 INVALID_ROLE) offers in their own name ` +
          '(mitra_id omitted or their id) on an active lahan of a verified petani (lahan_id required); an admin ' +
          'names both parties, lahan optional. The contract is pending (another status: 400), with version 1 ' +
          "of its terms and an offer event; the lahan becomes negotiation. contract_type is the category's type_name.",
        body: ContractCreateBody,
        response: { 201: okResponse(Contract), 400: ErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createContract(request.db, currentUser(request), request.body), M.offered)),
  );

  app.put(
    '/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary: 'Edit a contract (admins)',
        description:
          'Admins only (the parties take steps: POST /contract/{id}/<step>). The description at any time; title, ' +
          'contract_category_id and the terms (prices or price, payment_days, quantity, unit, start_date, end_date, delivery_terms) only ' +
          'while pending or negotiation (else 409): a new version of the terms proposed by the admin, signatures ' +
          "voided, an edit event. `status` answers 400 'Status kontrak hanya berubah melalui langkah kontrak'.",
        params: IdParams,
        body: ContractUpdateBody,
        response: recordOrConflict,
      },
    },
    async (request) =>
      ok(await updateContract(request.db, currentUser(request), request.params.id, request.body), M.updated),
  );

  app.delete(
    '/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary: 'Delete a contract (admins)',
        description:
          'Answers the deleted record. A contract with any signature is not deleted (409): cancel it instead.',
        params: IdParams,
        response: recordOrConflict,
      },
    },
    async (request) =>
      ok(await deleteContract(request.db, currentUser(request), request.params.id), M.deleted),
  );

  await app.register(stepRoutes);
  await app.register(historyRoutes);
};
