import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { leftJoinAll } from '../../db/joins.js';
import {
  districts,
  lahan,
  landCategories,
  locations,
  petaniProfiles,
  provinces,
  subDistricts,
  users,
} from '../../db/schema.js';
import type { Viewer } from '../../http/context.js';
import { seesContactOf, withhold } from '../people/visibility.js';

/** The Lahan record of docs/API.md: the land with its owner, place and category joined in. */
const record = {
  id: lahan.id,
  petani_id: lahan.petani_id,
  petani_nama: sql<string>`coalesce(${petaniProfiles.fullname_petani}, ${users.full_name})`,
  petani_email: users.email,
  petani_phone: users.phone,
  petani_alamat: petaniProfiles.alamat,
  petani_status_verifikasi: users.status_verifikasi,
  petani_created_at: users.created_at,
  nama_lahan: lahan.nama_lahan,
  luas_lahan: lahan.luas_lahan,
  address_lahan: lahan.address_lahan,
  location_id: lahan.location_id,
  location_name: locations.location_name,
  sub_district_name: subDistricts.sub_district_name,
  district_name: districts.district_name,
  province_name: provinces.province_name,
  category_id: lahan.category_id,
  category_name: landCategories.type_name,
  type_name: landCategories.type_name,
  status: lahan.status,
  url_image: lahan.url_image,
  gps: lahan.gps,
  created_at: lahan.created_at,
  updated_at: lahan.updated_at,
};

type LahanRow = Awaited<ReturnType<typeof selectLahan<Record<never, SQL>>>>[number];
/** What a caller receives: the owner's contact fields may be withheld (see `asSeenBy`). */
export type LahanView = Omit<LahanRow, 'petani_email' | 'owner_contact'> & { petani_email: string | null };

/** The owner's contact fields of a Lahan record (people/visibility.ts decides who sees them). */
const OWNER_CONTACT = ['petani_email', 'petani_phone', 'petani_alamat'] as const;

/** Every lahan has an owner (deleting the account deletes its lahan); place and category may be gone. */
const joinOwnerPlaceCategory = <T extends PgSelect>(query: T) =>
  leftJoinAll(query.innerJoin(users, eq(lahan.petani_id, users.id)), [
    [petaniProfiles, eq(petaniProfiles.user_id, lahan.petani_id)],
    [locations, eq(lahan.location_id, locations.id)],
    [subDistricts, eq(locations.sub_district_id, subDistricts.id)],
    [districts, eq(subDistricts.district_id, districts.id)],
    [provinces, eq(districts.province_id, provinces.id)],
    [landCategories, eq(lahan.category_id, landCategories.id)],
  ]);

/** Lahan rows as `viewer` reads them (`owner_contact`: may they see the owner's contact fields); see `asSeenBy`. */
export const selectLahan = <E extends Record<string, SQL>>(db: Db | Tx, viewer: Viewer, extra?: E) =>
  joinOwnerPlaceCategory(
    db
      .select({ ...record, owner_contact: seesContactOf(viewer, lahan.petani_id), ...(extra as E) })
      .from(lahan)
      .$dynamic(),
  );

/**
 * Which lahan a caller may see: admins all, a petani their own, a mitra the active ones (to browse; the
 * owner's name and `petani_status_verifikasi` show whether an admin has verified them). An unverified mitra
 * is refused before this (people/visibility.ts `assertMayMeetPetani`).
 */
export function visibleTo(user: Viewer): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'petani') return eq(lahan.petani_id, user.id);
  return eq(lahan.status, 'active');
}

/**
 * A mitra browsing lahan sees who owns it, not how to reach them: the owner's email, phone and home
 * address stay private until a contract brings the two together (people/visibility.ts).
 */
export function asSeenBy({ owner_contact, ...row }: LahanRow): LahanView {
  return owner_contact ? row : withhold(row, OWNER_CONTACT);
}
