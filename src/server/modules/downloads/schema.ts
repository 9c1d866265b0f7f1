import { Type, type Static } from 'typebox';
import { DOWNLOAD_PLATFORMS } from '../../../shared/constants.js';
import { boolean, integer, number, oneOf, record, shaped, text, timestamp } from '../../db/lists/field.js';
import { equals, listResource } from '../../db/lists/resource.js';
import { downloads } from '../../db/schema.js';
import { listQueryProperties } from '../../http/schemas.js';
import { form } from '../../http/forms.js';
import { DOWNLOAD_FIELDS } from './fields.js';

const Platform = Type.Enum(DOWNLOAD_PLATFORMS);

/** The Download record of docs/API.md (camelCase, as the specification names its fields). */
export const downloadRecord = record({
  id: integer(downloads.id),
  name: text(downloads.name),
  platform: oneOf(downloads.platform, DOWNLOAD_PLATFORMS),
  version: text(downloads.version),
  size: text(downloads.size),
  downloads: integer(downloads.downloads),
  rating: number(downloads.rating),
  releaseDate: text(downloads.release_date, { format: 'date' }),
  description: text(downloads.description),
  downloadUrl: text(downloads.download_url),
  changelog: shaped(downloads.changelog, Type.Array(Type.String())),
  isActive: boolean(downloads.is_active),
  createdAt: timestamp(downloads.created_at),
  updatedAt: timestamp(downloads.updated_at),
});
export const Download = downloadRecord.schema;

/** The admin list; the public page reads it too, active entries only (service.ts). */
export const downloadList = listResource({
  entity: 'downloads',
  table: downloads,
  id: downloads.id,
  json: downloadRecord.json,
  search: downloads.search_text,
  sorts: {
    createdAt: downloads.created_at,
    releaseDate: downloads.release_date,
    name: downloads.name,
    downloads: downloads.downloads,
  },
  filters: {
    platform: equals(downloads.platform, Platform, { key: 'k1' }),
    isActive: equals(downloads.is_active, Type.Boolean(), { key: 'k2' }),
  },
});

export const DownloadCreateBody = form(DOWNLOAD_FIELDS, {
  required: ['name', 'version', 'size', 'description', 'downloadUrl'],
});

export const DownloadUpdateBody = form(DOWNLOAD_FIELDS, {
  description: 'Send only what changes; same rules as create.',
});

export const DownloadListQuery = downloadList.query;
export type DownloadQuery = Static<typeof DownloadListQuery>;

export const PublicDownloadQuery = Type.Object(
  {
    page: listQueryProperties.page,
    limit: listQueryProperties.limit,
    platform: Type.Optional(Platform),
  },
  { additionalProperties: false },
);
export type PublicQuery = Static<typeof PublicDownloadQuery>;
