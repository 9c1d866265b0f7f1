import { date, index, integer, numeric, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { contractCategories } from './categories.js';
import { alphabeticalRank, searchText, timestamps, trgm } from './columns.js';
import { lahan } from './lahan.js';
import { users } from './people.js';

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
    /** Price per unit in rupiah. */
    price: numeric('price', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    // As for lahan: every documented sort with id, and each filter column leading an index of its own.
    index('contracts_created_idx').on(t.created_at, t.id, t.status),
    index('contracts_title_idx').on(t.title, t.id, t.status),
    index('contracts_start_date_idx').on(t.start_date, t.id, t.status),
    index('contracts_status_rank_idx').on(alphabeticalRank(t.status, CONTRACT_STATUSES), t.id, t.status),
    index('contracts_status_created_idx').on(t.status, t.created_at, t.id),
    index('contracts_category_idx').on(t.contract_category_id, t.created_at, t.id),
    index('contracts_petani_idx').on(t.petani_id, t.created_at, t.id),
    index('contracts_mitra_idx').on(t.mitra_id, t.created_at, t.id),
    index('contracts_lahan_idx').on(t.lahan_id, t.created_at, t.id),
    trgm('contracts_search_trgm', t.search_text),
  ],
);
