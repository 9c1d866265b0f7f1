import { format } from 'date-fns';
import { maxValue, minValue, required } from 'react-admin';
import { RATING_MAX, RATING_MIN } from '../../../../shared/constants';
import type { MESSAGES } from '../../../../shared/messages';
import { isDownloadUrl } from '../../../../shared/urls';
import { urlRule } from '../../components/urlRule';

/** The i18n key of a MESSAGES.download text (merged under tm.downloads.validation). */
const text = (name: keyof typeof MESSAGES.download) => `tm.downloads.validation.${name}`;

/** What the server accepts as a download's address: an http(s) URL or a page of this site (`/login`). */
export const validDownloadUrl = urlRule(isDownloadUrl);

/** The download form's rules (docs/spec-notes.md §5). */
export const downloadValidators = {
  name: required(text('nameRequired')),
  version: required(text('versionRequired')),
  size: required(text('sizeRequired')),
  description: required(text('descriptionRequired')),
  downloadUrl: [required(text('urlRequired')), validDownloadUrl],
  rating: [minValue(RATING_MIN, text('ratingRange')), maxValue(RATING_MAX, text('ratingRange'))],
  downloads: [
    minValue(0, text('downloadsNegative')),
    (value: unknown) =>
      value === null || value === undefined || value === '' || Number.isInteger(Number(value))
        ? undefined
        : text('downloadsWhole'),
  ],
};

/** Defaults of a new download: android, rating 4.5, active, released today, one empty changelog entry. */
export const downloadDefaults = () => ({
  platform: 'android',
  rating: 4.5,
  downloads: 0,
  isActive: true,
  releaseDate: format(new Date(), 'yyyy-MM-dd'),
  changelog: [''],
});

/** What is sent: changelog entries trimmed, empty ones dropped. */
export const downloadPayload = <T extends object>(data: T & { changelog?: unknown }): T => ({
  ...data,
  changelog: (Array.isArray(data.changelog) ? data.changelog : [])
    .map((entry) => String(entry ?? '').trim())
    .filter(Boolean),
});
