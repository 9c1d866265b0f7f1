import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';

import {
  CONTRACT_ACTIONS,
  CONTRACT_ACTOR_ROLES,
  CONTRACT_PARTIES,
  DELIVERY_GRADES,
  TERMS_PROPOSER_ROLES,
} from '../../../shared/contracts.js';
import { contractStatusEnum, contracts } from './contracts.js';
import { documents, users } from './people.js';

/** `column IN (values…)` as a check constraint (the values are our own constants, inlined). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);

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
    price: numeric('price', { precision: 16, scale: 2, mode: 'number' }).notNull(),
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
    action: varchar('action', { length: 10, enum: CONTRACT_ACTIONS }).notNull(),
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

/** Deliveries the mitra records on an active contract; the petani confirms each receipt. */
export const contractDeliveries = pgTable(
  'contract_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contract_id: contractId(),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    grade: varchar('grade', { length: 1, enum: DELIVERY_GRADES }).notNull(),
    amount_paid: numeric('amount_paid', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    photo_document_id: integer('photo_document_id').references(() => documents.id, { onDelete: 'set null' }),
    recorded_by: userRef('recorded_by'),
    created_at: createdAt(),
    confirmed_at: timestamptz('confirmed_at'),
    confirmed_by: userRef('confirmed_by'),
  },
  (t) => [
    index('contract_deliveries_contract_idx').on(t.contract_id, t.id),
    oneOf('contract_deliveries_grade_check', t.grade, DELIVERY_GRADES),
  ],
);
