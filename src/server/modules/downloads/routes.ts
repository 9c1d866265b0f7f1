import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.js';
import { recordRoutes } from '../../http/record-routes.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import {
  Download,
  DownloadCreateBody,
  DownloadListQuery,
  DownloadUpdateBody,
  PublicDownloadQuery,
} from './schema.js';
import {
  countHit,
  createDownload,
  deleteDownload,
  getDownload,
  listDownloads,
  listPublicDownloads,
  updateDownload,
} from './service.js';
import { MESSAGES } from '../../../shared/messages.js';

const tags = ['downloads'];
const RULES =
  "name, version, size, description and downloadUrl are required ('Name is required', …); downloadUrl an " +
  "http(s) URL ('Please enter a valid URL'); rating 0–5; downloads 0 or more; empty changelog entries are " +
  "dropped. The message is the first problem's; `errors` lists each with its field.";

/** `/admin/downloads`: the app downloads the public page offers (admin scope: admins only, audited). */
export const adminDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const routes = recordRoutes(app, { tags, noun: 'Download', record: Download });
  routes.list(
    {
      summary: 'List downloads',
      description: '`q` matches name, version or description. Filters: platform, isActive.',
      querystring: DownloadListQuery,
    },
    listDownloads,
  );
  routes.read({ summary: 'Get one download' }, getDownload);
  routes.create(
    {
      summary: 'Create a download',
      description: `${RULES} Defaults: platform android, rating 4.5, isActive true, releaseDate today.`,
      body: DownloadCreateBody,
    },
    createDownload,
  );
  routes.update(
    {
      summary: 'Edit a download',
      description: `Send only what changes. ${RULES}`,
      body: DownloadUpdateBody,
    },
    updateDownload,
  );
  routes.remove({ summary: 'Delete a download', description: 'Answers the deleted record.' }, deleteDownload);
};

/** `/downloads`: the public download page (no token). */
export const publicDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  recordRoutes(app, { tags, noun: 'Download', record: Download }).list(
    {
      summary: 'Active downloads, newest release first (public)',
      description: 'No token needed. Optional platform filter.',
      isPublic: true,
      querystring: PublicDownloadQuery,
    },
    listPublicDownloads,
  );

  app.post(
    '/:id/hit',
    {
      schema: {
        tags,
        summary: 'Count one download of an active entry (public)',
        description:
          "The page's download button calls it. One IP address counts once per entry per hour; a repeat " +
          'answers the record unchanged. An inactive or missing entry answers 404.',
        security: [],
        params: IdParams,
        response: { 200: okResponse(Download), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      ok(await countHit(request.db, request.params.id, request.ip), MESSAGES.record.counted('Download')),
  );
};
