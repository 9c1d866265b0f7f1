import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  point,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { LUAS_BERBEDA_RATIO } from '../../../shared/boundary.js';
import { LAHAN_STATUSES } from '../../../shared/constants.js';
import type { GeoBbox, GeoPoint, GeoPolygon } from '../../../shared/geometry.js';
import { locations } from './areas.js';
import { landCategories } from './categories.js';
import { alphabeticalRank, searchText, timestamps, trgm, trgmParts } from './columns.js';
import { users } from './people.js';

export const lahanStatusEnum = pgEnum('lahan_status', LAHAN_STATUSES);

export type { GeoBbox, GeoPoint, GeoPolygon } from '../../../shared/geometry.js';

/** PostgreSQL's `box`, as [minX, minY, maxX, maxY]; it is written and read as `(x2,y2),(x1,y1)`. */
const box = customType<{ data: GeoBbox; driverData: string }>({
  dataType: () => 'box',
  toDriver: ([x1, y1, x2, y2]) => `(${x1},${y1}),(${x2},${y2})`,
  fromDriver: (value) => {
    const [x2, y2, x1, y1] = value.replace(/[()]/g, '').split(',').map(Number) as GeoBbox;
    return [x1, y1, x2, y2];
  },
});

/**
 * |luas_terukur − luas_lahan| > LUAS_BERBEDA_RATIO of luas_lahan (luas_lahan is above 0); false without a measured
 * area. One expression for the record's `luas_berbeda`, its list filter and the partial index that serves it.
 */
export const luasBerbedaOf = (t: { luas_terukur: AnyPgColumn; luas_lahan: AnyPgColumn }) =>
  sql<boolean>`coalesce(abs(${t.luas_terukur} - ${t.luas_lahan}) > ${sql.raw(String(LUAS_BERBEDA_RATIO))} * ${t.luas_lahan}, false)`;

export const lahan = pgTable(
  'lahan',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    petani_id: integer('petani_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nama_lahan: varchar('nama_lahan', { length: 160 }).notNull(),
    luas_lahan: doublePrecision('luas_lahan').notNull(),
    address_lahan: text('address_lahan'),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    category_id: integer('category_id').references(() => landCategories.id, { onDelete: 'set null' }),
    /**
     * The province of its location (null without one), set by triggers in the writing transaction (migration
     * 0048_lahan_province), so that the province filter reads one index instead of joining three tables.
     */
    province_id: integer('province_id'),
    status: lahanStatusEnum('status').notNull().default('pending'),
    /**
     * The owner's `users.status_verifikasi`, set by triggers in the writing transaction (migration
     * 0013_lahan_petani_verified), so that lists filter and count by it without joining users. The default
     * only lets an insert leave it out: the trigger sets it.
     */
    petani_verified: boolean('petani_verified').notNull().default(false),
    url_image: text('url_image')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** GeoJSON Point or Polygon in WGS84 (longitude, latitude). */
    gps: jsonb('gps').$type<GeoPoint | GeoPolygon>(),
    /**
     * What the server measures of `gps` on every write of it (modules/lahan/geometry.ts `measureGps`), null when
     * gps is: the geodesic area in m² of a Polygon (null for a Point), the centroid (x = longitude, y =
     * latitude; a Point's own position) and the boundary's bounding box (a Point's degenerate box).
     */
    luas_terukur: doublePrecision('luas_terukur'),
    centroid: point('centroid', { mode: 'tuple' }),
    bbox: box('bbox'),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    // Every documented sort, with id as the tie-breaker and the filters as trailing key columns (index-only pages);
    // each filter column leads an index of its own for counts and for its default (newest first) order.
    index('lahan_created_idx').on(t.created_at, t.id, t.status, t.category_id),
    index('lahan_nama_idx').on(t.nama_lahan, t.id, t.status, t.category_id),
    index('lahan_luas_idx').on(t.luas_lahan, t.id, t.status, t.category_id),
    index('lahan_status_rank_idx').on(alphabeticalRank(t.status), t.id, t.status, t.category_id),
    index('lahan_status_created_idx').on(t.status, t.created_at, t.id, t.category_id),
    index('lahan_petani_idx').on(t.petani_id, t.created_at, t.id, t.status),
    index('lahan_category_idx').on(t.category_id, t.created_at, t.id, t.status),
    index('lahan_location_idx').on(t.location_id, t.created_at, t.id, t.status),
    index('lahan_province_idx').on(t.province_id, t.created_at, t.id, t.status),
    // A mitra's offer search (active lahan of verified petani, by area, category and place): its exact total is
    // counted from this index alone.
    index('lahan_status_verified_idx').on(
      t.status,
      t.petani_verified,
      t.luas_lahan,
      t.category_id,
      t.location_id,
    ),
    trgm('lahan_search_trgm', t.search_text),
    ...trgmParts('lahan_search_trgm', t.search_text, t.id),
    // Viewport queries: the plots whose centroid lies in the map's box (`centroid <@ box`). It also INCLUDEs
    // luas_lahan, status and petani_verified (migration 0045_lahan_centroid_covering; Drizzle cannot say INCLUDE).
    index('lahan_centroid_gist').using('gist', t.centroid),
    // A map's view with a search (`centroid <@ box AND search_text LIKE …`) in one scan that descends by both: the
    // box's GiST bitmap ANDed with the trigram one read every match of the word across the country (db/search/
    // README.md, "The map's search"). Partial, so that only a box (which implies a centroid) may use it: a list's
    // search without one reads the trigram GIN index.
    index('lahan_centroid_search_gist')
      .using('gist', t.centroid, t.search_text.op('gist_trgm_ops'))
      .where(sql`${t.centroid} IS NOT NULL`),
    // The lahan whose gps is not measured yet (stored before migration 0031): empty once the start's backfill
    // (modules/lahan/backfill.ts) has run, so that every start finds nothing to do by one look into it.
    index('lahan_unmeasured_idx')
      .on(t.id)
      .where(sql`${t.gps} IS NOT NULL AND ${t.centroid} IS NULL`),
    // The admin list's `luas_berbeda=true` (a few lahan among many), newest first, without reading the others.
    index('lahan_luas_berbeda_idx').on(t.created_at, t.id).where(luasBerbedaOf(t)),
  ],
);
