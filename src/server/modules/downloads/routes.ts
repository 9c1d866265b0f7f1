import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { created, ok, pagedList } from '../../http/envelope.js';
import { ErrorResponse, IdParams, listResponse, okResponse } from '../../http/schemas.js';
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
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'List downloads',
        description: '`q` matches name, version or description. Filters: platform, isActive.',
        querystring: DownloadListQuery,
        response: { 200: listResponse(Download), 400: ErrorResponse },
      },
    },
    async (request) => pagedList(await listDownloads(request.db, request.query), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Get one download',
        params: IdParams,
        response: { 200: okResponse(Download), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ok(await getDownload(request.db, request.params.id)),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a download',
        description: `${RULES} Defaults: platform android, rating 4.5, isActive true, releaseDate today.`,
        body: DownloadCreateBody,
        response: { 201: okResponse(Download), 400: ErrorResponse },
      },
    },
    async (request, reply) =>
      created(reply, ok(await createDownload(request.db, request.body), MESSAGES.record.created('Download'))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a download',
        description: `Send only what changes. ${RULES}`,
        params: IdParams,
        body: DownloadUpdateBody,
        response: { 200: okResponse(Download), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      ok(
        await updateDownload(request.db, request.params.id, request.body),
        MESSAGES.record.updated('Download'),
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a download',
        description: 'Answers the deleted record.',
        params: IdParams,
        response: { 200: okResponse(Download), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      ok(await deleteDownload(request.db, request.params.id), MESSAGES.record.deleted('Download')),
  );
};

/** `/downloads`: the public download page (no token). */
export const publicDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Active downloads, newest release first (public)',
        description: 'No token needed. Optional platform filter.',
        security: [],
        querystring: PublicDownloadQuery,
        response: { 200: listResponse(Download), 400: ErrorResponse },
      },
    },
    async (request) => pagedList(await listPublicDownloads(request.db, request.query), request.query),
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
