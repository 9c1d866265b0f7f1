import type { TranslateFunction } from 'react-admin';
import { booleanFilter } from './booleanFilter';

/** The verification filter of the people lists (status_verifikasi true/false). */
export const verificationFilter = (translate: TranslateFunction) =>
  booleanFilter('status_verifikasi', {
    label: translate('tm.list.verification'),
    yes: translate('tm.verification.verified'),
    no: translate('tm.verification.unverified'),
  });
