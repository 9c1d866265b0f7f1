import { and, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import type { ContractStatus } from '../../../shared/constants.js';
import { SIGNED_STATUSES } from '../../../shared/contract-lifecycle.js';
import { MESSAGES } from '../../../shared/messages.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { contracts, users } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { currentUser } from '../../http/guards.js';
import { Nullable } from '../../http/schemas.js';

/*
 * Who sees what of another person: one rule for every route that shows a person or embeds one
 * (docs/API.md "Who sees whom").
 *   - Whom (`personVisibleTo`, GET /petani/{id} and /user/{id}): admins everyone; everyone themself; a
 *     petani the mitra they have a contract with (any status: the contract already names them); a verified
 *     mitra the verified petani and the petani they have a contract with. An unverified mitra sees no petani
 *     at all (`assertMayMeetPetani`: 403 on every route that would show one, lahan included).
 *   - Contact fields (CONTACT_FIELDS): admins, the person, and a counterpart: the other party of a
 *     contract the petani has accepted (COUNTERPART_STATUSES). A proposal (pending, negotiation) or a
 *     refused or withdrawn one does not count, or a mitra could harvest contacts by proposing to everyone.
 *   - Private fields (PRIVATE_FIELDS: NIK, identity documents, avatar, LOA): admins and the person only;
 *     GET /documents/{id} serves a document to no one else either.
 *   - Embeds: a Lahan record's owner contact fields (petani_email, petani_phone, petani_alamat) follow the
 *     contact rule; a Contract record names its parties only, and only they and admins see it.
 * Withheld fields are answered as null. The checks are SQL (`personVisibleTo`, `seesContactOf`), part of
 * the query that reads the rows: no query per row.
 */

/** Contract statuses that make its two parties counterparts: both signed it (the lifecycle's `signed`). */
export const COUNTERPART_STATUSES = SIGNED_STATUSES;

/** Fields of a person record (User, Petani, Mitra) shown to admins, the person and a counterpart only. */
export const CONTACT_FIELDS = [
  'username',
  'email',
  'phone',
  'no_phone',
  'alamat',
  'address',
  'company_address',
] as const;
/** Fields of a person record shown to admins and the person only. */
export const PRIVATE_FIELDS = [
  'nik',
  'nik_info',
  'ktp',
  'verifikasi_ktp',
  'supporting_documents',
  'loa_file',
  'no_loa',
  'url_image',
] as const;

/** How much of a person a viewer sees: everything, identity and contact fields, or identity only. */
export type Sight = 'full' | 'contact' | 'identity';

const isUnverifiedMitra = (viewer: Viewer) => viewer.role === 'mitra' && !viewer.status_verifikasi;

/** Refuses an unverified mitra (403 INVALID_ROLE) on a route that would show them a petani. */
export function assertMayMeetPetani(viewer: Viewer): void {
  if (isUnverifiedMitra(viewer)) throw new AppError('INVALID_ROLE', MESSAGES.people.mitraUnverified);
}

/** onRequest hook after `requireRole`: refuses an unverified mitra before the body is even read. */
export const refuseUnverifiedMitra = async (request: FastifyRequest): Promise<void> =>
  assertMayMeetPetani(currentUser(request));

/**
 * SQL `person = ANY(ids of the viewer's other parties)`, over contracts of `statuses` (any when omitted).
 * `ARRAY(subquery)` is uncorrelated: the database reads the viewer's contracts once per statement (an
 * InitPlan on contracts_mitra_idx / contracts_petani_idx), then each row only compares ids in memory.
 */
function counterpartOf(
  viewer: Viewer,
  person: AnyColumn,
  statuses?: readonly ContractStatus[],
  bind: Bind = asValue,
): SQL {
  const [mine, theirs] =
    viewer.role === 'petani'
      ? [contracts.petani_id, contracts.mitra_id]
      : [contracts.mitra_id, contracts.petani_id];
  const where = and(
    eq(mine, bind('viewer_id', viewer.id)!),
    isNotNull(theirs),
    statuses ? inArray(contracts.status, [...statuses]) : undefined,
  );
  return sql`${person} = any(array(select ${theirs} from ${contracts} where ${where}))`;
}

/** Which users (rows of `users`) `viewer` may see at all; undefined: everyone. */
export function personVisibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  const self = eq(users.id, viewer.id);
  if (isUnverifiedMitra(viewer)) return self;
  if (viewer.role === 'petani') return or(self, counterpartOf(viewer, users.id));
  return or(
    self,
    and(eq(users.role, 'petani'), or(eq(users.status_verifikasi, true), counterpartOf(viewer, users.id))),
  );
}

/**
 * SQL boolean: may `viewer` see the contact fields of the person whose id is `person`? `bind` names the
 * viewer's id `viewer_id` for a prebuilt statement (db/lists/prebuilt.ts).
 */
export function seesContactOf(viewer: Viewer, person: AnyColumn, bind: Bind = asValue): SQL<boolean> {
  if (viewer.role === 'admin') return sql<boolean>`true`;
  const self = sql`${person} = ${bind('viewer_id', viewer.id)}`;
  if (isUnverifiedMitra(viewer)) return sql<boolean>`(${self})`;
  return sql<boolean>`(${self} or ${counterpartOf(viewer, person, COUNTERPART_STATUSES, bind)})`;
}

/** What `viewer` sees of person `personId`, given the `seesContactOf` column read with the row. */
export function sightOf(viewer: Viewer, personId: number | null, contact: boolean): Sight {
  if (viewer.role === 'admin' || viewer.id === personId) return 'full';
  return contact ? 'contact' : 'identity';
}

/** `record` with `fields` (those it has) set to null. */
export function withhold<R extends object>(record: R, fields: readonly string[]): R {
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = null;
  return copy as R;
}

/** A person record as seen with `sight`: private fields null unless full, contact fields null unless contact. */
export function asSeen<R extends object>(record: R, sight: Sight): R {
  if (sight === 'full') return record;
  const hidden = withhold(record, PRIVATE_FIELDS);
  return sight === 'contact' ? hidden : withhold(hidden, CONTACT_FIELDS);
}

const orNull = (schema: TSchema): TSchema => {
  const type = (schema as { type?: unknown }).type;
  if (Array.isArray(type) && type.includes('null')) return schema;
  const nullable = Nullable(schema);
  return Type.IsOptional(schema) ? Type.Optional(nullable) : nullable;
};

/** The response schema of a person record that may be seen with less than `full` sight. */
export function seenSchema<P extends TProperties>(record: TObject<P>): TObject<P> {
  const withheld = new Set<string>([...CONTACT_FIELDS, ...PRIVATE_FIELDS]);
  const properties = Object.fromEntries(
    Object.entries(record.properties).map(([key, schema]) => [
      key,
      withheld.has(key) ? orNull(schema) : schema,
    ]),
  );
  return Type.Object(properties) as unknown as TObject<P>;
}
