import type { FastifyRequest } from 'fastify';
import { DOWNLOAD_PLATFORMS, RATING_MAX, RATING_MIN } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { isDownloadUrl } from '../../../shared/urls.js';
import {
  boolean,
  Invalid,
  isoDate,
  numberIn,
  oneOf,
  parseFields,
  text,
  withoutNul,
  type FieldsSpec,
  type Parsed,
} from '../../http/field-rules.js';
import { MAX_INT4 } from '../../http/schemas.js';

const M = MESSAGES.download;

export const NAME_MAX = 160;
export const VERSION_MAX = 40;
export const SIZE_MAX = 40;
export const DESCRIPTION_MAX = 5000;
export const URL_MAX = 2000;
export const CHANGELOG_MAX = 50;
export const CHANGELOG_ENTRY_MAX = 500;

const downloadUrl = (value: unknown) => {
  const url = text(URL_MAX, M.urlRequired, M.urlTooLong)(value);
  if (!isDownloadUrl(url)) throw new Invalid(M.urlInvalid);
  return url;
};

const downloads = (value: unknown) => {
  const n = numberIn(-Infinity, MAX_INT4, M.downloadsWhole)(value) as number;
  if (n < 0) throw new Invalid(M.downloadsNegative);
  if (!Number.isInteger(n)) throw new Invalid(M.downloadsWhole);
  return n;
};

/** One decimal, as the column keeps it (0.0–5.0). */
const rating = (value: unknown) =>
  Math.round((numberIn(RATING_MIN, RATING_MAX, M.ratingRange)(value) as number) * 10) / 10;

/** Entries trimmed; empty ones dropped (SPEC.md §5). */
const changelog = (value: unknown) => {
  if (!Array.isArray(value) || value.length > CHANGELOG_MAX) throw new Invalid(M.changelogInvalid);
  return value
    .map((entry) => {
      if (typeof entry !== 'string' || entry.trim().length > CHANGELOG_ENTRY_MAX)
        throw new Invalid(M.changelogInvalid);
      return withoutNul(entry).trim();
    })
    .filter(Boolean);
};

const RULES = {
  name: text(NAME_MAX, M.nameRequired, M.nameTooLong),
  platform: oneOf(DOWNLOAD_PLATFORMS, M.platformInvalid),
  version: text(VERSION_MAX, M.versionRequired, M.versionTooLong),
  size: text(SIZE_MAX, M.sizeRequired, M.sizeTooLong),
  downloads,
  rating,
  releaseDate: isoDate(M.releaseDateInvalid),
  description: text(DESCRIPTION_MAX, M.descriptionRequired, M.descriptionTooLong),
  downloadUrl,
  changelog,
  isActive: boolean(M.isActiveInvalid),
};

export type DownloadField = keyof typeof RULES;
const ALL = Object.keys(RULES) as DownloadField[];

export type DownloadFields = Parsed<typeof RULES>;

const CREATE: FieldsSpec<DownloadField> = {
  fields: ALL,
  required: ['name', 'version', 'size', 'description', 'downloadUrl'],
};

/** The message is the first problem's (the spec's texts); `errors` lists them all. */
export const parseDownloadFields = (body: unknown, spec: FieldsSpec<DownloadField>) =>
  parseFields(body, RULES, spec);

/** preValidation hooks: replace the body with its checked, normalised download fields. */
export const createDownloadFields = async (request: FastifyRequest) => {
  request.body = parseDownloadFields(request.body, CREATE);
};
export const updateDownloadFields = async (request: FastifyRequest) => {
  request.body = parseDownloadFields(request.body, { fields: ALL });
};
