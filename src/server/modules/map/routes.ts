import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../http/envelope.js';
import { Nullable, okResponse } from '../../http/schemas.js';

const MapConfig = Type.Object({
  tile_url: Nullable(Type.String()),
  tile_attribution: Type.String(),
  satellite_tile_url: Nullable(Type.String()),
  satellite_attribution: Nullable(Type.String()),
});

export const mapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { map } = app.config;
  const config = ok({
    tile_url: map.tileUrl,
    tile_attribution: map.tileAttribution,
    satellite_tile_url: map.satelliteTileUrl,
    satellite_attribution: map.satelliteAttribution,
  });
  app.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'The base map: tile URLs and their attribution',
        description:
          'Public. `tile_url` is a `{z}/{x}/{y}` raster tile URL (`MAP_TILE_URL`, OpenStreetMap by default) or ' +
          'null when the base tiles are off; `tile_attribution` is HTML to show on the map. `satellite_tile_url` ' +
          'and `satellite_attribution` are null unless satellite tiles are configured.',
        security: [],
        response: { 200: okResponse(MapConfig) },
      },
    },
    async () => config,
  );
};
