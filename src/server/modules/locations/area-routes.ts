import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { created, ok } from '../../http/envelope.js';
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

const tags = ['locations'];
const createFailures = { 400: ErrorResponse, 409: ErrorResponse };
const createDescription = (parent: string) =>
  `The name is required after trimming and the ${parent} must exist; either failure answers 400 ` +
  "'Please fill in all required fields' (SPEC §5). A name already used under the same parent " +
  '(any letter case) answers 409.';

/** The province > district (kabupaten/kota) > sub-district (kecamatan) hierarchy behind location forms. */
export const areaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/province',
    {
      schema: {
        tags,
        summary: 'All provinces, by name (not paginated)',
        response: { 200: okResponse(Type.Array(Province)) },
      },
    },
    async (request) => ok(await listProvinces(request.db)),
  );

  app.get(
    '/province/:id/districts',
    {
      schema: {
        tags,
        summary: 'All districts (kabupaten/kota) of a province, by name',
        params: IdParams,
        response: { 200: okResponse(Type.Array(District)), 404: ErrorResponse },
      },
    },
    async (request) => ok(await listDistricts(request.db, request.params.id)),
  );

  app.get(
    '/district/:id/sub-districts',
    {
      schema: {
        tags,
        summary: 'All sub-districts (kecamatan) of a district, by name',
        params: IdParams,
        response: { 200: okResponse(Type.Array(SubDistrict)), 404: ErrorResponse },
      },
    },
    async (request) => ok(await listSubDistricts(request.db, request.params.id)),
  );

  app.post(
    '/province',
    {
      schema: {
        tags,
        summary: 'Create a province',
        description:
          "province_name is required after trimming ('Please fill in all required fields'); a name already used answers 409.",
        body: ProvinceBody,
        response: { 201: okResponse(Province), ...createFailures },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createProvince(request.db, request.body), 'Province created')),
  );

  app.post(
    '/district',
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
      created(reply, ok(await createDistrict(request.db, request.body), 'District created')),
  );

  app.post(
    '/sub-district',
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
      created(reply, ok(await createSubDistrict(request.db, request.body), 'Sub-district created')),
  );
};
