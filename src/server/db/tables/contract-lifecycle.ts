import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns.js';

import {
  CONTRACT_ACTIONS,
  CONTRACT_ACTOR_ROLES,
  CONTRACT_PARTIES,
  TERMS_PROPOSER_ROLES,
} from '../../../shared/contracts.js';
import {
  ADVANCE_KINDS,
  DEFAULT_PAYMENT_DAYS,
  DELIVERY_STATUSES,
  type GradePrice,
  PAYMENT_METHODS,
} from '../../../shared/settlement.js';
import { contractStatusEnum, contracts } from './contracts.js';
import { documents, users } from './people.js';

const contractId = () =>
  integer('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** Every version of a contract's terms, numbered from 1, each with its frozen canonical document. */
export const contractTerms = pgTable(
  'contract_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    version: integer('version').notNull(),
    /** The first grade's price (integer rupiah per unit), as on contracts. */
    price: bigint('price', { mode: 'number' }).notNull(),
    prices: jsonb('prices').$type<GradePrice[]>().notNull(),
    payment_days: integer('payment_days').notNull().default(DEFAULT_PAYMENT_DAYS),
    quantity: numeric('quantity', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    delivery_terms: text('delivery_terms'),
    note: text('note'),
    proposed_by: userRef('proposed_by'),
    proposed_role: varchar('proposed_role', { length: 6, enum: TERMS_PROPOSER_ROLES }).notNull(),
    document: text('document').notNull(),
    document_sha256: char('document_sha256', { length: 64 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('contract_terms_version_unique').on(t.contract_id, t.version),
    oneOf('contract_terms_proposed_role_check', t.proposed_role, TERMS_PROPOSER_ROLES),
  ],
);

/** Electronic signatures: one per party per terms version; voided when a new version is proposed. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    terms_version: integer('terms_version').notNull(),
    signer_id: userRef('signer_id'),
    signer_role: varchar('signer_role', { length: 6, enum: CONTRACT_PARTIES }).notNull(),
    signer_name: varchar('signer_name', { length: 200 }).notNull(),
    signed_at: timestamptz('signed_at').notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    document_sha256: char('document_sha256', { length: 64 }).notNull(),
    consent_version: integer('consent_version').notNull(),
    voided_at: timestamptz('voided_at'),
  },
  (t) => [
    uniqueIndex('contract_signatures_unique').on(t.contract_id, t.terms_version, t.signer_role),
    oneOf('contract_signatures_signer_role_check', t.signer_role, CONTRACT_PARTIES),
  ],
);

/** The timeline: one row per step taken (a status change or not). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    action: varchar('action', { length: 16, enum: CONTRACT_ACTIONS }).notNull(),
    actor_id: userRef('actor_id'),
    actor_role: varchar('actor_role', { length: 6, enum: CONTRACT_ACTOR_ROLES }).notNull(),
    from_status: contractStatusEnum('from_status'),
    to_status: contractStatusEnum('to_status').notNull(),
    terms_version: integer('terms_version').notNull(),
    note: text('note'),
    created_at: createdAt(),
  },
  (t) => [
    index('contract_events_contract_idx').on(t.contract_id, t.id),
    oneOf('contract_events_action_check', t.action, CONTRACT_ACTIONS),
    oneOf('contract_events_actor_role_check', t.actor_role, CONTRACT_ACTOR_ROLES),
  ],
);

const money = (name: string) => bigint(name, { mode: 'number' }).notNull();
const quantity = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull();
/** Who recorded a row of the money, and when the petani confirmed it. */
const recordedAndConfirmed = () => ({
  recorded_by: userRef('recorded_by'),
  created_at: createdAt(),
  confirmed_at: timestamptz('confirmed_at'),
  confirmed_by: userRef('confirmed_by'),
});

/**
 * Deliveries the mitra weighs, grades and records on an active contract; the petani confirms or disputes each.
 * Each is a lot: `lot_code` opens its public trace page (/lacak/{lot}).
 */
export const contractDeliveries = pgTable(
  'contract_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    /** Crockford base32, 12 characters in groups of four (XXXX-XXXX-XXXX); made by the server. */
    lot_code: varchar('lot_code', { length: 14 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    gross_quantity: quantity('gross_quantity'),
    accepted_quantity: quantity('accepted_quantity'),
    rejected_quantity: quantity('rejected_quantity').default(0),
    rejection_reason: text('rejection_reason'),
    /** The grade of the accepted part: one of the contract's price table. */
    grade: varchar('grade', { length: 8 }).notNull(),
    /** accepted_quantity × the grade's price, rounded to whole rupiah when recorded. */
    value: money('value'),
    status: varchar('status', { length: 10, enum: DELIVERY_STATUSES }).notNull().default('recorded'),
    photo_document_id: integer('photo_document_id').references(() => documents.id, { onDelete: 'set null' }),
    dispute_reason: text('dispute_reason'),
    disputed_at: timestamptz('disputed_at'),
    resolved_at: timestamptz('resolved_at'),
    resolved_by: userRef('resolved_by'),
    resolution_note: text('resolution_note'),
    /** The day the payments (and advances) first covered this delivery, oldest confirmed first. */
    paid_on: date('paid_on', { mode: 'string' }),
    ...recordedAndConfirmed(),
  },
  (t) => [
    index('contract_deliveries_contract_idx').on(t.contract_id, t.id),
    uniqueIndex('contract_deliveries_lot_code_unique').on(t.lot_code),
    // The finance view's payment delay (paid_on − the confirmation day), read from the index alone.
    index('contract_deliveries_paid_on_idx')
      .on(t.paid_on, t.confirmed_at)
      .where(sql`${t.paid_on} is not null`),
    oneOf('contract_deliveries_status_check', t.status, DELIVERY_STATUSES),
    check(
      'contract_deliveries_quantities_check',
      sql`${t.accepted_quantity} >= 0 and ${t.rejected_quantity} >= 0 and ${t.accepted_quantity} + ${t.rejected_quantity} <= ${t.gross_quantity}`,
    ),
    check('contract_deliveries_value_check', sql`${t.value} >= 0`),
  ],
);

/** Inputs and cash the mitra advances to the petani on a contract; deducted at settlement once confirmed. */
export const contractAdvances = pgTable(
  'contract_advances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    kind: varchar('kind', { length: 12, enum: ADVANCE_KINDS }).notNull(),
    amount: money('amount'),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    ...recordedAndConfirmed(),
  },
  (t) => [
    index('contract_advances_contract_idx').on(t.contract_id, t.id),
    oneOf('contract_advances_kind_check', t.kind, ADVANCE_KINDS),
    check('contract_advances_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Payments the mitra records on a contract; the petani confirms each receipt. */
export const contractPayments = pgTable(
  'contract_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    amount: money('amount'),
    method: varchar('method', { length: 10, enum: PAYMENT_METHODS }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    photo_document_id: integer('photo_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...recordedAndConfirmed(),
  },
  (t) => [
    index('contract_payments_contract_idx').on(t.contract_id, t.id),
    oneOf('contract_payments_method_check', t.method, PAYMENT_METHODS),
    check('contract_payments_amount_check', sql`${t.amount} > 0`),
  ],
);
