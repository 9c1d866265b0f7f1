import { NullableBooleanInput } from 'react-admin';

/** A yes / no filter of a list: unset (any), `true` or `false` for `source` in the API's query. */
export const booleanFilter = (source: string, texts: { label: string; yes: string; no: string }) => (
  <NullableBooleanInput
    key={source}
    source={source}
    label={texts.label}
    trueLabel={texts.yes}
    falseLabel={texts.no}
  />
);
