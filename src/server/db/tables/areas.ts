import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { searchText, timestamps, trgm } from './columns.js';

/** The administrative areas (province > district > sub-district) and the locations under them. */
export const provinces = pgTable(
  'provinces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    province_name: varchar('province_name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('provinces_code_unique').on(t.code), index('provinces_name_idx').on(t.province_name)],
);

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    district_name: varchar('district_name', { length: 120 }).notNull(),
    province_id: integer('province_id')
      .notNull()
      .references(() => provinces.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('districts_code_unique').on(t.code),
    index('districts_province_idx').on(t.province_id, t.district_name),
  ],
);

export const subDistricts = pgTable(
  'sub_districts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    sub_district_name: varchar('sub_district_name', { length: 120 }).notNull(),
    district_id: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sub_districts_code_unique').on(t.code),
    index('sub_districts_district_idx').on(t.district_id, t.sub_district_name),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    location_name: varchar('location_name', { length: 160 }).notNull(),
    sub_district_id: integer('sub_district_id')
      .notNull()
      .references(() => subDistricts.id, { onDelete: 'restrict' }),
    // Its area's names, written by triggers from sub_district_id (migration 0021_location_area_names): the
    // default is never seen.
    sub_district_name: varchar('sub_district_name', { length: 120 }).notNull().default(''),
    district_name: varchar('district_name', { length: 120 }).notNull().default(''),
    province_name: varchar('province_name', { length: 120 }).notNull().default(''),
    // Its province, written by the same triggers (migration 0048_lahan_province); its lahan copy it.
    province_id: integer('province_id'),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    index('locations_sub_district_idx').on(t.sub_district_id, t.created_at, t.id),
    index('locations_created_idx').on(t.created_at, t.id),
    index('locations_name_idx').on(t.location_name, t.id),
    trgm('locations_search_trgm', t.search_text),
  ],
);
