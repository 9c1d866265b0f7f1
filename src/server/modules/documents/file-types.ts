import type { DocumentKind, Role } from '../../../shared/constants.js';

export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** Decoded size limit of one document. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The file signature ("magic bytes") each type must start with, so a declared type cannot lie. */
const SIGNATURES: Record<UploadMimeType, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'application/pdf': (b) => startsWith(b, ascii('%PDF-')),
};

export const matchesSignature = (mime: UploadMimeType, bytes: Uint8Array) => SIGNATURES[mime](bytes);

/** PDF only for the mitra's letter of agreement; images for everything. */
export const mimeAllowedFor = (kind: DocumentKind, mime: UploadMimeType) =>
  mime !== 'application/pdf' || kind === 'loa_file';

/** The documents each role keeps: admins only an avatar, petani no LOA. */
export const KINDS_BY_ROLE: Record<Role, readonly DocumentKind[]> = {
  admin: ['avatar'],
  petani: ['ktp', 'verifikasi_ktp', 'supporting_documents', 'avatar'],
  mitra: ['ktp', 'verifikasi_ktp', 'supporting_documents', 'loa_file', 'avatar'],
};

/** Replacing one of these puts the account back to unverified until an admin checks it again. */
export const VERIFICATION_KINDS: readonly DocumentKind[] = [
  'ktp',
  'verifikasi_ktp',
  'supporting_documents',
  'loa_file',
];
