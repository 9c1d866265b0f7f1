import { Type, type Static } from 'typebox';
import { DOWNLOAD_PLATFORMS } from '../../../shared/constants.js';
import { listQuery, listQueryProperties, Timestamp } from '../../http/schemas.js';
import { form } from '../../http/forms.js';
import { DOWNLOAD_FIELDS } from './fields.js';

const Platform = Type.Enum(DOWNLOAD_PLATFORMS);

/** The Download record of docs/API.md (camelCase, as the specification names its fields). */
export const Download = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  platform: Platform,
  version: Type.String(),
  size: Type.String(),
  downloads: Type.Integer(),
  rating: Type.Number(),
  releaseDate: Type.String({ format: 'date' }),
  description: Type.String(),
  downloadUrl: Type.String(),
  changelog: Type.Array(Type.String()),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const DownloadCreateBody = form(DOWNLOAD_FIELDS, {
  required: ['name', 'version', 'size', 'description', 'downloadUrl'],
});

export const DownloadUpdateBody = form(DOWNLOAD_FIELDS, {
  description: 'Send only what changes; same rules as create.',
});

export const DOWNLOAD_SORT_KEYS = ['createdAt', 'releaseDate', 'name', 'downloads'] as const;

export const DownloadListQuery = listQuery(DOWNLOAD_SORT_KEYS, {
  platform: Type.Optional(Platform),
  isActive: Type.Optional(Type.Boolean()),
});
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
