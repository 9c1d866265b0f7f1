/** Links that more than one part of the site shows under the same label. */
export const SITE_LINKS = {
  privacy: { to: '/help/privacy-policy', label: 'Kebijakan Privasi' },
  terms: { to: '/help/terms', label: 'Syarat & Ketentuan' },
  contractGuide: { to: '/help/contract-guide', label: 'Panduan Kontrak' },
} as const;
