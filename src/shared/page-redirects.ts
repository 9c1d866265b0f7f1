/** Addresses people type, or older links use, for a page that lives elsewhere: answered 301 by the server. */
export const PAGE_REDIRECTS: Readonly<Record<string, string>> = {
  '/privacy': '/help/privacy-policy',
  '/privacy-policy': '/help/privacy-policy',
  '/kebijakan-privasi': '/help/privacy-policy',
  '/terms': '/help/terms',
  '/bantuan': '/help',
};
