import { equalsIfGiven } from '../../db/lists/filters.js';
import { type SQL, and, count, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/engine/client.js';
import { districts, lahan, locations, provinces, subDistricts } from '../../db/schema.js';
import { CAPPED_COUNT, counted, type SortColumns } from '../../db/lists/list-spec.js';
import { listJson } from '../../db/lists/list-json.js';
import { isoTime, jsonObject } from '../../db/lists/json.js';
import { binder } from '../../db/lists/prebuilt.js';
import { searchCondition } from '../../db/search/search.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import { fullAddress, fullAddressSql } from './address.js';
import type { LOCATION_SORT_KEYS, LocationInput, LocationQuery } from './schema.js';
import { MESSAGES } from '../../../shared/messages.js';

const record = {
  id: locations.id,
  location_name: locations.location_name,
  sub_district_id: locations.sub_district_id,
  sub_district_name: subDistricts.sub_district_name,
  district_id: districts.id,
  district_name: districts.district_name,
  province_id: provinces.id,
  province_name: provinces.province_name,
  created_at: locations.created_at,
  updated_at: locations.updated_at,
};

const sortColumns: SortColumns<typeof LOCATION_SORT_KEYS> = {
  created_at: locations.created_at,
  location_name: locations.location_name,
  province_name: provinces.province_name,
};

/** Every location has a sub-district, district and province. */
const joinPlace = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(subDistricts, eq(locations.sub_district_id, subDistricts.id))
    .innerJoin(districts, eq(subDistricts.district_id, districts.id))
    .innerJoin(provinces, eq(districts.province_id, provinces.id));

/** Locations joined up to their province. */
const selectLocations = <E extends Record<string, SQL>>(db: Db | Tx, extra?: E) =>
  joinPlace(
    db
      .select({ ...record, ...(extra as E) })
      .from(locations)
      .$dynamic(),
  );

const withAddress = <R extends Parameters<typeof fullAddress>[0]>(row: R) => ({
  ...row,
  full_address: fullAddress(row),
});

/** The Location record as JSON, over `joinPlace`'s tables. */
const locationJson = jsonObject({
  ...record,
  full_address: fullAddressSql(record),
  created_at: isoTime(locations.created_at),
  updated_at: isoTime(locations.updated_at),
});

/** One page of locations, searched, filtered and sorted, with its total (db/lists/list-spec.ts): records as JSON. */
export async function listLocations(db: Db, query: LocationQuery) {
  const { bind, values } = binder();
  const search = searchCondition(locations.search_text, query.q, bind);
  const where = and(
    search,
    equalsIfGiven(provinces.id, bind('province_id', query.province_id)),
    equalsIfGiven(districts.id, bind('district_id', query.district_id)),
    equalsIfGiven(locations.sub_district_id, bind('sub_district_id', query.sub_district_id)),
  );
  const sort = (query.sort ?? 'created_at') as keyof typeof sortColumns;
  // Joins up to the province only when a condition or the sort reads them.
  const needsPlace = where !== undefined || sort === 'province_name';
  return listJson(
    db,
    {
      shape: `locations|${sort}`,
      values,
      table: locations,
      id: locations.id,
      where,
      join: needsPlace ? joinPlace : undefined,
      sort: sortColumns[sort],
      order: query.order,
      page: query.page,
      limit: query.limit,
      total: where ? CAPPED_COUNT : counted('locations'),
      planPerCall: search !== undefined,
    },
    (page) =>
      joinPlace(
        db
          .select({ r: locationJson.as('r'), n: page.rank })
          .from(locations)
          .$dynamic(),
      ).where(page.onPage),
  );
}

export async function getLocation(db: Db | Tx, id: number) {
  const [row] = await selectLocations(db).where(eq(locations.id, id));
  if (!row) throw notFound('Location');
  return withAddress(row);
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
