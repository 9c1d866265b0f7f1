import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { leftJoinAll } from '../../db/lists/joins.js';
import { isoTime, jsonObject } from '../../db/lists/json.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { lahan, landCategories, locations, petaniProfiles, users } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import type { Lahan } from './schema.js';

/**
 * SQL: the Lahan record of docs/API.md as JSON, over lahan and `joinOwnerPlaceCategory`'s tables. `contact`
 * (people/visibility.ts `seesContactOf`): may the caller see the owner's contact fields; null when not. A mitra
 * browsing lahan sees who owns it, not how to reach them, until a contract brings the two together.
 */
export function lahanJson(contact: SQL<boolean>): SQL {
  const shown = (value: AnyColumn) => sql`(case when ${contact} then ${value} end)`;
  return jsonObject({
    id: lahan.id,
    petani_id: lahan.petani_id,
    petani_nama: sql`coalesce(${petaniProfiles.fullname_petani}, ${users.full_name})`,
    // The owner's contact fields (people/visibility.ts decides who sees them).
    petani_email: shown(users.email),
    petani_phone: shown(users.phone),
    petani_alamat: shown(petaniProfiles.alamat),
    petani_status_verifikasi: users.status_verifikasi,
    petani_created_at: isoTime(users.created_at),
    nama_lahan: lahan.nama_lahan,
    luas_lahan: lahan.luas_lahan,
    address_lahan: lahan.address_lahan,
    location_id: lahan.location_id,
    location_name: locations.location_name,
    sub_district_name: locations.sub_district_name,
    district_name: locations.district_name,
    province_name: locations.province_name,
    category_id: lahan.category_id,
    category_name: landCategories.type_name,
    type_name: landCategories.type_name,
    status: lahan.status,
    url_image: lahan.url_image,
    gps: lahan.gps,
    created_at: isoTime(lahan.created_at),
    updated_at: isoTime(lahan.updated_at),
  });
}

/** A Lahan record as the API answers it (timestamps as ISO strings). */
export type LahanRecord = Static<typeof Lahan>;

/**
 * A lahan's place, left-joined (it may have none): its location, which carries its area's names
 * (sub_district_name, district_name, province_name; migration 0021_location_area_names).
 */
export const LAHAN_PLACE_JOINS = [[locations, eq(lahan.location_id, locations.id)]] as const;

/**
 * The tables `lahanJson` reads, joined to a select from lahan. Every lahan has an owner (deleting the account
 * deletes its lahan); place and category may be gone.
 */
export const joinOwnerPlaceCategory = <T extends PgSelect>(query: T) =>
  leftJoinAll(query.innerJoin(users, eq(lahan.petani_id, users.id)), [
    [petaniProfiles, eq(petaniProfiles.user_id, lahan.petani_id)],
    ...LAHAN_PLACE_JOINS,
    [landCategories, eq(lahan.category_id, landCategories.id)],
  ]);

/**
 * Which lahan a caller may see: admins all, a petani their own, a mitra the active ones (to browse; the
 * owner's name and `petani_status_verifikasi` show whether an admin has verified them). An unverified mitra
 * is refused before this (people/visibility.ts `assertMayMeetPetani`).
 */
export function visibleTo(user: Viewer, bind: Bind = asValue): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'petani') return eq(lahan.petani_id, bind('viewer_id', user.id)!);
  return eq(lahan.status, 'active');
}
