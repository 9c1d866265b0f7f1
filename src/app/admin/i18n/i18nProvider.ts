import polyglotI18nProvider from 'ra-i18n-polyglot';
import { appMessages } from './appMessages';
import { raIndonesian } from './raIndonesian';

export const indonesianMessages = { ...raIndonesian, ...appMessages };

/** Indonesian only (default locale 'id'); a missing key shows the key rather than failing. */
export const i18nProvider = polyglotI18nProvider(
  () => indonesianMessages,
  'id',
  [{ locale: 'id', name: 'Bahasa Indonesia' }],
  {
    allowMissing: true,
  },
);
