import { body, bodyFields, http } from './messages/request.js';
import { account, document, people, session } from './messages/account.js';
import { download, lahan, record } from './messages/records.js';
import { lahanExport } from './messages/lahan-export.js';
import { finance } from './messages/finance.js';
import { money } from './messages/money.js';
import { contract, delivery, verify } from './messages/contract.js';
import { trace } from './messages/trace.js';
import { lot } from './messages/lot.js';
import { settlement } from './messages/settlement.js';
import { idempotency } from './messages/idempotency.js';
import { failures } from './messages/failures.js';

/** User-facing texts of the specification (docs/spec-notes.md) that both the API and the app must show verbatim. */
export const MESSAGES = {
  ...failures,
  requiredFields: 'Please fill in all required fields',
  statusCannotBeChanged: 'Status cannot be changed',
  databaseUnavailable: 'The database cannot be reached right now. Please try again in a few seconds.',
  loginRequired: 'Email dan password harus diisi',
  invalidEmail: 'Format email tidak valid',
  loginFailed: 'Login gagal',
  loginException: 'Terjadi kesalahan saat login',
  adminLoginSuccess: 'Admin login berhasil!',
  invalidCredentials: 'Email atau password salah',
  rateLimited: 'Terlalu banyak percobaan masuk. Coba lagi nanti.',
  signupRateLimited: 'Terlalu banyak pendaftaran dari alamat ini. Coba lagi nanti.',
  bodyFields,
  account,
  lahan,
  lahanExport,
  people,
  contract,
  finance,
  money,
  download,
  body,
  record,
  session,
  document,
  delivery,
  verify,
  trace,
  lot,
  settlement,
  idempotency,
  http,
} as const;
