import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { leftJoinAll } from '../../db/lists/joins.js';
import { Type } from 'typebox';
import { LAHAN_STATUSES } from '../../../shared/constants.js';
import {
  boolean,
  integer,
  nullable,
  number,
  oneOf,
  record,
  shaped,
  text,
  timestamp,
} from '../../db/lists/field.js';
import { Gps } from './gps.js';
import { LUAS_BERBEDA_RATIO } from '../../../shared/boundary.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { lahan, landCategories, locations, luasBerbedaOf, petaniProfiles, users } from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import type { Lahan } from './schema.js';

/** The record's `luas_berbeda` (tables/lahan.ts `luasBerbedaOf`). */
export const luasBerbeda = luasBerbedaOf(lahan);

const OWNER_CONTACT = "null for a mitra who is not the owner's counterpart (docs/API.md, Who sees whom)";

/**
 * The Lahan record of docs/API.md, over lahan and `joinOwnerPlaceCategory`'s tables. `contact`
 * (people/visibility.ts `seesContactOf`): may the caller see the owner's contact fields; null when not. A mitra
 * browsing lahan sees who owns it, not how to reach them, until a contract brings the two together.
 */
export function lahanRecord(contact: SQL<boolean>) {
  const shown = (value: AnyColumn) => sql`(case when ${contact} then ${value} end)`;
  return record({
    id: integer(lahan.id),
    petani_id: integer(lahan.petani_id),
    petani_nama: text(sql`coalesce(${petaniProfiles.fullname_petani}, ${users.full_name})`),
    // The owner's contact fields (people/visibility.ts decides who sees them).
    petani_email: nullable(text(shown(users.email), { description: OWNER_CONTACT })),
    petani_phone: nullable(text(shown(users.phone), { description: `${OWNER_CONTACT}, or not given` })),
    petani_alamat: nullable(
      text(shown(petaniProfiles.alamat), { description: `${OWNER_CONTACT}, or not given` }),
    ),
    petani_status_verifikasi: boolean(users.status_verifikasi),
    petani_created_at: timestamp(users.created_at),
    nama_lahan: text(lahan.nama_lahan),
    luas_lahan: number(lahan.luas_lahan, { description: 'm²' }),
    address_lahan: nullable(text(lahan.address_lahan)),
    location_id: nullable(integer(lahan.location_id)),
    location_name: nullable(text(locations.location_name)),
    sub_district_name: nullable(text(locations.sub_district_name)),
    district_name: nullable(text(locations.district_name)),
    province_name: nullable(text(locations.province_name)),
    category_id: nullable(integer(lahan.category_id)),
    category_name: nullable(text(landCategories.type_name)),
    type_name: nullable(text(landCategories.type_name, { description: 'Same as category_name' })),
    status: oneOf(lahan.status, LAHAN_STATUSES),
    url_image: shaped(lahan.url_image, Type.Array(Type.String())),
    gps: shaped(lahan.gps, Gps),
    luas_terukur: nullable(
      number(lahan.luas_terukur, {
        description: "m², the geodesic area the server measured of gps's Polygon; null for a Point or no gps",
      }),
    ),
    luas_berbeda: boolean(luasBerbeda, {
      description: `Declared and measured area differ by more than ${LUAS_BERBEDA_RATIO * 100} % of the declared one; false when not measured`,
    }),
    created_at: timestamp(lahan.created_at),
    updated_at: timestamp(lahan.updated_at),
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
