import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { Registry } from '../resources';
import { appMessages, appMessagesOf } from './appMessages';
import { raIndonesian } from './raIndonesian';

export const indonesianMessages = { ...raIndonesian, ...appMessages };

/** Indonesian only (default locale 'id'); a missing key shows the key rather than failing. */
const providerOf = (messages: typeof indonesianMessages) =>
  polyglotI18nProvider(() => messages, 'id', [{ locale: 'id', name: 'Bahasa Indonesia' }], {
    allowMissing: true,
  });

export const i18nProvider = providerOf(indonesianMessages);

/** The provider of a registry other than the panel's own (AdminApp's `resources`). */
export const i18nProviderOf = (registry: Registry) =>
  providerOf({ ...raIndonesian, ...appMessagesOf(registry) });
