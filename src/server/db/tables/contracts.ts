import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { CONTRACT_PARTIES } from '../../../shared/contracts.js';
import { DEFAULT_PAYMENT_DAYS, type GradePrice } from '../../../shared/settlement.js';
import { contractCategories } from './categories.js';
import { alphabeticalRank, oneOf, searchText, timestamps, timestamptz, trgm } from './columns.js';
import { lahan } from './lahan.js';
import { users } from './people.js';

/** 16 upper-case hex digits in four groups of four (XXXX-XXXX-XXXX-XXXX), from a random UUID. */
const VERIFICATION_CODE_SQL = sql`regexp_replace(upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)), '(.{4})(.{4})(.{4})(.{4})', '\\1-\\2-\\3-\\4')`;

export const contractStatusEnum = pgEnum('contract_status', CONTRACT_STATUSES);

export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 200 }).notNull(),
    contract_category_id: integer('contract_category_id').references(() => contractCategories.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    status: contractStatusEnum('status').notNull().default('pending'),
    /** Nullable so that deleting an account keeps its contracts, anonymised (privacy policy: 7 years). */
    petani_id: integer('petani_id').references(() => users.id, { onDelete: 'set null' }),
    mitra_id: integer('mitra_id').references(() => users.id, { onDelete: 'set null' }),
    lahan_id: integer('lahan_id').references(() => lahan.id, { onDelete: 'set null' }),
    commodity: varchar('commodity', { length: 120 }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull().default('kg'),
    /** Price per unit in integer rupiah of the first grade of `prices` (lists and older clients read it). */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The price table of the terms in force: integer rupiah per unit by grade, in the order offered. */
    prices: jsonb('prices').$type<GradePrice[]>().notNull(),
    /** Days after a delivery's confirmation by which it must be paid. */
    payment_days: integer('payment_days').notNull().default(DEFAULT_PAYMENT_DAYS),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    /** The current version of the terms (contract_terms); the columns above hold its values. */
    terms_version: integer('terms_version').notNull().default(1),
    delivery_terms: text('delivery_terms'),
    /** Printed on the PDF; GET /verify/{code} answers with it. Every row gets its own (volatile default). */
    verification_code: varchar('verification_code', { length: 19 }).notNull().default(VERIFICATION_CODE_SQL),
    /** Whose step it is (petani|mitra), maintained by every action; null once the contract is final. */
    awaiting: varchar('awaiting', { length: 6, enum: CONTRACT_PARTIES }),
    /** When each party signed the CURRENT terms version; a new version clears both. */
    petani_signed_at: timestamptz('petani_signed_at'),
    mitra_signed_at: timestamptz('mitra_signed_at'),
    cancel_reason: text('cancel_reason'),
    /*
     * The settlement (issue 31), kept by every step on the money in its transaction (settlement module):
     * integer rupiah of the confirmed deliveries, the confirmed advances, the confirmed payments and the
     * payments not yet confirmed; what is still owed follows from them; payment_due_date is the due date of the
     * oldest confirmed delivery not yet covered by advances and payments (null: nothing owed).
     */
    settled_gross: bigint('settled_gross', { mode: 'number' }).notNull().default(0),
    settled_advances: bigint('settled_advances', { mode: 'number' }).notNull().default(0),
    settled_paid: bigint('settled_paid', { mode: 'number' }).notNull().default(0),
    settled_pending: bigint('settled_pending', { mode: 'number' }).notNull().default(0),
    settled_outstanding: bigint('settled_outstanding', { mode: 'number' }).generatedAlwaysAs(
      sql`greatest(greatest(settled_gross - settled_advances, 0) - settled_paid, 0)`,
    ),
    payment_due_date: date('payment_due_date', { mode: 'string' }),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    // As for lahan: every documented sort with id, and each filter column leading an index of its own.
    index('contracts_created_idx').on(t.created_at, t.id, t.status),
    index('contracts_title_idx').on(t.title, t.id, t.status),
    index('contracts_start_date_idx').on(t.start_date, t.id, t.status),
    index('contracts_status_rank_idx').on(alphabeticalRank(t.status), t.id, t.status),
    index('contracts_status_created_idx').on(t.status, t.created_at, t.id),
    index('contracts_category_idx').on(t.contract_category_id, t.created_at, t.id),
    index('contracts_petani_idx').on(t.petani_id, t.created_at, t.id),
    index('contracts_mitra_idx').on(t.mitra_id, t.created_at, t.id),
    index('contracts_lahan_idx').on(t.lahan_id, t.created_at, t.id),
    trgm('contracts_search_trgm', t.search_text),
    uniqueIndex('contracts_verification_code_unique').on(t.verification_code),
    index('contracts_petani_awaiting_idx').on(t.petani_id, t.awaiting, t.created_at, t.id),
    index('contracts_mitra_awaiting_idx').on(t.mitra_id, t.awaiting, t.created_at, t.id),
    oneOf('contracts_awaiting_check', t.awaiting, CONTRACT_PARTIES),
    check('contracts_payment_days_check', sql`${t.payment_days} between 0 and 365`),
    // The finance view: what each mitra still owes, and what is overdue, over the contracts that owe anything;
    // settled_outstanding last, so that the sums are read from the index alone (index-only scans).
    index('contracts_owing_mitra_idx')
      .on(t.mitra_id, t.payment_due_date, t.settled_outstanding)
      .where(sql`${t.settled_outstanding} > 0`),
    index('contracts_owing_due_idx')
      .on(t.payment_due_date, t.id, t.settled_outstanding)
      .where(sql`${t.settled_outstanding} > 0`),
  ],
);
