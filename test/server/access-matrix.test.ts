import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  contractCategories,
  downloads,
  landCategories,
  locations,
  provinces,
} from '../../src/server/db/schema.js';
import { API_BASE_PATH } from '../../src/shared/constants.js';
import { call, userIdOf, useTestApp, type Json } from './support/app.js';
import { CAST, createCast, type Cast, type CastRole } from './support/people-cast.js';

/*
 * The access matrix: every API route × the cast of support/people-cast.ts
 *   anonymous · admin · owner (a petani with a lahan and contracts) · petani (another one) ·
 *   counterpart (a mitra with an approved contract with the owner) · mitra (verified, only a pending
 *   proposal to the owner) · unverified (a mitra who just signed up)
 * → the status each gets and which person fields the answer shows (docs/API.md "Who sees whom"):
 *   'all'      a person record with its NIK or documents
 *   'contact'  a person record with contact fields (email, phone, address, username), or a lahan with its
 *              owner's petani_email / petani_phone / petani_alamat
 *   'name'     a person record, lahan or contract that names a person and withholds the rest
 * (several kinds in one answer are joined with '+'; a bare status: the answer shows no person).
 * The routes come from the running app's route table, so a new route fails this test until it is added
 * here, reviewed. Writes are probed so that they change nothing the other cells read: bodies that fail
 * validation, ids that do not exist, or no-op updates.
 */

type Cell = number | `${number} ${string}`;
/** One request per role, in the order of CAST. */
type Row = [Cell, Cell, Cell, Cell, Cell, Cell, Cell];

interface Refs {
  adminId: number;
  categoryId: number;
  contractCategoryId: number;
  locationId: number;
  provinceId: number;
  downloadId: number;
}

interface Probe {
  url: (c: Cast, r: Refs) => string;
  body?: unknown;
  /** Runs after every other probe, one role at a time (it ends the caller's session). */
  last?: boolean;
  expect: Row;
}

const MISSING = 999999;
const probe = (
  url: string | ((c: Cast, r: Refs) => string),
  expect: Row,
  options: Partial<Probe> = {},
): Probe => ({
  url: typeof url === 'string' ? () => url : url,
  expect,
  ...options,
});
/** A write with a JSON body (`{}` unless given). */
const write = (url: string | ((c: Cast, r: Refs) => string), expect: Row, body: unknown = {}) =>
  probe(url, expect, { body });

//                   anonymous  admin          owner           petani          counterpart     mitra           unverified
const ADMIN_ONLY = (admin: Cell): Row => [401, admin, 403, 403, 403, 403, 403];

/** Keyed by `METHOD path` as the router has it (under /api/v1; HEAD mirrors GET). */
const MATRIX: Record<string, Probe | Probe[]> = {
  // Admin area: admins only; persons in full.
  'GET /admin': probe('/admin', ADMIN_ONLY('200 contact')),
  'POST /admin': write('/admin', ADMIN_ONLY(400)),
  'GET /admin/:id(^\\d+$)': probe((_, r) => `/admin/${r.adminId}`, ADMIN_ONLY('200 contact')),
  'PUT /admin/:id(^\\d+$)': write((_, r) => `/admin/${r.adminId}`, ADMIN_ONLY(400)),
  'DELETE /admin/:id(^\\d+$)': probe(`/admin/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/users': probe((c) => `/admin/users?q=${c.owner.email}`, ADMIN_ONLY('200 all')),
  'POST /admin/users': write('/admin/users', ADMIN_ONLY(400)),
  'GET /admin/users/:id': probe((c) => `/admin/users/${c.owner.id}`, ADMIN_ONLY('200 all')),
  'PUT /admin/users/:id': write((c) => `/admin/users/${c.owner.id}`, ADMIN_ONLY(400)),
  'DELETE /admin/users/:id': probe(`/admin/users/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/petani': probe((c) => `/admin/petani?q=${c.owner.email}`, ADMIN_ONLY('200 all')),
  'POST /admin/petani': write('/admin/petani', ADMIN_ONLY(400)),
  'GET /admin/petani/:id': probe((c) => `/admin/petani/${c.owner.id}`, ADMIN_ONLY('200 all')),
  'PUT /admin/petani/:id': write((c) => `/admin/petani/${c.owner.id}`, ADMIN_ONLY(400)),
  'DELETE /admin/petani/:id': probe(`/admin/petani/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/mitra': probe((c) => `/admin/mitra?q=${c.counterpart.email}`, ADMIN_ONLY('200 all')),
  'POST /admin/mitra': write('/admin/mitra', ADMIN_ONLY(400)),
  'GET /admin/mitra/:id': probe((c) => `/admin/mitra/${c.counterpart.id}`, ADMIN_ONLY('200 all')),
  'PUT /admin/mitra/:id': write((c) => `/admin/mitra/${c.counterpart.id}`, ADMIN_ONLY(400)),
  'DELETE /admin/mitra/:id': probe(`/admin/mitra/${MISSING}`, ADMIN_ONLY(404)),
  // Verifying someone already verified changes nothing.
  'PUT /admin/verify/:id': probe((c) => `/admin/verify/${c.petani.id}`, ADMIN_ONLY('200 all')),
  'PUT /admin/verify-role/:id': write((c) => `/admin/verify-role/${c.petani.id}`, ADMIN_ONLY(400)),
  'PUT /admin/verify-lahan/:id': probe((c) => `/admin/verify-lahan/${c.lahanId}`, ADMIN_ONLY(400)),
  'PUT /admin/lahan/:id': write((c) => `/admin/lahan/${c.lahanId}`, ADMIN_ONLY('200 contact')),
  // The GeoJSON export names no one: a FeatureCollection of plots without their owners.
  'GET /admin/lahan/export.geojson': probe(
    (c) => `/admin/lahan/export.geojson?petani_id=${c.owner.id}`,
    ADMIN_ONLY(200),
  ),
  // The finance view: totals, and lists and CSV that name a contract's parties and nothing else of them.
  'GET /admin/finance/summary': probe('/admin/finance/summary', ADMIN_ONLY(200)),
  'GET /admin/finance/outstanding': probe('/admin/finance/outstanding', ADMIN_ONLY(200)),
  'GET /admin/finance/overdue': probe('/admin/finance/overdue', ADMIN_ONLY(200)),
  'GET /admin/finance/outstanding.csv': probe('/admin/finance/outstanding.csv', ADMIN_ONLY(200)),
  'GET /admin/finance/overdue.csv': probe('/admin/finance/overdue.csv', ADMIN_ONLY(200)),
  'GET /admin/stats': probe('/admin/stats', ADMIN_ONLY('200 name')),
  'GET /admin/audit': probe('/admin/audit', ADMIN_ONLY(200)),
  'GET /admin/notification-sends': probe('/admin/notification-sends', ADMIN_ONLY(200)),
  'POST /admin/notification-sends/:id/resend': write(
    `/admin/notification-sends/${MISSING}/resend`,
    ADMIN_ONLY(404),
  ),
  'GET /admin/category': probe('/admin/category', ADMIN_ONLY(200)),
  'POST /admin/category': write('/admin/category', ADMIN_ONLY(400)),
  'GET /admin/category/:id': probe((_, r) => `/admin/category/${r.categoryId}`, ADMIN_ONLY(200)),
  'PUT /admin/category/:id': write((_, r) => `/admin/category/${r.categoryId}`, ADMIN_ONLY(400)),
  'DELETE /admin/category/:id': probe(`/admin/category/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/contract-category': probe('/admin/contract-category', ADMIN_ONLY(200)),
  'POST /admin/contract-category': write('/admin/contract-category', ADMIN_ONLY(400)),
  'GET /admin/contract-category/:id': probe(
    (_, r) => `/admin/contract-category/${r.contractCategoryId}`,
    ADMIN_ONLY(200),
  ),
  'PUT /admin/contract-category/:id': write(
    (_, r) => `/admin/contract-category/${r.contractCategoryId}`,
    ADMIN_ONLY(400),
  ),
  'DELETE /admin/contract-category/:id': probe(`/admin/contract-category/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/location': probe('/admin/location', ADMIN_ONLY(200)),
  'POST /admin/location': write('/admin/location', ADMIN_ONLY(400)),
  'GET /admin/location/:id': probe((_, r) => `/admin/location/${r.locationId}`, ADMIN_ONLY(200)),
  'PUT /admin/location/:id': write((_, r) => `/admin/location/${r.locationId}`, ADMIN_ONLY(400)),
  'DELETE /admin/location/:id': probe(`/admin/location/${MISSING}`, ADMIN_ONLY(404)),
  'GET /admin/province': probe('/admin/province', ADMIN_ONLY(200)),
  'POST /admin/province': write('/admin/province', ADMIN_ONLY(400)),
  'GET /admin/province/:id/districts': probe(
    (_, r) => `/admin/province/${r.provinceId}/districts`,
    ADMIN_ONLY(200),
  ),
  'POST /admin/district': write('/admin/district', ADMIN_ONLY(400)),
  'GET /admin/district/:id/sub-districts': probe(`/admin/district/${MISSING}/sub-districts`, ADMIN_ONLY(404)),
  'POST /admin/sub-district': write('/admin/sub-district', ADMIN_ONLY(400)),
  'GET /admin/downloads': probe('/admin/downloads', ADMIN_ONLY(200)),
  'POST /admin/downloads': write('/admin/downloads', ADMIN_ONLY(400)),
  'GET /admin/downloads/:id': probe((_, r) => `/admin/downloads/${r.downloadId}`, ADMIN_ONLY(200)),
  // Send only what changes: {} changes nothing.
  'PUT /admin/downloads/:id': write((_, r) => `/admin/downloads/${r.downloadId}`, ADMIN_ONLY(200)),
  'DELETE /admin/downloads/:id': probe(`/admin/downloads/${MISSING}`, ADMIN_ONLY(404)),

  // Public.
  'GET /health': probe('/health', [200, 200, 200, 200, 200, 200, 200]),
  'GET /map/config': probe('/map/config', [200, 200, 200, 200, 200, 200, 200]),
  'GET /downloads': probe('/downloads', [200, 200, 200, 200, 200, 200, 200]),
  'POST /downloads/:id/hit': probe(`/downloads/${MISSING}/hit`, [404, 404, 404, 404, 404, 404, 404]),
  'POST /auth/admin-signin': write('/auth/admin-signin', [400, 400, 400, 400, 400, 400, 400]),
  'POST /auth/signin': write('/auth/signin', [400, 400, 400, 400, 400, 400, 400]),
  'POST /auth/signup': write('/auth/signup', [400, 400, 400, 400, 400, 400, 400]),
  'POST /auth/refresh-token': write('/auth/refresh-token', [400, 400, 400, 400, 400, 400, 400]),
  'POST /auth/signout': probe('/auth/signout', [200, 200, 200, 200, 200, 200, 200], { body: {}, last: true }),

  // Oneself.
  'GET /user/me': probe('/user/me', [
    401,
    '200 contact',
    '200 all',
    '200 all',
    '200 all',
    '200 all',
    '200 contact',
  ]),
  'PUT /user/me': write('/user/me', [
    401,
    '200 contact',
    '200 all',
    '200 all',
    '200 all',
    '200 all',
    '200 contact',
  ]),
  'DELETE /user/me': probe('/user/me', [401, 400, 400, 400, 400, 400, 400]),
  // One's own notifications: another's id is as missing as a missing one. The stream, probed with a parameter it
  // refuses (an open stream never ends); test/server/notifications-stream.test.ts reads it.
  'GET /notifications': probe('/notifications', [401, 200, 200, 200, 200, 200, 200]),
  'POST /notifications/:id/read': write(
    `/notifications/${MISSING}/read`,
    [401, 404, 404, 404, 404, 404, 404],
  ),
  'POST /notifications/read-all': write('/notifications/read-all', [401, 200, 200, 200, 200, 200, 200]),
  'GET /notifications/preferences': probe('/notifications/preferences', [401, 200, 200, 200, 200, 200, 200]),
  'PUT /notifications/preferences': write('/notifications/preferences', [401, 200, 200, 200, 200, 200, 200]),
  'GET /notifications/stream': probe('/notifications/stream?probe=1', [401, 400, 400, 400, 400, 400, 400]),
  // The emails' unsubscribe link needs no sign-in: its signed token alone decides (a bad one: 400).
  'GET /notifications/unsubscribe': probe(
    '/notifications/unsubscribe?token=x',
    [400, 400, 400, 400, 400, 400, 400],
  ),
  'POST /notifications/unsubscribe': write(
    '/notifications/unsubscribe?token=x',
    [400, 400, 400, 400, 400, 400, 400],
  ),
  'PUT /user/me/password': write('/user/me/password', [401, 400, 400, 400, 400, 400, 400]),
  'GET /user/me/export': probe('/user/me/export', [
    401,
    '200 contact',
    '200 all',
    '200 all',
    '200 all',
    '200 all',
    '200 contact',
  ]),
  'PUT /user/me/documents/:kind': write('/user/me/documents/ktp', [401, 400, 400, 400, 400, 400, 400]),
  'GET /documents/:id': probe((c) => `/documents/${c.documentId}`, [401, 200, 200, 404, 404, 404, 404]),

  // Other people: the rule of docs/API.md "Who sees whom".
  'GET /petani/:id': probe(
    (c) => `/petani/${c.owner.id}`,
    [401, '200 all', '200 all', 403, '200 contact', '200 name', 403],
  ),
  'GET /user/:id': [
    probe((c) => `/user/${c.owner.id}`, [401, '200 all', '200 all', 403, '200 contact', '200 name', 403]),
    probe((c) => `/user/${c.counterpart.id}`, [401, '200 all', '200 contact', 403, '200 all', 403, 403]),
  ],

  // The choices of /akun's lahan filters and offer form: any signed-in user, no person in them.
  'GET /province': probe('/province', [401, 200, 200, 200, 200, 200, 200]),
  // ... and the location a petani picks for a lahan.
  'GET /province/:id/districts': probe(
    (_, r) => `/province/${r.provinceId}/districts`,
    [401, 200, 200, 200, 200, 200, 200],
  ),
  'GET /district/:id/sub-districts': probe(
    `/district/${MISSING}/sub-districts`,
    [401, 404, 404, 404, 404, 404, 404],
  ),
  'GET /location': probe('/location', [401, 200, 200, 200, 200, 200, 200]),
  'GET /category': probe('/category', [401, 200, 200, 200, 200, 200, 200]),
  'GET /contract-category': probe('/contract-category', [401, 200, 200, 200, 200, 200, 200]),

  // Lahan, with their owner.
  'GET /lahan': probe(
    (c) => `/lahan?petani_id=${c.owner.id}`,
    [401, '200 contact', '200 contact', 200, '200 contact', '200 name', 403],
  ),
  'POST /lahan': write('/lahan', [401, 400, 400, 400, 403, 403, 403]),
  'GET /lahan/my': probe('/lahan/my', [401, 403, '200 contact', 200, 403, 403, 403]),
  'GET /lahan/petani/:id': probe(
    (c) => `/lahan/petani/${c.owner.id}`,
    [401, '200 contact', '200 contact', 403, '200 contact', '200 name', 403],
  ),
  'GET /lahan/:id': probe(
    (c) => `/lahan/${c.lahanId}`,
    [401, '200 contact', '200 contact', 404, '200 contact', '200 name', 403],
  ),
  'PUT /lahan/:id': write(
    (c) => `/lahan/${c.lahanId}`,
    [401, '200 contact', '200 contact', 404, 403, 403, 403],
  ),
  'DELETE /lahan/:id': probe(`/lahan/${MISSING}`, [401, 404, 404, 404, 403, 403, 403]),
  // Its uploaded photos: the owner and admins (another petani finds no such lahan), never a mitra.
  'POST /lahan/:id/photos': write((c) => `/lahan/${c.lahanId}/photos`, [401, 400, 400, 400, 403, 403, 403]),
  'GET /lahan/:id/photos/:photoId': probe(
    (c) => `/lahan/${c.lahanId}/photos/${MISSING}`,
    [401, 404, 404, 404, 403, 403, 403],
  ),
  'DELETE /lahan/:id/photos/:photoId': probe(
    (c) => `/lahan/${c.lahanId}/photos/${MISSING}`,
    [401, 404, 404, 404, 403, 403, 403],
  ),

  // Contracts name their parties, and only the parties and admins see them.
  'GET /contract': probe(
    (c) => `/contract?lahan_id=${c.lahanId}`,
    [401, '200 name', '200 name', 200, '200 name', '200 name', 200],
  ),
  'POST /contract': write('/contract', [401, 400, 403, 403, 400, 400, 403]),
  'GET /contract/user': probe('/contract/user', [401, 403, '200 name', 200, '200 name', '200 name', 200]),
  'GET /contract/petani': probe('/contract/petani', [401, 403, '200 name', 200, 403, 403, 403]),
  'GET /contract/mitra': probe('/contract/mitra', [401, 403, 403, 403, '200 name', '200 name', 200]),
  'GET /contract/lahan/:id': probe(
    (c) => `/contract/lahan/${c.lahanId}`,
    [401, '200 name', '200 name', 404, '200 name', '200 name', 404],
  ),
  'GET /contract/:id': probe(
    (c) => `/contract/${c.contractId}`,
    [401, '200 name', '200 name', 404, '200 name', 404, 404],
  ),
  'PUT /contract/:id': write((c) => `/contract/${c.contractId}`, [401, '200 name', 403, 403, 403, 403, 403]),
  // The steps (modules/contracts/lifecycle.ts), probed on the approved contract of owner and counterpart so that
  // none passes: not a party 404, the other party's step 403, a step not taken from approved 409.
  'POST /contract/:id/counter': write(
    (c) => `/contract/${c.contractId}/counter`,
    [401, 403, 409, 404, 403, 404, 404],
  ),
  'POST /contract/:id/revise': write(
    (c) => `/contract/${c.contractId}/revise`,
    [401, 403, 403, 404, 409, 404, 404],
  ),
  'POST /contract/:id/sign': write(
    (c) => `/contract/${c.contractId}/sign`,
    [401, 403, 409, 404, 409, 404, 404],
    { password: 'not-tried-1', consent: true, terms_version: 1 },
  ),
  'POST /contract/:id/reject': write(
    (c) => `/contract/${c.contractId}/reject`,
    [401, 403, 409, 404, 403, 404, 404],
  ),
  // An admin may cancel an approved contract, but not without a reason.
  'POST /contract/:id/cancel': write(
    (c) => `/contract/${c.contractId}/cancel`,
    [401, 400, 409, 404, 409, 404, 404],
  ),
  // On the pending proposal of mitra to the owner: start needs approved.
  'POST /contract/:id/start': write(
    (c) => `/contract/${c.proposalId}/start`,
    [401, 403, 403, 404, 404, 409, 404],
  ),
  'POST /contract/:id/complete': write(
    (c) => `/contract/${c.contractId}/complete`,
    [401, 403, 403, 404, 409, 404, 404],
  ),
  // A contract's history: the parties and admins (a name per step or signature, no person record).
  'GET /contract/:id/events': probe(
    (c) => `/contract/${c.contractId}/events`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'GET /contract/:id/terms': probe(
    (c) => `/contract/${c.contractId}/terms`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'GET /contract/:id/signatures': probe(
    (c) => `/contract/${c.contractId}/signatures`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'DELETE /contract/:id': probe(`/contract/${MISSING}`, [401, 404, 403, 403, 403, 403, 403]),

  // A contract's PDF and deliveries: its parties and admins; recording is the mitra's step, confirming the
  // petani's (the cast's contract is approved, not active: 409 for the petani, 403 for the mitra and admin).
  'GET /contract/:id/pdf': probe((c) => `/contract/${c.contractId}/pdf`, [401, 200, 200, 404, 200, 404, 404]),
  'GET /contract/:id/deliveries': probe(
    (c) => `/contract/${c.contractId}/deliveries`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'POST /contract/:id/deliveries': write(
    (c) => `/contract/${c.contractId}/deliveries`,
    [401, 400, 400, 400, 400, 400, 400],
  ),
  'POST /contract/:id/deliveries/:deliveryId/confirm': probe(
    (c) => `/contract/${c.contractId}/deliveries/${MISSING}/confirm`,
    [401, 403, 409, 404, 403, 404, 404],
  ),
  'GET /contract/:id/deliveries/:deliveryId/photo': probe(
    (c) => `/contract/${c.contractId}/deliveries/${MISSING}/photo`,
    [401, 404, 404, 404, 404, 404, 404],
  ),
  // Disputing is the petani's step, resolving an admin's, both on an active contract (409 here); a receipt, like
  // the photo, is for the parties and admins (404 for a delivery that does not exist).
  'POST /contract/:id/deliveries/:deliveryId/dispute': write(
    (c) => `/contract/${c.contractId}/deliveries/${MISSING}/dispute`,
    [401, 403, 409, 404, 403, 404, 404],
    { reason: 'Berat tidak sesuai' },
  ),
  'POST /contract/:id/deliveries/:deliveryId/resolve': write(
    (c) => `/contract/${c.contractId}/deliveries/${MISSING}/resolve`,
    [401, 409, 403, 404, 403, 404, 404],
    { note: 'Ditimbang ulang' },
  ),
  'GET /contract/:id/deliveries/:deliveryId/receipt': probe(
    (c) => `/contract/${c.contractId}/deliveries/${MISSING}/receipt`,
    [401, 404, 404, 404, 404, 404, 404],
  ),

  // A contract's money: its parties and admins read it; recording advances and payments is the mitra's step,
  // confirming them the petani's (the cast's contract is approved: an advance may be confirmed, a payment not
  // yet, 409); an empty body is 400 before anything else.
  'GET /contract/:id/advances': probe(
    (c) => `/contract/${c.contractId}/advances`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'POST /contract/:id/advances': write(
    (c) => `/contract/${c.contractId}/advances`,
    [401, 400, 400, 400, 400, 400, 400],
  ),
  'POST /contract/:id/advances/:advanceId/confirm': probe(
    (c) => `/contract/${c.contractId}/advances/${MISSING}/confirm`,
    [401, 403, 404, 404, 403, 404, 404],
  ),
  'GET /contract/:id/payments': probe(
    (c) => `/contract/${c.contractId}/payments`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'POST /contract/:id/payments': write(
    (c) => `/contract/${c.contractId}/payments`,
    [401, 400, 400, 400, 400, 400, 400],
  ),
  'POST /contract/:id/payments/:paymentId/confirm': probe(
    (c) => `/contract/${c.contractId}/payments/${MISSING}/confirm`,
    [401, 403, 409, 404, 403, 404, 404],
  ),
  'GET /contract/:id/payments/:paymentId/photo': probe(
    (c) => `/contract/${c.contractId}/payments/${MISSING}/photo`,
    [401, 404, 404, 404, 404, 404, 404],
  ),
  'GET /contract/:id/settlement': probe(
    (c) => `/contract/${c.contractId}/settlement`,
    [401, 200, 200, 404, 200, 404, 404],
  ),
  'GET /contract/:id/settlement/pdf': probe(
    (c) => `/contract/${c.contractId}/settlement/pdf`,
    [401, 200, 200, 404, 200, 404, 404],
  ),

  // The public check of a contract document: no token; an unknown code is 404 for everyone, and the file
  // check reads a PDF body only (a JSON one is 415 for everyone, before any lookup).
  'GET /verify/:code': probe('/verify/0000-0000-0000-0000', [404, 404, 404, 404, 404, 404, 404]),
  // A lot's public trace: no token, no person (an unknown lot is 404 for everyone).
  'GET /trace/:lot': probe('/trace/0000-0000-0000', [404, 404, 404, 404, 404, 404, 404]),
  'POST /verify/:code': write('/verify/0000-0000-0000-0000', [415, 415, 415, 415, 415, 415, 415]),
};

/** Person fields by how far they reach (docs/API.md "Who sees whom"). */
const PRIVATE = ['nik', 'ktp', 'verifikasi_ktp', 'supporting_documents', 'loa_file', 'no_loa', 'url_image'];
const CONTACT = ['email', 'username', 'phone', 'no_phone', 'alamat', 'address', 'company_address'];
const OWNER_CONTACT = ['petani_email', 'petani_phone', 'petani_alamat'];

const shown = (record: Json, fields: string[]) =>
  fields.some((f) => record[f] !== null && record[f] !== undefined);

/** Which kinds of person the answer shows: person records, lahan with their owner, contracts with their parties. */
function personKinds(body: unknown): string[] {
  const kinds = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Json;
    if ('role' in record && 'email' in record)
      kinds.add(shown(record, PRIVATE) ? 'all' : shown(record, CONTACT) ? 'contact' : 'name');
    else if ('petani_nama' in record && 'petani_email' in record)
      kinds.add(shown(record, OWNER_CONTACT) ? 'contact' : 'name');
    else if ('fullname_petani' in record) {
      // A contract names its parties; it must carry none of their contact fields.
      kinds.add(CONTACT.some((f) => f in record) ? 'contract-with-contact' : 'name');
    } else Object.values(record).forEach(visit);
  };
  visit((body as Json).data);
  return [...kinds].sort();
}

const cellOf = (status: number, body: unknown): Cell => {
  const kinds = status < 300 ? personKinds(body) : [];
  return kinds.length === 0 ? status : `${status} ${kinds.join('+')}`;
};

/**
 * `METHOD path` of every route under /api/v1, read from Fastify's route tree (printRoutes), so that routes
 * hidden from the OpenAPI document are listed too. HEAD mirrors GET; `/x` and `/x/` are one route.
 */
function routeTable(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/(.)\/$/, '$1');
    if (!match[3] || !path.startsWith(`${API_BASE_PATH}/`)) continue;
    for (const method of match[3].split(', '))
      if (method !== 'HEAD') routes.add(`${method} ${path.slice(API_BASE_PATH.length)}`);
  }
  return [...routes].sort();
}

const ctx = useTestApp();
let cast: Cast;
let refs: Refs;

beforeAll(async () => {
  cast = await createCast(ctx);
  const first = async (
    table:
      | typeof landCategories
      | typeof contractCategories
      | typeof locations
      | typeof provinces
      | typeof downloads,
  ) => (await ctx.db.select({ id: table.id }).from(table).orderBy(table.id).limit(1))[0]!.id;
  refs = {
    adminId: await userIdOf(ctx, 'admin'),
    categoryId: await first(landCategories),
    contractCategoryId: await first(contractCategories),
    locationId: await first(locations),
    provinceId: await first(provinces),
    downloadId: await first(downloads),
  };
});

async function observe(key: string, p: Probe, role: CastRole): Promise<Cell> {
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const res = await call(ctx, {
    method,
    url: `${API_BASE_PATH}${p.url(cast, refs)}`,
    token: cast.tokens[role],
    payload: p.body,
  });
  return cellOf(res.statusCode, res.json);
}

describe('access matrix', () => {
  it('covers every route of the app, and no route that is gone', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routeTable(ctx.app));
  });

  it('answers each role with the declared status and person fields', async () => {
    const probes = Object.entries(MATRIX).flatMap(([key, entry]) =>
      (Array.isArray(entry) ? entry : [entry]).map((p, i) => ({
        key: i === 0 ? key : `${key} #${i + 1}`,
        p,
      })),
    );
    const expected: Record<string, Record<CastRole, Cell>> = {};
    const observed: Record<string, Record<CastRole, Cell>> = {};
    const run = async ({ key, p }: (typeof probes)[number], parallel: boolean) => {
      expected[key] = Object.fromEntries(CAST.map((role, i) => [role, p.expect[i]!])) as Record<
        CastRole,
        Cell
      >;
      const cells: Cell[] = [];
      if (parallel) cells.push(...(await Promise.all(CAST.map((role) => observe(key, p, role)))));
      else for (const role of CAST) cells.push(await observe(key, p, role));
      observed[key] = Object.fromEntries(CAST.map((role, i) => [role, cells[i]!])) as Record<CastRole, Cell>;
    };
    // A few routes at a time, each with its seven roles at once; then the probes that end sessions.
    const now = probes.filter(({ p }) => !p.last);
    for (let i = 0; i < now.length; i += 4) await Promise.all(now.slice(i, i + 4).map((x) => run(x, true)));
    for (const x of probes.filter(({ p }) => p.last)) await run(x, false);
    expect(observed).toEqual(expected);
    // Several hundred requests in one test: the suite's 30 s per test is too tight on a loaded 2-core machine.
  }, 120_000);
});
