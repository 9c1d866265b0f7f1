import { NullableBooleanInput, type TranslateFunction } from 'react-admin';

/** The verification filter of the people lists (status_verifikasi true/false). */
export const verificationFilter = (translate: TranslateFunction) => (
  <NullableBooleanInput
    key="status_verifikasi"
    source="status_verifikasi"
    label={translate('tm.list.verification')}
    trueLabel={translate('tm.verification.verified')}
    falseLabel={translate('tm.verification.unverified')}
  />
);
