import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { created, ok } from '../../http/envelope.js';
import { requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import {
  createDistrict,
  createProvince,
  createSubDistrict,
  listDistricts,
  listProvinces,
  listSubDistricts,
} from './areas.js';
import { District, DistrictBody, Province, ProvinceBody, SubDistrict, SubDistrictBody } from './schema.js';
import { MESSAGES } from '../../../shared/messages.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const tags = ['locations'];
const createFailures = { 400: ErrorResponse, 409: ErrorResponse };
const createDescription = (parent: string) =>
  `The name is required after trimming and the ${parent} must exist; either failure answers 400 ` +
  `'${MESSAGES.requiredFields}' (docs/spec-notes.md §5). A name already used under the same parent ` +
  '(any letter case) answers 409.';

/** GET `path`: the areas one level below area `id`, by name (404 when it does not exist); `onRequest` as below. */
function childrenRoute(
  app: App,
  path: string,
  summary: string,
  Child: TSchema,
  list: (db: Db, id: number) => Promise<unknown[]>,
  onRequest?: ReturnType<typeof requireRole>,
) {
  app.get(
    path,
    {
      onRequest,
      schema: {
        tags,
        summary,
        params: IdParams,
        response: {
          200: okResponse(Type.Array(Child)),
          404: ErrorResponse,
          ...(onRequest ? { 401: ErrorResponse, 403: ErrorResponse } : {}),
        },
      },
    },
    async (request) => ok(await list(request.db, request.params.id)),
  );
}

/** GET '': every province by name; `onRequest` guards it outside the admin scope. */
function provinceListRoute(app: App, onRequest?: ReturnType<typeof requireRole>) {
  app.get(
    '',
    {
      onRequest,
      schema: {
        tags,
        summary: 'All provinces, by name (not paginated)',
        response: {
          200: okResponse(Type.Array(Province)),
          ...(onRequest ? { 401: ErrorResponse, 403: ErrorResponse } : {}),
        },
      },
    },
    async (request) => ok(await listProvinces(request.db)),
  );
}

const DISTRICTS_SUMMARY = 'All districts (kabupaten/kota) of a province, by name';
const SUB_DISTRICTS_SUMMARY = 'All sub-districts (kecamatan) of a district, by name';

/**
 * `/province`: the provinces and each one's districts for any signed-in user (the province filter of /akun's
 * lahan search, and the location a petani picks for a lahan).
 */
export const provinceChoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  provinceListRoute(app, requireRole());
  childrenRoute(app, '/:id/districts', DISTRICTS_SUMMARY, District, listDistricts, requireRole());
};

/** `/district`: a district's sub-districts for any signed-in user (the location of a petani's lahan). */
export const districtChoiceRoutes: FastifyPluginAsyncTypebox = async (app) =>
  childrenRoute(
    app,
    '/:id/sub-districts',
    SUB_DISTRICTS_SUMMARY,
    SubDistrict,
    listSubDistricts,
    requireRole(),
  );

/*
 * The province > district (kabupaten/kota) > sub-district (kecamatan) hierarchy behind location forms.
 */

/** `/admin/province`: the provinces, each one's districts, and a new province. */
export const provinceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  provinceListRoute(app);

  childrenRoute(app, '/:id/districts', DISTRICTS_SUMMARY, District, listDistricts);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a province',
        description: `province_name is required after trimming ('${MESSAGES.requiredFields}'); a name already used answers 409.`,
        body: ProvinceBody,
        response: { 201: okResponse(Province), ...createFailures },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createProvince(request.db, request.body), MESSAGES.record.created('Province'))),
  );
};

/** `/admin/district`: a district's sub-districts, and a new district. */
export const districtRoutes: FastifyPluginAsyncTypebox = async (app) => {
  childrenRoute(app, '/:id/sub-districts', SUB_DISTRICTS_SUMMARY, SubDistrict, listSubDistricts);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a district (kabupaten/kota) in a province',
        description: createDescription('province'),
        body: DistrictBody,
        response: { 201: okResponse(District), ...createFailures },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createDistrict(request.db, request.body), MESSAGES.record.created('District'))),
  );
};

/** `/admin/sub-district`: a new sub-district. */
export const subDistrictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a sub-district (kecamatan) in a district',
        description: createDescription('district'),
        body: SubDistrictBody,
        response: { 201: okResponse(SubDistrict), ...createFailures },
      },
    },
    async (request, reply) =>
      created(
        reply,
        ok(await createSubDistrict(request.db, request.body), MESSAGES.record.created('Sub-district')),
      ),
  );
};
