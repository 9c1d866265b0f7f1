import { and, eq, gte, lte, not, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { LUAS_BERBEDA_RATIO } from '../../../shared/boundary.js';
import { LUAS_LAHAN_MAX } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { CountQuery } from '../../db/lists/list-spec.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { equals, filter, listResource, type Keys } from '../../db/lists/resource.js';
import { alphabeticalRank, lahan, listCounts } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { Id } from '../../http/schemas.js';
import { BboxParam, centroidIn, parseBbox } from './bbox.js';
import { joinOwnerPlaceCategory, lahanRecord, luasBerbeda } from './records.js';
import { LAHAN_STATUS_INPUTS, normaliseStatus } from './status.js';

const M = MESSAGES.lahan;

const assertAreaRange = (min: number | undefined, max: number | undefined) => {
  if (min !== undefined && max !== undefined && min > max)
    throw validationError(M.areaRangeInvalid, [{ field: 'luas_max', message: M.areaRangeInvalid }]);
};

/** The lahan whose area (m²) lies within the given bounds (served by lahan_luas_idx). */
export function areaWithin(
  min: number | undefined,
  max: number | undefined,
  bind: Bind = asValue,
): SQL | undefined {
  assertAreaRange(min, max);
  return and(
    min === undefined ? undefined : gte(lahan.luas_lahan, bind('luas_min', min)!),
    max === undefined ? undefined : lte(lahan.luas_lahan, bind('luas_max', max)!),
  );
}

/*
 * The exact total of a lahan list narrowed by area, read mostly from the counters per area bin (migration
 * 0016_lahan_area_counts: list_counts entity 'lahan_area', k1 the bin, k2 'status:verified'): the bins wholly
 * inside [min, max] are summed; the rows of the bins the bounds fall in — a bin spans about 9 % of its areas —
 * are counted by the list's own condition, which then reads at most two bins of lahan_luas_idx rather than
 * every matching entry (228,000 of 300,000 for luas_min=10000).
 */
const binOf = (area: unknown) => sql`lahan_area_bin(${area}::double precision)`;
const keyOf = (bin: SQL) => sql`lahan_area_key(${bin})`;

/** The total of `where` (the area range, the status and the verification, the viewer's visibility). */
function areaTotal(where: SQL | undefined, min: unknown, max: unknown, { k1: status, k2: verified }: Keys) {
  const part = (extra: SQL) => sql`(select count(*) from ${lahan} where ${and(where, extra)})`;
  const within = [
    sql`${listCounts.entity} = 'lahan_area'`,
    min === undefined ? undefined : sql`${listCounts.k1} > ${keyOf(binOf(min))}`,
    max === undefined ? undefined : sql`${listCounts.k1} < ${keyOf(binOf(max))}`,
    status === undefined ? undefined : sql`split_part(${listCounts.k2}, ':', 1) = ${status}`,
    verified === undefined ? undefined : sql`split_part(${listCounts.k2}, ':', 2) = ${verified}`,
  ];
  const terms = [
    sql`(select coalesce(sum(${listCounts.n}), 0) from ${listCounts} where ${and(...within)})`,
    // The rows of min's bin (and of max's, when it is the same one).
    min === undefined ? undefined : part(sql`${lahan.luas_lahan} < lahan_area_edge(${binOf(min)} + 1)`),
    // The rows of max's bin, when it is another one.
    max === undefined
      ? undefined
      : part(
          and(
            sql`${lahan.luas_lahan} >= lahan_area_edge(${binOf(max)})`,
            min === undefined ? undefined : sql`${binOf(max)} > ${binOf(min)}`,
          )!,
        ),
  ].filter((term) => term !== undefined);
  return { count: () => sql<number>`${sql.join(terms, sql` + `)}` } satisfies CountQuery;
}

const areaBound = (description: string) => Type.Number({ minimum: 0, maximum: LUAS_LAHAN_MAX, description });

/**
 * The lahan list: the counters (list_counts 'lahan', k1 the status, k2 the owner's verification) serve it narrowed
 * by those alone, the area bins narrowed by area besides; the service adds the viewer's scope.
 */
export const lahanList = listResource({
  entity: 'lahan',
  table: lahan,
  id: lahan.id,
  json: lahanRecord(sql`true`).json,
  from: joinOwnerPlaceCategory,
  search: lahan.search_text,
  searchInParts: true,
  sorts: {
    created_at: lahan.created_at,
    nama_lahan: lahan.nama_lahan,
    luas_lahan: lahan.luas_lahan,
    // Alphabetical, not the enum's declaration order.
    status: alphabeticalRank(lahan.status),
  },
  filters: {
    status: filter(
      Type.Enum(LAHAN_STATUS_INPUTS),
      (status, bind, name) => eq(lahan.status, bind(name, normaliseStatus(status))!),
      { key: 'k1', keyOf: normaliseStatus },
    ),
    luas_min: filter(areaBound('Smallest luas_lahan, m² (inclusive)'), (min, bind, name, query) => {
      assertAreaRange(min, query.luas_max as number | undefined);
      return gte(lahan.luas_lahan, bind(name, min)!);
    }),
    luas_max: filter(areaBound('Largest luas_lahan, m² (inclusive); not below luas_min'), (max, bind, name) =>
      lte(lahan.luas_lahan, bind(name, max)!),
    ),
    // The owner's verification, kept on the lahan row (migration 0013_lahan_petani_verified).
    petani_verified: equals(
      lahan.petani_verified,
      Type.Boolean({ description: "true: only verified petani's lahan; false: only unverified petani's" }),
      { key: 'k2' },
    ),
    // The record's luas_berbeda; true is served by lahan_luas_berbeda_idx (a few lahan among many).
    luas_berbeda: filter(
      Type.Boolean({
        description: `true: only lahan whose measured area differs from luas_lahan by more than ${LUAS_BERBEDA_RATIO * 100} %; false: the others`,
      }),
      (differs) => (differs ? luasBerbeda : not(luasBerbeda)),
      { inShape: true },
    ),
    category_id: equals(lahan.category_id, Id()),
    petani_id: equals(lahan.petani_id, Id()),
    location_id: equals(lahan.location_id, Id()),
    // The province of the lahan's location, kept on the row (migration 0048_lahan_province).
    province_id: equals(lahan.province_id, Id()),
    // The routes answer a query with bbox as the map's view (viewport.ts); its condition is the box's.
    bbox: filter(BboxParam, (text, bind, name) => centroidIn(parseBbox(text), bind, name)),
  },
  // Narrowed by area (and the counters' keys) alone: the area bins' total.
  count: ({ where, keys, free, bind, query }) =>
    free.every((name) => name === 'luas_min' || name === 'luas_max')
      ? areaTotal(where, bind('luas_min', query.luas_min), bind('luas_max', query.luas_max), keys)
      : undefined,
});
