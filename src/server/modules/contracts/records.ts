import { type SQL, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import { isoTime, jsonObject } from '../../db/lists/json.js';
import type { JsonPage } from '../../db/lists/list-json.js';
import {
  contractCategories,
  contracts,
  contractSignatures,
  lahan,
  mitraProfiles,
  petaniProfiles,
  users,
} from '../../db/schema.js';

/** The two parties' accounts; either may be gone (the contract keeps its row with the id null). */
export const petaniUser = alias(users, 'petani_user');
export const mitraUser = alias(users, 'mitra_user');

const nameOf = (profileName: AnyColumn, userName: AnyColumn) =>
  sql<string>`coalesce(${profileName}, ${userName}, ${MESSAGES.contract.deletedAccount})`;

/** Display names of the parties: profile name, else account name, else MESSAGES.contract.deletedAccount. */
export const petaniName = nameOf(petaniProfiles.fullname_petani, petaniUser.full_name);
export const mitraName = nameOf(mitraProfiles.fullname_mitra, mitraUser.full_name);

/** The Contract record of docs/API.md: the contract with its category, parties and lahan joined in. */
export const contractRecord = {
  id: contracts.id,
  title: contracts.title,
  contract_category_id: contracts.contract_category_id,
  contract_type: contractCategories.type_name,
  description: contracts.description,
  status: contracts.status,
  petani_id: contracts.petani_id,
  fullname_petani: petaniName,
  petani_nama: petaniName,
  mitra_id: contracts.mitra_id,
  fullname_mitra: mitraName,
  lahan_id: contracts.lahan_id,
  nama_lahan: lahan.nama_lahan,
  commodity: contracts.commodity,
  quantity: contracts.quantity,
  unit: contracts.unit,
  price: contracts.price,
  start_date: contracts.start_date,
  end_date: contracts.end_date,
  terms_version: contracts.terms_version,
  delivery_terms: contracts.delivery_terms,
  verification_code: contracts.verification_code,
  total_value: sql<number>`(${contracts.price} * ${contracts.quantity})`.mapWith(Number),
  awaiting: contracts.awaiting,
  petani_signed_at: contracts.petani_signed_at,
  mitra_signed_at: contracts.mitra_signed_at,
  /** Any signature of any version, voided ones included: such a contract is never deleted (contractDeletable). */
  has_signatures: sql<boolean>`exists (select 1 from ${contractSignatures} where ${contractSignatures.contract_id} = ${contracts.id})`,
  cancel_reason: contracts.cancel_reason,
  created_at: contracts.created_at,
  updated_at: contracts.updated_at,
};

/** The Contract record as JSON (timestamps as the API writes them), over `joinCategoryPartiesLahan`'s tables. */
export const contractJson = jsonObject({
  ...contractRecord,
  petani_signed_at: isoTime(contracts.petani_signed_at),
  mitra_signed_at: isoTime(contracts.mitra_signed_at),
  created_at: isoTime(contracts.created_at),
  updated_at: isoTime(contracts.updated_at),
});

/** A party's account and profile, both found by the contract's column holding their user id. */
const partyJoins = (
  partyId: AnyColumn,
  account: PgTable & { id: AnyColumn },
  profiles: PgTable & { user_id: AnyColumn },
) =>
  [
    [account, eq(partyId, account.id)],
    [profiles, eq(partyId, profiles.user_id)],
  ] as const;

export const joinCategoryPartiesLahan = <T extends PgSelect>(query: T) =>
  leftJoinAll(query, [
    [contractCategories, eq(contracts.contract_category_id, contractCategories.id)],
    ...partyJoins(contracts.petani_id, petaniUser, petaniProfiles),
    ...partyJoins(contracts.mitra_id, mitraUser, mitraProfiles),
    [lahan, eq(contracts.lahan_id, lahan.id)],
  ]);

/**
 * `SELECT` of Contract records, ready for `.where(...)`, `.orderBy(...)`, `.limit(...)`. Conditions may use
 * `contracts`, `petaniUser`, `mitraUser`, `petaniProfiles`, `mitraProfiles`, `contractCategories`, `lahan`.
 */
export const selectContracts = <E extends Record<string, SQL>>(db: Db | Tx, extra?: E) =>
  joinCategoryPartiesLahan(
    db
      .select({ ...contractRecord, ...(extra as E) })
      .from(contracts)
      .$dynamic(),
  );

export type ContractRecord = Awaited<ReturnType<typeof selectContracts<Record<never, SQL>>>>[number];

/** The records of a contract list's page as JSON (db/lists/list-json.ts `listJson`). */
export const contractPageRecords = (db: Db | Tx) => (page: JsonPage) =>
  joinCategoryPartiesLahan(
    db
      .select({ r: contractJson.as('r'), n: page.rank })
      .from(contracts)
      .$dynamic(),
  ).where(page.onPage);
