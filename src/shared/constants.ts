/** Business constants of docs/spec-notes.md §9, shared by the API and the browser app. */

export const API_BASE_PATH = '/api/v1';

export const ADMIN_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const LANDING_SCROLL_THRESHOLD_PX = 50;
export const PRIVACY_SCROLL_TOP_THRESHOLD_PX = 300;
export const ADMIN_LOGIN_REDIRECT_DELAY_MS = 1500;
export const MINIMUM_USER_AGE = 16;

export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;

export const AREA_UNIT = 'm²';
/** m²: a million hectares, beyond any single plot; keeps sums far from overflowing. */
export const LUAS_LAHAN_MAX = 10_000_000_000;

/**
 * Stored lahan statuses and their labels (docs/spec-notes.md §4), in the database enum's order. The legacy
 * value `aktif` is read as `active`.
 */
export const LAHAN_STATUS_LABELS = {
  active: 'Aktif',
  inactive: 'Tidak Aktif',
  pending: 'Pending',
  negotiation: 'Negosiasi',
  on_going: 'Berjalan',
  completed: 'Selesai',
  rejected: 'Ditolak',
} as const satisfies Record<string, string>;
export type LahanStatus = keyof typeof LAHAN_STATUS_LABELS;
export const LAHAN_STATUSES = Object.keys(LAHAN_STATUS_LABELS) as [LahanStatus, ...LahanStatus[]];

/** Account passwords: at least PASSWORD_MIN characters (with a letter and a digit), at most PASSWORD_MAX. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ROLES = ['admin', 'petani', 'mitra'] as const;
export type Role = (typeof ROLES)[number];

/** The contract statuses are the keys of the lifecycle table (contract-lifecycle.ts). */
export { CONTRACT_STATUSES, type ContractStatus } from './contract-lifecycle.js';

export const DOWNLOAD_PLATFORMS = ['android', 'windows', 'web', 'ios', 'mac', 'linux'] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];
/** The platforms the public download page filters by. */
export const PUBLIC_DOWNLOAD_PLATFORMS = ['android', 'windows', 'web'] as const;

export const DOCUMENT_KINDS = [
  'ktp',
  'verifikasi_ktp',
  'supporting_documents',
  'loa_file',
  'avatar',
  'delivery_photo',
  'lahan_photo',
  'payment_photo',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Photos of a contract's delivery or payment or of a lahan: many per user, each kept by what it shows. */
export const PHOTO_DOCUMENT_KINDS: readonly DocumentKind[] = [
  'delivery_photo',
  'lahan_photo',
  'payment_photo',
];
/** The kinds a user has at most one of. */
export const PERSONAL_DOCUMENT_KINDS = DOCUMENT_KINDS.filter((kind) => !PHOTO_DOCUMENT_KINDS.includes(kind));

/** Browser storage keys of the admin session (docs/spec-notes.md §3, §9). */
export const STORAGE_KEYS = {
  adminToken: 'adminToken',
  token: 'token',
  adminRefreshToken: 'adminRefreshToken',
  refreshToken: 'refreshToken',
  adminData: 'adminData',
} as const;

export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_ROLE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
