import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { lahanStatusEnum } from './lahan.js';

/**
 * The map's clusters, pre-counted: per grid level, cell and combination of the keys the viewport filters by,
 * how many lahan have their centroid in the cell and the sums of those centroids (their mean is the cluster's
 * position). Three families of keys, each counting every lahan once (functions/80-lahan-grid.sql): 0 by status,
 * category and the owner's verification (every level); 1 by status and the province of the lahan's location, and 2
 * by status, the owner's verification and the area class of its luas_lahan (levels 5 to 12 only). A family's
 * other keys are 0 (false). A level's cells are squares of 360 / 2^level degrees from (−180, −90): cell_x =
 * floor((lon + 180) · 2^level / 360), cell_y likewise from latitude. Kept by statement triggers in the writing
 * transaction (functions/80-lahan-grid.sql), in shards per connection as list_counts is (a recount's rows in shard
 * 0, which no connection has and the fold leaves alone); read by modules/lahan/viewport.ts. category_id 0,
 * province_id 0: none.
 */
export const lahanGrid = pgTable(
  'lahan_grid',
  {
    level: smallint('level').notNull(),
    family: smallint('family').notNull(),
    cell_x: integer('cell_x').notNull(),
    cell_y: integer('cell_y').notNull(),
    status: lahanStatusEnum('status').notNull(),
    category_id: integer('category_id').notNull(),
    petani_verified: boolean('petani_verified').notNull(),
    province_id: integer('province_id').notNull(),
    area_class: smallint('area_class').notNull(),
    shard: integer('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    sum_lon: doublePrecision('sum_lon').notNull(),
    sum_lat: doublePrecision('sum_lat').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [
        t.level,
        t.family,
        t.cell_x,
        t.cell_y,
        t.status,
        t.category_id,
        t.petani_verified,
        t.province_id,
        t.area_class,
        t.shard,
      ],
    }),
  ],
);
