import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { created, ok } from '../../http/envelope.js';
import { currentUser, requireRole, sessionCheck, viewerOf } from '../../http/guards.js';
import { recordRoutes } from '../../http/record-routes.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { Lahan, LahanCreateBody, LahanListQuery, LahanUpdateBody } from './schema.js';
import {
  createLahan,
  deleteLahan,
  getLahanJson,
  listLahan,
  listPetaniLahan,
  updateLahan,
} from './service.js';
import { MESSAGES } from '../../../shared/messages.js';
import { ViewportAnswer, viewportJson } from './viewport.js';

const tags = ['lahan'];
const anyRole = requireRole();
const owners = requireRole('admin', 'petani');
const denied = { 401: ErrorResponse, 403: ErrorResponse };
const VISIBILITY =
  "Admins see every lahan, a petani their own, a verified mitra the `active` ones; the owner's petani_email, " +
  "petani_phone and petani_alamat are null unless the mitra is the owner's counterpart (a contract between them " +
  'approved, active or completed). An unverified mitra gets 403 INVALID_ROLE. A lahan the caller may not see ' +
  'answers 404.';
const LIST =
  "`q` matches nama_lahan, address_lahan, the owner's name or the location name (every word must occur in one " +
  "of them). `status=aktif` is read as `active`. With `bbox` the answer is the map's view: a GeoJSON " +
  'FeatureCollection of at most 2,000 plots or grid clusters (docs/API.md, Map viewport).';
const FIELDS =
  'nama_lahan and address_lahan are trimmed and required; luas_lahan (m²) above 0; location_id and category_id ' +
  'must exist; url_image at most 10 http(s) URLs; gps a GeoJSON Point or Polygon in WGS84, or null. Each problem ' +
  'is listed in `errors` with its field.';

export const updateLahanSchema = {
  tags,
  params: IdParams,
  body: LahanUpdateBody,
  response: { 200: okResponse(Lahan), 400: ErrorResponse, ...denied, 404: ErrorResponse },
};

/** `/lahan`: land plots for admins, their owners (petani) and browsing mitra. */
export const lahanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const routes = recordRoutes(app, { tags, noun: 'Lahan', record: Lahan });
  routes.list(
    {
      summary: 'List lahan',
      description: `${VISIBILITY} ${LIST}`,
      onRequest: anyRole,
      failures: [403],
      config: { sessionInQuery: true },
      querystring: LahanListQuery,
      otherAnswer: ViewportAnswer,
    },
    async (db, query, request) => {
      if (query.bbox === undefined)
        return listLahan(db, viewerOf(request), query, undefined, sessionCheck(request));
      await sessionCheck(request)?.confirmAlone();
      return { json: await viewportJson(db, currentUser(request), { ...query, bbox: query.bbox }) };
    },
  );

  routes.list(
    {
      summary: "The caller's own lahan (petani only)",
      description: LIST,
      path: '/my',
      onRequest: requireRole('petani'),
      querystring: LahanListQuery,
      otherAnswer: ViewportAnswer,
    },
    async (db, query, request) =>
      query.bbox === undefined
        ? listLahan(db, currentUser(request), query)
        : { json: await viewportJson(db, currentUser(request), { ...query, bbox: query.bbox }) },
  );

  routes.list(
    {
      summary: "One petani's lahan",
      description:
        'Admins: any petani; a petani: only their own id (another id answers 403); a mitra: the active ones ' +
        `(as on GET /lahan). An id that is not a petani answers 404. ${LIST}`,
      path: '/petani/:id',
      onRequest: anyRole,
      failures: [403],
      params: IdParams,
      querystring: LahanListQuery,
      otherAnswer: ViewportAnswer,
    },
    (db, query, request) => listPetaniLahan(db, currentUser(request), request.params.id, query),
  );

  routes.read(
    {
      summary: 'Get one lahan',
      description: VISIBILITY,
      onRequest: anyRole,
      failures: [403],
      config: { sessionInQuery: true },
      jsonText: true,
    },
    (db, id, request) => getLahanJson(db, viewerOf(request), id, sessionCheck(request)),
  );

  app.post(
    '',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'Create a lahan (status pending)',
        description:
          `Admins create it for the petani named by petani_id; a petani for themself. ${FIELDS} ` +
          'A new lahan is `pending` until an admin verifies it.',
        body: LahanCreateBody,
        response: { 201: okResponse(Lahan), 400: ErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      created(
        reply,
        ok(
          await createLahan(request.db, currentUser(request), request.body),
          MESSAGES.record.created('Lahan'),
        ),
      ),
  );

  app.put(
    '/:id',
    {
      onRequest: owners,
      schema: {
        ...updateLahanSchema,
        summary: 'Edit a lahan',
        description:
          `Send only what changes. The owner edits the land's data, and sets \`{ status: 'active' }\` (alone) on a ` +
          `completed lahan for the next season; any other status (400 '${MESSAGES.statusCannotBeChanged}') ` +
          `and the owner are admins' to change, as on PUT /admin/lahan/{id}. ${FIELDS}`,
      },
    },
    async (request) =>
      ok(
        await updateLahan(request.db, currentUser(request), request.params.id, request.body),
        MESSAGES.record.updated('Lahan'),
      ),
  );

  app.delete(
    '/:id',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'Delete a lahan',
        description:
          'The owner or an admin. Contracts on the land keep their rows with lahan_id null. Answers the deleted record.',
        params: IdParams,
        response: { 200: okResponse(Lahan), ...denied, 404: ErrorResponse },
      },
    },
    async (request) =>
      ok(
        await deleteLahan(request.db, currentUser(request), request.params.id),
        MESSAGES.record.deleted('Lahan'),
      ),
  );
};
