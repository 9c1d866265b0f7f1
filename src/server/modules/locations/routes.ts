import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireRole } from '../../http/guards.js';
import { recordRoutes } from '../../http/record-routes.js';
import { Location, LocationBody, LocationListQuery } from './schema.js';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

const writeDescription =
  `location_name and sub_district_id are required ('${MESSAGES.requiredFields}'); a sub_district_id ` +
  "that does not exist answers 400 'The chosen sub-district does not exist'; a name already used in the same " +
  'sub-district (any letter case) answers 409.';

const listDoc = {
  summary: 'List locations',
  description: '`q` matches the location name or the province name (every word must occur in one of them).',
  querystring: LocationListQuery,
};

/** `/location`: the locations for any signed-in user (where a petani's lahan is, filtered by sub_district_id). */
export const locationChoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireRole());
  recordRoutes(app, { tags: ['locations'], noun: 'Location', record: Location }).list(listDoc, listLocations);
};

/** `/admin/location`: villages and other places, each in a sub-district. */
export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const routes = recordRoutes(app, { tags: ['locations'], noun: 'Location', record: Location });
  routes.list(listDoc, listLocations);
  routes.read({ summary: 'Get one location with its full address' }, getLocation);
  routes.create(
    { summary: 'Create a location', description: writeDescription, body: LocationBody },
    createLocation,
  );
  routes.update(
    {
      summary: 'Replace a location',
      description: writeDescription,
      body: LocationBody,
    },
    updateLocation,
  );
  routes.remove(
    {
      summary: 'Delete a location',
      description:
        'Answers the deleted record. A location that lahan still use is not deleted: 409 CONFLICT says how many.',
    },
    deleteLocation,
  );
};
