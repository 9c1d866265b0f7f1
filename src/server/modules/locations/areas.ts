import { asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Static } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { districts, provinces, subDistricts } from '../../db/schema.js';
import { notFound, validationError } from '../../http/errors.js';
import { assertNameFree } from '../../db/stores/unique-name.js';
import {
  districtRecord,
  provinceRecord,
  subDistrictRecord,
  type DistrictBody,
  type ProvinceBody,
  type SubDistrictBody,
} from './schema.js';

const province = provinceRecord.select;

/** A level of areas under another, with what listing it and adding to it need. */
interface ChildLevel<C extends SelectedFieldsFlat> {
  table: PgTable;
  columns: C;
  id: AnyColumn;
  name: AnyColumn;
  parentKey: AnyColumn;
  /** In messages: 'District'. */
  label: string;
  /** `field` is the body's key of the parent id, `scope` the word for it in the name-taken message. */
  parent: { table: PgTable; id: AnyColumn; label: string; field: string; scope: string };
}

const districtLevel = {
  table: districts,
  columns: districtRecord.select,
  id: districts.id,
  name: districts.district_name,
  parentKey: districts.province_id,
  label: 'District',
  parent: { table: provinces, id: provinces.id, label: 'Province', field: 'province_id', scope: 'province' },
} satisfies ChildLevel<SelectedFieldsFlat>;

const subDistrictLevel = {
  table: subDistricts,
  columns: subDistrictRecord.select,
  id: subDistricts.id,
  name: subDistricts.sub_district_name,
  parentKey: subDistricts.district_id,
  label: 'Sub-district',
  parent: { table: districts, id: districts.id, label: 'District', field: 'district_id', scope: 'district' },
} satisfies ChildLevel<SelectedFieldsFlat>;

export const listProvinces = (db: Db) =>
  db.select(province).from(provinces).orderBy(asc(provinces.province_name), asc(provinces.id));

/** The areas under `parentId`, by name; 404 when the parent does not exist. */
async function listChildren<C extends SelectedFieldsFlat>(
  db: Db,
  level: ChildLevel<C>,
  parentId: number,
): Promise<SelectResultFields<C>[]> {
  const { parent } = level;
  const [found] = await db
    .select({ one: sql`1` })
    .from(parent.table)
    .where(eq(parent.id, parentId));
  if (!found) throw notFound(parent.label);
  const rows = await db
    .select(level.columns)
    .from(level.table)
    .where(eq(level.parentKey, parentId))
    .orderBy(asc(level.name), asc(level.id));
  // Drizzle cannot infer the rows of a generic selection; they are the columns' values.
  return rows as SelectResultFields<C>[];
}

export const listDistricts = (db: Db, provinceId: number) => listChildren(db, districtLevel, provinceId);

export const listSubDistricts = (db: Db, districtId: number) =>
  listChildren(db, subDistrictLevel, districtId);

/**
 * Locks the parent row, so that concurrent additions under it wait and the name check holds.
 * docs/spec-notes.md §5: a parent that does not exist fails like any other required field; `errors` says which.
 */
async function lockParent(tx: Tx, parent: ChildLevel<SelectedFieldsFlat>['parent'], id: number) {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(parent.table)
    .where(eq(parent.id, id))
    .for('update');
  if (!row)
    throw validationError(MESSAGES.requiredFields, [
      { field: parent.field, message: MESSAGES.record.parentMissing(parent.label, id) },
    ]);
}

/** Serialises province creation, which has no parent row to lock (the table has no unique name index). */
const lockProvinces = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('provinces'))`);

export async function createProvince(db: Db, input: Static<typeof ProvinceBody>) {
  return db.transaction(async (tx) => {
    await lockProvinces(tx);
    await assertNameFree(
      tx,
      input.province_name,
      { table: provinces, id: provinces.id, name: provinces.province_name },
      MESSAGES.record.nameTaken('Province', input.province_name),
    );
    const [row] = await tx.insert(provinces).values(input).returning(province);
    return row!;
  });
}

/** Adds an area under `parentId`, whose name must be free under that parent (the parent row is locked). */
async function createChild<C extends SelectedFieldsFlat>(
  db: Db,
  level: ChildLevel<C>,
  parentId: number,
  input: Record<string, unknown>,
  name: string,
): Promise<SelectResultFields<C>> {
  const { parent } = level;
  return db.transaction(async (tx) => {
    await lockParent(tx, parent, parentId);
    await assertNameFree(
      tx,
      name,
      { table: level.table, id: level.id, name: level.name, scope: eq(level.parentKey, parentId) },
      MESSAGES.record.nameTaken(level.label, name, parent.scope),
    );
    const rows = await tx.insert(level.table).values(input).returning(level.columns);
    return (rows as SelectResultFields<C>[])[0]!;
  });
}

export const createDistrict = (db: Db, input: Static<typeof DistrictBody>) =>
  createChild(db, districtLevel, input.province_id, input, input.district_name);

export const createSubDistrict = (db: Db, input: Static<typeof SubDistrictBody>) =>
  createChild(db, subDistrictLevel, input.district_id, input, input.sub_district_name);
