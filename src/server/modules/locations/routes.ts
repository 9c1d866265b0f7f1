import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { created, ok, pagedList } from '../../http/envelope.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from '../../http/schemas.js';
import { Location, LocationBody, LocationListQuery } from './schema.js';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

const tags = ['locations'];
const writeDescription =
  `location_name and sub_district_id are required ('${MESSAGES.requiredFields}'); a sub_district_id ` +
  "that does not exist answers 400 'The chosen sub-district does not exist'; a name already used in the same " +
  'sub-district (any letter case) answers 409.';

/** `/admin/location`: villages and other places, each in a sub-district. */
export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List locations',
        description:
          '`q` matches the location name or the province name (every word must occur in one of them).',
        querystring: LocationListQuery,
        response: { 200: listResponse(Location) },
      },
    },
    async (request) => pagedList(await listLocations(request.db, request.query), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Get one location with its full address',
        params: IdParams,
        response: { 200: okResponse(Location), 404: ErrorResponse },
      },
    },
    async (request) => ok(await getLocation(request.db, request.params.id)),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a location',
        description: writeDescription,
        body: LocationBody,
        response: { 201: okResponse(Location), 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createLocation(request.db, request.body), MESSAGES.record.created('Location'))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Replace a location',
        description: writeDescription,
        params: IdParams,
        body: LocationBody,
        response: { 200: okResponse(Location), 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      ok(
        await updateLocation(request.db, request.params.id, request.body),
        MESSAGES.record.updated('Location'),
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a location',
        description:
          'Answers the deleted record. A location that lahan still use is not deleted: 409 CONFLICT says how many.',
        params: IdParams,
        response: { 200: okResponse(Location), 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      ok(await deleteLocation(request.db, request.params.id), MESSAGES.record.deleted('Location')),
  );
};
