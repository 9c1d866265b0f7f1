import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser, sessionCheck } from '../../http/guards.js';
import { recordRoutes } from '../../http/record-routes.js';
import { personBody, type PersonInput } from './fields.js';
import type { PeopleQuery, PersonKind } from './kinds.js';
import { withNikInfoSchema } from './nik-info.js';
import { createPerson, deletePerson, getPerson, listPeople, updatePerson } from './service.js';

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
  // One record (read, created, replaced, deleted): a petani's or mitra's has `nik_info` too.
  const single = withNikInfoSchema(kind.record);

  const routes: FastifyPluginAsyncTypebox = async (app) => {
    recordRoutes(app, { tags, noun: kind.label, record: kind.record }).list(
      {
        summary: `List ${noun} accounts`,
        description: SEARCH,
        path: '/',
        config: { sessionInQuery: true },
        querystring: kind.list.query,
      },
      (db, query, request) => listPeople(db, kind, query as PeopleQuery, sessionCheck(request)),
    );

    const records = recordRoutes(app, { tags, noun: kind.label, record: single });
    records.read(
      {
        summary: `Get one ${noun} account`,
        description: 'A petani or mitra record has `nik_info` too: what its NIK says (docs/API.md).',
        path: idPath,
      },
      (db, id) => getPerson(db, kind, id),
    );
    records.create(
      {
        summary: `Create a ${noun} account`,
        description:
          'full_name, email and password are required. Every invalid field is listed in `errors` (email ' +
          'format, password 8+ characters with a letter and a digit, NIK 16 digits of a known kabupaten/kota, ' +
          'a real birth date and a serial other than 0000, phone a valid number as 08…, 62… or +62 …). An ' +
          'email, NIK or username already registered answers 409 CONFLICT. The account and its profile ' +
          'are created together.',
        path: '/',
        body: personBody(kind.role, true),
      },
      (db, body) => createPerson(db, kind, body as PersonInput),
    );
    records.update(
      {
        summary: `Replace a ${noun} account`,
        description:
          'full_name and email are required; any other field left out stays as it is, and null or an ' +
          'empty string clears it. A password, when given, replaces the old one and signs the account ' +
          'out everywhere. Same rules and 409s as create. Admins cannot change their own role.',
        path: idPath,
        body: personBody(kind.role, false),
      },
      (db, id, body, request) => updatePerson(db, kind, id, body as PersonInput, currentUser(request)),
    );
    records.remove(
      {
        summary: `Delete a ${noun} account`,
        description:
          'Deletes the account with its documents, profile, sessions and lahan in one transaction; ' +
          'contracts stay, with the party set to null. Answers the deleted record. Admins cannot delete ' +
          'themselves here (409), and the last admin stays.',
        path: idPath,
      },
      (db, id, request) => deletePerson(db, kind, id, currentUser(request)),
    );
  };
  return routes;
}
