import { asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { districts, provinces, subDistricts } from '../../db/schema.js';
import { notFound, validationError } from '../../http/errors.js';
import { assertNameFree } from '../../db/unique-name.js';
import type { DistrictBody, ProvinceBody, SubDistrictBody } from './schema.js';

const province = { id: provinces.id, province_name: provinces.province_name };
const district = {
  id: districts.id,
  district_name: districts.district_name,
  province_id: districts.province_id,
};
const subDistrict = {
  id: subDistricts.id,
  sub_district_name: subDistricts.sub_district_name,
  district_id: subDistricts.district_id,
};

export const listProvinces = (db: Db) =>
  db.select(province).from(provinces).orderBy(asc(provinces.province_name), asc(provinces.id));

export async function listDistricts(db: Db, provinceId: number) {
  const [parent] = await db.select({ id: provinces.id }).from(provinces).where(eq(provinces.id, provinceId));
  if (!parent) throw notFound('Province');
  return db
    .select(district)
    .from(districts)
    .where(eq(districts.province_id, provinceId))
    .orderBy(asc(districts.district_name), asc(districts.id));
}

export async function listSubDistricts(db: Db, districtId: number) {
  const [parent] = await db.select({ id: districts.id }).from(districts).where(eq(districts.id, districtId));
  if (!parent) throw notFound('District');
  return db
    .select(subDistrict)
    .from(subDistricts)
    .where(eq(subDistricts.district_id, districtId))
    .orderBy(asc(subDistricts.sub_district_name), asc(subDistricts.id));
}

/**
 * Locks the parent row, so that concurrent additions under it wait and the name check holds.
 * docs/spec-notes.md §5: a parent that does not exist fails like any other required field; `errors` says which.
 */
async function lockParent(
  tx: Tx,
  parent: { table: PgTable; id: AnyColumn },
  id: number,
  field: string,
  what: string,
) {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(parent.table)
    .where(eq(parent.id, id))
    .for('update');
  if (!row)
    throw validationError(MESSAGES.requiredFields, [
      { field, message: MESSAGES.record.parentMissing(what, id) },
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

export async function createDistrict(db: Db, input: Static<typeof DistrictBody>) {
  return db.transaction(async (tx) => {
    await lockParent(
      tx,
      { table: provinces, id: provinces.id },
      input.province_id,
      'province_id',
      'Province',
    );
    await assertNameFree(
      tx,
      input.district_name,
      {
        table: districts,
        id: districts.id,
        name: districts.district_name,
        scope: eq(districts.province_id, input.province_id),
      },
      MESSAGES.record.nameTaken('District', input.district_name, 'province'),
    );
    const [row] = await tx.insert(districts).values(input).returning(district);
    return row!;
  });
}

export async function createSubDistrict(db: Db, input: Static<typeof SubDistrictBody>) {
  return db.transaction(async (tx) => {
    await lockParent(
      tx,
      { table: districts, id: districts.id },
      input.district_id,
      'district_id',
      'District',
    );
    await assertNameFree(
      tx,
      input.sub_district_name,
      {
        table: subDistricts,
        id: subDistricts.id,
        name: subDistricts.sub_district_name,
        scope: eq(subDistricts.district_id, input.district_id),
      },
      MESSAGES.record.nameTaken('Sub-district', input.sub_district_name, 'district'),
    );
    const [row] = await tx.insert(subDistricts).values(input).returning(subDistrict);
    return row!;
  });
}
