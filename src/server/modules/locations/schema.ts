import type { Static } from 'typebox';
import { parentId, requiredName } from '../../http/field-rules.js';
import { requiredForm } from '../../http/forms.js';
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { integer, record, text, timestamp } from '../../db/lists/field.js';
import { equals, listResource } from '../../db/lists/resource.js';
import { districts, locations, provinces, subDistricts } from '../../db/schema.js';
import { Id } from '../../http/schemas.js';
import { fullAddressSql } from './address.js';

const Name = (description: string, max = 120) => requiredName(max, description);

/** Every location has a sub-district, district and province. */
export const joinPlace = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(subDistricts, eq(locations.sub_district_id, subDistricts.id))
    .innerJoin(districts, eq(subDistricts.district_id, districts.id))
    .innerJoin(provinces, eq(districts.province_id, provinces.id));

const place = {
  location_name: locations.location_name,
  sub_district_name: subDistricts.sub_district_name,
  district_name: districts.district_name,
  province_name: provinces.province_name,
};

/** The Location record, over `joinPlace`'s tables. */
export const locationRecord = record({
  id: integer(locations.id),
  location_name: text(place.location_name),
  sub_district_id: integer(locations.sub_district_id),
  sub_district_name: text(place.sub_district_name),
  district_id: integer(districts.id),
  district_name: text(place.district_name),
  province_id: integer(provinces.id),
  province_name: text(place.province_name),
  full_address: text(fullAddressSql(place), {
    description: 'Desa …, Kecamatan …, Kabupaten/Kota …, Provinsi …',
  }),
  created_at: timestamp(locations.created_at),
  updated_at: timestamp(locations.updated_at),
});
export const Location = locationRecord.schema;

export const locationList = listResource({
  entity: 'locations',
  table: locations,
  id: locations.id,
  json: locationRecord.json,
  from: joinPlace,
  search: locations.search_text,
  searchByIndex: true,
  sorts: {
    created_at: locations.created_at,
    location_name: locations.location_name,
    province_name: provinces.province_name,
  },
  filters: {
    province_id: equals(provinces.id, Id(), { joined: true }),
    district_id: equals(districts.id, Id(), { joined: true }),
    sub_district_id: equals(locations.sub_district_id, Id()),
  },
  join: joinPlace,
  joinedSorts: ['province_name'],
});

export const LocationBody = requiredForm({
  location_name: Name('Required; trimmed; unique within its sub-district (any letter case)', 160),
  sub_district_id: parentId('sub-district'),
});
export type LocationInput = Static<typeof LocationBody>;

export const LocationListQuery = locationList.query;
export type LocationQuery = Static<typeof LocationListQuery>;

/** The area records (the lookups under /location), declared once: their select and schema. */
export const provinceRecord = record({
  id: integer(provinces.id),
  province_name: text(provinces.province_name),
});
export const districtRecord = record({
  id: integer(districts.id),
  district_name: text(districts.district_name),
  province_id: integer(districts.province_id),
});
export const subDistrictRecord = record({
  id: integer(subDistricts.id),
  sub_district_name: text(subDistricts.sub_district_name),
  district_id: integer(subDistricts.district_id),
});
export const Province = provinceRecord.schema;
export const District = districtRecord.schema;
export const SubDistrict = subDistrictRecord.schema;

export const ProvinceBody = requiredForm({
  province_name: Name('Required; trimmed; unique (any letter case)'),
});
export const DistrictBody = requiredForm({
  district_name: Name('Required; trimmed; unique within the province (any letter case)'),
  province_id: parentId('province'),
});
export const SubDistrictBody = requiredForm({
  sub_district_name: Name('Required; trimmed; unique within the district (any letter case)'),
  district_id: parentId('district'),
});
