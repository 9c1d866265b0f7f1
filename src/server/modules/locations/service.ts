import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/engine/client.js';
import { lahan, locations, subDistricts } from '../../db/schema.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import { joinPlace, locationList, locationRecord, type LocationInput, type LocationQuery } from './schema.js';
import { MESSAGES } from '../../../shared/messages.js';

/** Locations joined up to their province. */
const selectLocations = (db: Db | Tx) =>
  joinPlace(db.select(locationRecord.select).from(locations).$dynamic());

export const listLocations = (db: Db, query: LocationQuery) => locationList.list(db, query);

export async function getLocation(db: Db | Tx, id: number) {
  const [row] = await selectLocations(db).where(eq(locations.id, id));
  if (!row) throw notFound('Location');
  return row;
}

/**
 * Locks the chosen sub-district (so that two writers cannot both add the same name under it) and
 * checks that no other location of that sub-district already has the name.
 */
async function claimName(tx: Tx, input: LocationInput, exceptId?: number) {
  const [sub] = await tx
    .select({ id: subDistricts.id })
    .from(subDistricts)
    .where(eq(subDistricts.id, input.sub_district_id))
    .for('update');
  if (!sub) {
    const message = MESSAGES.record.subDistrictMissing;
    throw validationError(message, [{ field: 'sub_district_id', message }]);
  }
  await assertNameFree(
    tx,
    input.location_name,
    {
      table: locations,
      id: locations.id,
      name: locations.location_name,
      scope: eq(locations.sub_district_id, input.sub_district_id),
      exceptId,
    },
    MESSAGES.record.nameTaken('Location', input.location_name, 'sub-district'),
  );
}

export async function createLocation(db: Db, input: LocationInput) {
  return db.transaction(async (tx) => {
    await claimName(tx, input);
    const [row] = await tx.insert(locations).values(input).returning({ id: locations.id });
    return getLocation(tx, row!.id);
  });
}

export async function updateLocation(db: Db, id: number, input: LocationInput) {
  return db.transaction(async (tx) => {
    await getLocation(tx, id);
    await claimName(tx, input, id);
    await tx
      .update(locations)
      .set({ ...input, updated_at: new Date() })
      .where(eq(locations.id, id));
    return getLocation(tx, id);
  });
}

/** Refuses to delete a location that lahan still use (the foreign key would silently clear theirs). */
export async function deleteLocation(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, id))
      .for('update');
    if (!locked) throw notFound('Location');
    const row = await getLocation(tx, id);
    const [used] = await tx.select({ n: count() }).from(lahan).where(eq(lahan.location_id, id));
    if ((used?.n ?? 0) > 0) {
      throw conflict(MESSAGES.record.locationInUse(row.location_name, used!.n));
    }
    await tx.delete(locations).where(eq(locations.id, id));
    return row;
  });
}
