import type { Validator } from 'react-admin';
import { isWebUrl } from '../../../shared/urls';

/** A form rule: empty, or an address `isValid` accepts ('Please enter a valid URL'). */
export const urlRule =
  (isValid: (url: string) => boolean): Validator =>
  (value: unknown) =>
    value === undefined || value === null || value === '' || isValid(String(value).trim())
      ? undefined
      : 'tm.form.url_invalid';

/** An absolute http(s) URL. */
export const validUrl = urlRule(isWebUrl);
