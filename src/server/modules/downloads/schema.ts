import { Type } from 'typebox';
import { DOWNLOAD_PLATFORMS, RATING_MAX, RATING_MIN } from '../../../shared/constants.js';
import { listQuery, listQueryProperties, Timestamp } from '../../http/schemas.js';
import {
  CHANGELOG_ENTRY_MAX,
  CHANGELOG_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  SIZE_MAX,
  URL_MAX,
  VERSION_MAX,
} from './fields.js';

const Platform = Type.Enum(DOWNLOAD_PLATFORMS);

/** The Download record of docs/API.md (camelCase, as SPEC.md names it). */
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

const fields = {
  name: Type.String({ maxLength: NAME_MAX, description: "Required ('Name is required'); trimmed" }),
  platform: Type.Enum(DOWNLOAD_PLATFORMS, { description: 'Default android' }),
  version: Type.String({ maxLength: VERSION_MAX, description: "Required ('Version is required')" }),
  size: Type.String({ maxLength: SIZE_MAX, description: "Required ('Size is required'), e.g. 32.4 MB" }),
  downloads: Type.Integer({ minimum: 0, description: "Default 0 ('Downloads cannot be negative')" }),
  rating: Type.Number({
    minimum: RATING_MIN,
    maximum: RATING_MAX,
    description: "Default 4.5, one decimal ('Rating must be between 0 and 5')",
  }),
  releaseDate: Type.String({ format: 'date', description: 'YYYY-MM-DD; default today (Asia/Jakarta)' }),
  description: Type.String({
    maxLength: DESCRIPTION_MAX,
    description: "Required ('Description is required')",
  }),
  downloadUrl: Type.String({
    maxLength: URL_MAX,
    description: "Required ('Download URL is required'), an http(s) URL ('Please enter a valid URL')",
  }),
  changelog: Type.Array(Type.String({ maxLength: CHANGELOG_ENTRY_MAX }), {
    maxItems: CHANGELOG_MAX,
    description: 'Entries are trimmed; empty ones are dropped. Default []',
  }),
  isActive: Type.Boolean({ description: 'Default true; only active entries are public' }),
};

/** Documents the body; the rules and their messages are in fields.ts (a preValidation hook). */
export const DownloadCreateBody = Type.Object(
  {
    ...fields,
    platform: Type.Optional(fields.platform),
    downloads: Type.Optional(fields.downloads),
    rating: Type.Optional(fields.rating),
    releaseDate: Type.Optional(fields.releaseDate),
    changelog: Type.Optional(fields.changelog),
    isActive: Type.Optional(fields.isActive),
  },
  { additionalProperties: false },
);

export const DownloadUpdateBody = Type.Partial(Type.Object(fields, { additionalProperties: false }), {
  additionalProperties: false,
  description: 'Send only what changes; same rules as create.',
});

export const DOWNLOAD_SORT_KEYS = ['createdAt', 'releaseDate', 'name', 'downloads'] as const;

export const DownloadListQuery = listQuery(DOWNLOAD_SORT_KEYS, {
  platform: Type.Optional(Platform),
  isActive: Type.Optional(Type.Boolean()),
});

export const PublicDownloadQuery = Type.Object(
  {
    page: listQueryProperties.page,
    limit: listQueryProperties.limit,
    platform: Type.Optional(Platform),
  },
  { additionalProperties: false },
);
