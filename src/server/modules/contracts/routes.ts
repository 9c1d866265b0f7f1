import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { created, ok, sendPagedList } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from '../../http/schemas.js';
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
  'a petani, mitra_id a mitra; lahan_id a lahan of that petani; quantity and price 0 or more; unit (default kg); ' +
  'start_date and end_date YYYY-MM-DD with end_date not before start_date. Each problem is listed in `errors` ' +
  'with its field.';

/** One of the caller's own lists: the same query, answered for one role only (others 403). */
const ownList = (
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  path: string,
  summary: string,
  roles: ('petani' | 'mitra')[],
) =>
  app.get(
    path,
    {
      onRequest: requireRole(...roles),
      schema: {
        tags,
        summary,
        description: `Contracts the caller is a party to. ${LIST}`,
        querystring: ContractListQuery,
        response: { 200: listResponse(Contract), 400: ErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      sendPagedList(
        reply,
        await listContracts(request.db, currentUser(request), request.query),
        request.query,
      ),
  );

/**
 * `/contract`: admins everything; a petani or mitra the contracts they are a party to. The role guards run
 * on `onRequest`, before the body checks (preValidation), so that a caller without a token gets 401, not 400.
 */
export const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      onRequest: anyRole,
      schema: {
        tags,
        summary: 'List contracts',
        description: `Admins see every contract; a petani or mitra the ones they are a party to. ${LIST}`,
        querystring: ContractListQuery,
        response: { 200: listResponse(Contract), 400: ErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      sendPagedList(
        reply,
        await listContracts(request.db, currentUser(request), request.query),
        request.query,
      ),
  );

  ownList(app, '/user', "The caller's contracts (petani or mitra)", ['petani', 'mitra']);
  ownList(app, '/petani', "The caller's contracts as petani (petani only)", ['petani']);
  ownList(app, '/mitra', "The caller's contracts as mitra (mitra only)", ['mitra']);

  app.get(
    '/lahan/:id',
    {
      onRequest: anyRole,
      schema: {
        tags,
        summary: 'Contracts on one lahan',
        description:
          'Admins: every contract on the lahan; its owner (petani) and a mitra with a contract on it: theirs. Anyone else, or a missing lahan: 404. ' +
          LIST,
        params: IdParams,
        querystring: ContractListQuery,
        response: { 200: listResponse(Contract), 400: ErrorResponse, ...denied, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendPagedList(
        reply,
        await listLahanContracts(request.db, currentUser(request), request.params.id, request.query),
        request.query,
      ),
  );

  app.get(
    '/:id',
    {
      onRequest: anyRole,
      schema: {
        tags,
        summary: 'Get one contract',
        description: 'Admins and the two parties; anyone else gets 404, as for a missing id.',
        params: IdParams,
        response: { 200: okResponse(Contract), 400: ErrorResponse, ...denied, 404: ErrorResponse },
      },
    },
    async (request) => ok(await getContract(request.db, currentUser(request), request.params.id)),
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
          'contract_category_id and the terms (price, quantity, unit, start_date, end_date, delivery_terms) only ' +
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
