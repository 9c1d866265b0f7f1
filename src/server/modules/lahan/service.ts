import { equalsIfGiven } from '../../db/lists/filters.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { LahanStatus } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { runBatchedRows } from '../../db/lists/batched.js';
import { binder } from '../../db/lists/prebuilt.js';
import { CALLER_TYPES, callerColumn } from '../../db/stores/sessions.js';
import { lahan, landCategories, locations, users } from '../../db/schema.js';
import type { AuthUser, Viewer } from '../../http/context.js';
import type { SessionCheck } from '../../http/guards.js';
import { invalidRole, notFound, validationError, type FieldError } from '../../http/errors.js';
import { assertMayMeetPetani, seesContactOf } from '../people/visibility.js';
import { joinOwnerPlaceCategory, lahanRecord, visibleTo, type LahanRecord } from './records.js';
import { lahanList } from './list.js';
import { viewportJson } from './viewport.js';
import { listPage } from '../../db/lists/resource.js';
import type { LahanCreateBody, LahanListQuery, LahanUpdateBody } from './schema.js';
import { normaliseStatus, togglableFrom } from './status.js';
import { deleteStoredPhotos } from './photos.js';
import { measureGps } from './geometry.js';
import { notifyLahanPending, notifyLahanVerified } from '../notifications/notices.js';

export type LahanQuery = Static<typeof LahanListQuery>;
export type LahanCreateInput = Static<typeof LahanCreateBody>;
export type LahanUpdateInput = Static<typeof LahanUpdateBody>;

const M = MESSAGES.lahan;

const statusCannotBeChanged = () =>
  validationError(MESSAGES.statusCannotBeChanged, [
    { field: 'status', message: MESSAGES.statusCannotBeChanged },
  ]);

/**
 * The lahan `user` may see (within `scope`), filtered, searched, sorted and paged in the database, with the
 * total: JSON. A mitra's list is the active lahan, which the counters count.
 */
export async function listLahan(
  db: Db,
  user: Viewer,
  query: LahanQuery,
  scope?: { petani_id: number },
  session?: SessionCheck,
) {
  assertMayMeetPetani(user);
  return listPage(lahanList.declared, db, query, (bind) => ({
    where: and(
      visibleTo(user, bind),
      equalsIfGiven(lahan.petani_id, bind('scope_petani_id', scope?.petani_id)),
    ),
    keys: user.role === 'mitra' && !scope ? { k1: 'active' } : undefined,
    shape: user.role,
    json: lahanRecord(seesContactOf(user, lahan.petani_id, bind)).json,
    session,
  }));
}

/**
 * The lahan `user` may see with id `id`, as JSON text with `caller` (null unless `session`), or none. Its
 * values are the id and, for a petani or a mitra, their own id (visibleTo, seesContactOf); the statement is
 * built, and those names checked, only the first time its shape is read; reads made together are one statement
 * that checks each of their sessions once (db/lists/batched.ts).
 */
async function readLahan(db: Db | Tx, user: Viewer, id: number, session?: SessionCheck) {
  assertMayMeetPetani(user);
  const values = user.role === 'admin' ? { id } : { id, viewer_id: user.id };
  const rows = await runBatchedRows(
    db,
    `lahan|${user.role}`,
    values,
    { id: 'int4', viewer_id: 'int4', ...CALLER_TYPES },
    (caller) => {
      const built = binder();
      const where = and(eq(lahan.id, built.bind('id', id)!), visibleTo(user, built.bind));
      const contact = seesContactOf(user, lahan.petani_id, built.bind);
      if (Object.keys(built.values).sort().join() !== Object.keys(values).sort().join())
        throw new Error(
          `readLahan binds ${Object.keys(built.values).join()}, not ${Object.keys(values).join()}`,
        );
      return joinOwnerPlaceCategory(
        db
          .select({ r: sql<string>`${lahanRecord(contact).json}::text`, ...(caller && { caller }) })
          .from(lahan)
          .$dynamic(),
      ).where(where);
    },
    session && { values: session.values, column: callerColumn },
  );
  return rows.map(([r, caller]) => ({ r: r as string, caller: (caller ?? null) as AuthUser | null }));
}

/**
 * One lahan as JSON text; one the caller may not see is answered exactly like a missing one (404). With
 * `session`, the same statement checks the caller's session (http/guards.ts).
 */
export async function getLahanJson(db: Db | Tx, user: Viewer, id: number, session?: SessionCheck) {
  const [found] = await readLahan(db, user, id, session);
  if (session) await (found ? session.confirm(found.caller) : session.confirmAlone());
  if (!found) throw notFound('Lahan');
  return found.r;
}

/** One lahan, as `getLahanJson` reads it, as a record (for the answers of writes). */
export const getLahan = async (db: Db | Tx, user: Viewer, id: number): Promise<LahanRecord> =>
  JSON.parse(await getLahanJson(db, user, id)) as LahanRecord;

/** `GET /lahan/petani/{id}`: admins any petani's lahan, a petani only their own, a mitra the active ones. */
export async function listPetaniLahan(db: Db, user: AuthUser, petaniId: number, query: LahanQuery) {
  if (user.role === 'petani' && user.id !== petaniId) throw invalidRole();
  assertMayMeetPetani(user);
  const [petani] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, petaniId), eq(users.role, 'petani')));
  if (!petani) throw notFound('Petani');
  if (query.bbox !== undefined)
    return { json: await viewportJson(db, user, { ...query, bbox: query.bbox }, { petani_id: petaniId }) };
  return listLahan(db, user, query, { petani_id: petaniId });
}

/**
 * Checks that the referenced location, category and owner exist, and holds a key-share lock on each
 * until the transaction ends, so that none of them can be deleted between the check and the write.
 */
async function assertReferences(
  tx: Tx,
  refs: { location_id?: number; category_id?: number; petani_id?: number },
) {
  const errors: FieldError[] = [];
  const exists = async (table: typeof locations | typeof landCategories, id: number) =>
    (await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('key share')).length > 0;
  if (refs.location_id !== undefined && !(await exists(locations, refs.location_id)))
    errors.push({ field: 'location_id', message: M.locationMissing });
  if (refs.category_id !== undefined && !(await exists(landCategories, refs.category_id)))
    errors.push({ field: 'category_id', message: M.categoryMissing });
  if (refs.petani_id !== undefined) {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, refs.petani_id), eq(users.role, 'petani')))
      .for('key share');
    if (!owner) errors.push({ field: 'petani_id', message: M.petaniMissing });
  }
  if (errors.length > 0)
    throw validationError(errors.length === 1 ? errors[0]!.message : M.invalidData, errors);
}

/** Admins may name any petani as the owner of a lahan; a petani only themself. */
function assertMayOwn(user: AuthUser, petaniId: number | undefined) {
  if (user.role !== 'admin' && petaniId !== undefined && petaniId !== user.id)
    throw validationError(M.ownerCannotChange, [{ field: 'petani_id', message: M.ownerCannotChange }]);
}

/** A new lahan waits for an admin's verification (`pending`). */
export async function createLahan(db: Db, user: AuthUser, input: LahanCreateInput) {
  assertMayOwn(user, input.petani_id);
  const petaniId = user.role === 'admin' ? input.petani_id : user.id;
  if (petaniId === undefined)
    throw validationError(M.petaniRequired, [{ field: 'petani_id', message: M.petaniRequired }]);
  return db.transaction(async (tx) => {
    await assertReferences(tx, { ...input, petani_id: petaniId });
    const [row] = await tx
      .insert(lahan)
      .values({ ...input, ...measureGps(input.gps ?? null), petani_id: petaniId, status: 'pending' })
      .returning({ id: lahan.id });
    const created = await getLahan(tx, user, row!.id);
    if (user.role !== 'admin')
      await notifyLahanPending(tx, {
        id: created.id,
        nama_lahan: created.nama_lahan,
        owner: created.petani_nama,
      });
    return created;
  });
}

/**
 * Moves a lahan from one of `from` to `to` in one statement, so that two concurrent changes cannot
 * both pass the check; anything else answers MESSAGES.statusCannotBeChanged and changes nothing.
 */
async function changeStatus(
  db: Db,
  user: AuthUser,
  id: number,
  to: LahanStatus,
  from: readonly LahanStatus[],
) {
  return db.transaction(async (tx) => {
    const changed =
      from.length === 0
        ? []
        : await tx
            .update(lahan)
            .set({ status: to, updated_at: new Date() })
            .where(and(eq(lahan.id, id), inArray(lahan.status, [...from]), visibleTo(user)))
            .returning({ id: lahan.id });
    if (changed.length === 0) {
      await getLahan(tx, user, id); // 404 when it does not exist
      throw statusCannotBeChanged();
    }
    return getLahan(tx, user, id);
  });
}

/** `PUT /admin/verify-lahan/{id}`: pending → active, and its owner is told. */
export async function verifyLahan(db: Db, user: AuthUser, id: number) {
  const verified = await changeStatus(db, user, id, 'active', ['pending']);
  await notifyLahanVerified(db, verified);
  return verified;
}

/**
 * Owners edit their land's data but not its owner, and its status only from completed back to active
 * (`{ status }` alone). Admins edit anything: a body of `{ status }` alone is the status badge (its toggle
 * rules apply); with other fields any status goes.
 */
export async function updateLahan(db: Db, user: AuthUser, id: number, input: LahanUpdateInput) {
  const { status: requested, ...data } = input;
  const status = requested === undefined ? undefined : normaliseStatus(requested);
  const byAdmin = user.role === 'admin';
  if (status !== undefined && !byAdmin && Object.keys(data).length > 0) throw statusCannotBeChanged();
  assertMayOwn(user, data.petani_id);
  if (status !== undefined && Object.keys(data).length === 0)
    return changeStatus(db, user, id, status, togglableFrom(status, byAdmin));

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: lahan.id })
      .from(lahan)
      .where(and(eq(lahan.id, id), visibleTo(user)))
      .for('update');
    if (!current) throw notFound('Lahan');
    await assertReferences(tx, data);
    const measured = data.gps === undefined ? {} : measureGps(data.gps);
    const changes = { ...data, ...measured, ...(status === undefined ? {} : { status }) };
    if (Object.keys(changes).length > 0) {
      await tx
        .update(lahan)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(lahan.id, id));
    }
    return getLahan(tx, user, id);
  });
}

/** Contracts on the land keep their rows, with `lahan_id` set to null by the foreign key. */
export async function deleteLahan(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: lahan.id })
      .from(lahan)
      .where(and(eq(lahan.id, id), visibleTo(user)))
      .for('update');
    if (!locked) throw notFound('Lahan');
    const row = await getLahan(tx, user, id);
    await deleteStoredPhotos(tx, row);
    await tx.delete(lahan).where(eq(lahan.id, id));
    return row;
  });
}
