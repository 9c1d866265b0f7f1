import { type SQL, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { CONTRACT_PARTIES } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import { PAYMENT_STATUSES } from '../../../shared/settlement.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
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
import { paymentStatusSql } from './payment-status-sql.js';

/** A price table `[{grade, price}]` as the records give it (contracts, their versions, the verification). */
export const GradePrices = Type.Array(
  Type.Object({ grade: Type.String(), price: Type.Integer({ description: 'Rupiah per unit' }) }),
  { description: 'The price per grade, in the order offered; the first is `price`' },
);

/** The two parties' accounts; either may be gone (the contract keeps its row with the id null). */
export const petaniUser = alias(users, 'petani_user');
export const mitraUser = alias(users, 'mitra_user');

const nameOf = (profileName: AnyColumn, userName: AnyColumn) =>
  sql<string>`coalesce(${profileName}, ${userName}, ${MESSAGES.contract.deletedAccount})`;

/** Display names of the parties: profile name, else account name, else MESSAGES.contract.deletedAccount. */
export const petaniName = nameOf(petaniProfiles.fullname_petani, petaniUser.full_name);
export const mitraName = nameOf(mitraProfiles.fullname_mitra, mitraUser.full_name);

const DELETED = `'${MESSAGES.contract.deletedAccount}' when the account was deleted`;
const GONE = 'null when the account was deleted';

/**
 * The Contract record of docs/API.md, declared once (db/lists/field.ts): the contract with its category,
 * parties and lahan joined in (`joinCategoryPartiesLahan`).
 */
export const contract = record({
  id: integer(contracts.id),
  title: text(contracts.title),
  contract_category_id: nullable(integer(contracts.contract_category_id)),
  contract_type: nullable(text(contractCategories.type_name, { description: 'The contract category name' })),
  description: nullable(text(contracts.description)),
  status: oneOf(contracts.status, CONTRACT_STATUSES),
  petani_id: nullable(integer(contracts.petani_id, { description: GONE })),
  fullname_petani: text(petaniName, { description: DELETED }),
  petani_nama: text(petaniName, { description: 'Same as fullname_petani' }),
  mitra_id: nullable(integer(contracts.mitra_id, { description: GONE })),
  fullname_mitra: text(mitraName, { description: DELETED }),
  lahan_id: nullable(integer(contracts.lahan_id)),
  nama_lahan: nullable(text(lahan.nama_lahan)),
  commodity: text(contracts.commodity),
  quantity: number(contracts.quantity),
  unit: text(contracts.unit),
  price: number(contracts.price, { description: 'The first grade’s price per unit, integer rupiah' }),
  prices: shaped(contracts.prices, GradePrices),
  payment_days: integer(contracts.payment_days, {
    description: 'Days after a delivery’s confirmation by which it is paid',
  }),
  start_date: text(contracts.start_date, { format: 'date' }),
  end_date: text(contracts.end_date, { format: 'date' }),
  terms_version: integer(contracts.terms_version, {
    description: 'The current version of the terms (GET /contract/{id}/terms)',
  }),
  delivery_terms: nullable(text(contracts.delivery_terms)),
  verification_code: text(contracts.verification_code, {
    description: 'XXXX-XXXX-XXXX-XXXX; GET /verify/{code}',
  }),
  total_value: number(sql<number>`(${contracts.price} * ${contracts.quantity})`.mapWith(Number), {
    description: 'price × quantity, rupiah',
  }),
  awaiting: nullable(
    oneOf(contracts.awaiting, CONTRACT_PARTIES, {
      description:
        'Whose step it is (after the end: the petani to confirm money, the mitra to pay); null: nobody’s',
    }),
  ),
  payment_status: oneOf(paymentStatusSql, PAYMENT_STATUSES, {
    description: 'unpaid|partial|paid|overdue, as GET /contract/{id}/settlement gives it',
  }),
  petani_signed_at: nullable(timestamp(contracts.petani_signed_at)),
  mitra_signed_at: nullable(timestamp(contracts.mitra_signed_at)),
  // Any signature of any version, voided ones included: such a contract is never deleted (contractDeletable).
  has_signatures: boolean(
    sql<boolean>`exists (select 1 from ${contractSignatures} where ${contractSignatures.contract_id} = ${contracts.id})`,
    {
      description:
        'Whether anyone signed any version (voided signatures included); such a contract cannot be deleted (cancel it)',
    },
  ),
  cancel_reason: nullable(text(contracts.cancel_reason)),
  created_at: timestamp(contracts.created_at),
  updated_at: timestamp(contracts.updated_at),
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
      .select({ ...contract.select, ...(extra as E) })
      .from(contracts)
      .$dynamic(),
  );

export type ContractRecord = Awaited<ReturnType<typeof selectContracts<Record<never, SQL>>>>[number];

/** The records of a contract list's page as JSON (db/lists/list-json.ts `listJson`). */
export const contractPageRecords = (db: Db | Tx) => (page: JsonPage) =>
  joinCategoryPartiesLahan(
    db
      .select({ r: contract.json.as('r'), n: page.rank })
      .from(contracts)
      .$dynamic(),
  ).where(page.onPage);
