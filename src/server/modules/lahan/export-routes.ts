import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { validationError } from '../../http/errors.js';
import { ErrorResponse } from '../../http/schemas.js';
import { lahanGeoJson, LahanExportQuery, type LahanExportFilters } from './export.js';

const M = MESSAGES.lahanExport;

/** A query the schema refuses, in the export's own words: each filter named, an unknown one as unknown. */
function refusedFilters(err: FastifyError) {
  const errors = err.validation!.map(({ instancePath, params }) => {
    const unknown = (params as { additionalProperty?: unknown }).additionalProperty;
    const field = typeof unknown === 'string' ? unknown : instancePath.replace(/^\//, '') || 'query';
    return { field, message: typeof unknown === 'string' ? M.unknownFilter(field) : M.invalidFilter(field) };
  });
  return validationError(errors[0]!.message, errors);
}

const FILTERS = Object.keys(LahanExportQuery.properties).join(', ');

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `/admin/lahan/export.geojson`, in the admin scope (admins only). */
export const lahanExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/export.geojson',
    {
      // Thrown on, the app's handler answers it in the envelope.
      errorHandler: (err: FastifyError) => {
        throw err.validation ? refusedFilters(err) : err;
      },
      schema: {
        tags: ['lahan'],
        summary: 'Export lahan boundaries as GeoJSON (RFC 7946) for GIS',
        description:
          `The lahan the admin list's filters and search give (${FILTERS}; any other parameter answers 400 ` +
          'naming it) that have a gps, as one FeatureCollection in WGS84 with six decimals: the boundary ' +
          "Polygon, or the pin's Point where none was drawn. Properties: id, nama_lahan, luas_lahan, " +
          'luas_terukur, category_name, status, location_name, sub_district_name, district_name, ' +
          'province_name, and the EUDR file fields ProducerCountry, ProductionPlace and (a Point) Area in ha; ' +
          'nothing of the owner. Streamed, in no particular order; `Content-Disposition: attachment; ' +
          'filename="tanimitra-lahan-<date>.geojson"`.',
        querystring: LahanExportQuery,
        response: {
          200: {
            description: 'application/geo+json',
            content: { 'application/geo+json': { schema: Type.Unsafe({ type: 'object' }) } },
          },
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const body = await lahanGeoJson(request.db, request.query as LahanExportFilters);
      return reply
        .header('Content-Type', 'application/geo+json')
        .header('Content-Disposition', `attachment; filename="tanimitra-lahan-${dayOf(new Date())}.geojson"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
