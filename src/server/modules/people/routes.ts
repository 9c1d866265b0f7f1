import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { created, ok, sendPagedList } from '../../http/envelope.js';
import { currentUser, sessionCheck } from '../../http/guards.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from '../../http/schemas.js';
import { personBody, type PersonInput } from './fields.js';
import type { PeopleQuery, PersonKind } from './kinds.js';
import { withNikInfoSchema } from './nik-info.js';
import { createPerson, deletePerson, getPerson, listPeople, updatePerson } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

export interface PeopleRoutesOptions {
  /** Path of one record under the prefix; `/admin/{id}` constrains it to digits so it shadows no other route. */
  idPath?: string;
}

const SEARCH =
  '`q`: every word must occur (any letter case) in the name, email, username or phone' +
  ' (and the NIK of petani and mitra, the company name of mitra).';

/** List, read, create, replace and delete the accounts of one kind (admins, users, petani, mitra). */
export function peopleRoutes(kind: PersonKind, { idPath = '/:id' }: PeopleRoutesOptions = {}) {
  const noun = kind.label.toLowerCase();
  const tags = [`people: ${noun}`];
  const failures = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
  // One record (read, created, replaced, deleted): a petani's or mitra's has `nik_info` too.
  const single = withNikInfoSchema(kind.record);

  const routes: FastifyPluginAsyncTypebox = async (app) => {
    app.get(
      '/',
      {
        config: { sessionInQuery: true },
        schema: {
          tags,
          summary: `List ${noun} accounts`,
          description: SEARCH,
          querystring: kind.list.query,
          response: { 200: listResponse(kind.record), 400: ErrorResponse },
        },
      },
      async (request, reply) =>
        sendPagedList(
          reply,
          await listPeople(request.db, kind, request.query as PeopleQuery, sessionCheck(request)),
          request.query as PeopleQuery,
        ),
    );

    app.get(
      idPath,
      {
        schema: {
          tags,
          summary: `Get one ${noun} account`,
          description: 'A petani or mitra record has `nik_info` too: what its NIK says (docs/API.md).',
          params: IdParams,
          response: { 200: okResponse(single), 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request) => ok(await getPerson(request.db, kind, request.params.id)),
    );

    app.post(
      '/',
      {
        schema: {
          tags,
          summary: `Create a ${noun} account`,
          description:
            'full_name, email and password are required. Every invalid field is listed in `errors` (email ' +
            'format, password 8+ characters with a letter and a digit, NIK 16 digits of a known kabupaten/kota, ' +
            'a real birth date and a serial other than 0000, phone +62…/08…). An ' +
            'email, NIK or username already registered answers 409 CONFLICT. The account and its profile ' +
            'are created together.',
          body: personBody(kind.role, true),
          response: { 201: okResponse(single), ...failures },
        },
      },
      async (request, reply) => {
        const record = await createPerson(request.db, kind, request.body as PersonInput);
        return created(reply, ok(record, MESSAGES.record.created(kind.label)));
      },
    );

    app.put(
      idPath,
      {
        schema: {
          tags,
          summary: `Replace a ${noun} account`,
          description:
            'full_name and email are required; any other field left out stays as it is, and null or an ' +
            'empty string clears it. A password, when given, replaces the old one and signs the account ' +
            'out everywhere. Same rules and 409s as create. Admins cannot change their own role.',
          params: IdParams,
          body: personBody(kind.role, false),
          response: { 200: okResponse(single), ...failures },
        },
      },
      async (request) => {
        const input = request.body as PersonInput;
        const record = await updatePerson(request.db, kind, request.params.id, input, currentUser(request));
        return ok(record, MESSAGES.record.updated(kind.label));
      },
    );

    app.delete(
      idPath,
      {
        schema: {
          tags,
          summary: `Delete a ${noun} account`,
          description:
            'Deletes the account with its documents, profile, sessions and lahan in one transaction; ' +
            'contracts stay, with the party set to null. Answers the deleted record. Admins cannot delete ' +
            'themselves here (409), and the last admin stays.',
          params: IdParams,
          response: { 200: okResponse(single), ...failures },
        },
      },
      async (request) =>
        ok(
          await deletePerson(request.db, kind, request.params.id, currentUser(request)),
          MESSAGES.record.deleted(kind.label),
        ),
    );
  };
  return routes;
}
