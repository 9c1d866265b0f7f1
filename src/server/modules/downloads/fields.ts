import { Type } from 'typebox';
import { DOWNLOAD_PLATFORMS, RATING_MAX, RATING_MIN } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { isDownloadUrl } from '../../../shared/urls.js';
import {
  boolean,
  field,
  Invalid,
  isoDate,
  numberIn,
  oneOf,
  text,
  withoutNul,
} from '../../http/field-rules.js';
import type { FormValues } from '../../http/forms.js';
import { MAX_INT4 } from '../../http/schemas.js';

const M = MESSAGES.download;

const URL_MAX = 2000;
const CHANGELOG_MAX = 50;
const CHANGELOG_ENTRY_MAX = 500;

const url = text({ max: URL_MAX, required: M.urlRequired, tooLong: M.urlTooLong });
const downloadUrl = field(
  {
    ...url.schema,
    description: "Required ('Download URL is required'), an http(s) URL ('Please enter a valid URL')",
  },
  (value, name) => {
    const checked = url.parse(value, name);
    if (!isDownloadUrl(checked)) throw new Invalid(M.urlInvalid);
    return checked;
  },
);

const count = numberIn(-Infinity, MAX_INT4, M.downloadsWhole);
const downloads = field(
  Type.Integer({ minimum: 0, maximum: MAX_INT4, description: "Default 0 ('Downloads cannot be negative')" }),
  (value, name) => {
    const n = count.parse(value, name);
    if (n < 0) throw new Invalid(M.downloadsNegative);
    if (!Number.isInteger(n)) throw new Invalid(M.downloadsWhole);
    return n;
  },
);

const ratingIn = numberIn(RATING_MIN, RATING_MAX, M.ratingRange, {
  description: "Default 4.5, one decimal ('Rating must be between 0 and 5')",
});
/** One decimal, as the column keeps it (0.0–5.0). */
const rating = field(ratingIn.schema, (value, name) => Math.round(ratingIn.parse(value, name) * 10) / 10);

/** Entries trimmed; empty ones dropped (docs/spec-notes.md §5). */
const changelog = field(
  Type.Array(Type.String({ maxLength: CHANGELOG_ENTRY_MAX }), {
    maxItems: CHANGELOG_MAX,
    description: 'Entries are trimmed; empty ones are dropped. Default []',
  }),
  (value) => {
    if (!Array.isArray(value) || value.length > CHANGELOG_MAX) throw new Invalid(M.changelogInvalid);
    return value
      .map((entry) => {
        if (typeof entry !== 'string' || entry.trim().length > CHANGELOG_ENTRY_MAX)
          throw new Invalid(M.changelogInvalid);
        return withoutNul(entry).trim();
      })
      .filter(Boolean);
  },
);

/** The fields of POST and PUT /admin/downloads; the message is the first problem's (the spec's texts). */
export const DOWNLOAD_FIELDS = {
  name: text({ max: 160, required: M.nameRequired, tooLong: M.nameTooLong }),
  platform: oneOf(DOWNLOAD_PLATFORMS, M.platformInvalid, 'Default android'),
  version: text({ max: 40, required: M.versionRequired, tooLong: M.versionTooLong }),
  size: text({ max: 40, required: M.sizeRequired, tooLong: M.sizeTooLong, description: 'e.g. 32.4 MB' }),
  downloads,
  rating,
  releaseDate: isoDate(M.releaseDateInvalid, 'YYYY-MM-DD; default today (Asia/Jakarta)'),
  description: text({ max: 5000, required: M.descriptionRequired, tooLong: M.descriptionTooLong }),
  downloadUrl,
  changelog,
  isActive: boolean(M.isActiveInvalid, 'Default true; only active entries are public'),
};

export type DownloadFields = FormValues<typeof DOWNLOAD_FIELDS>;
