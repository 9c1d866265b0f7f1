import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, PERSONAL_DOCUMENT_KINDS, ROLES } from '../../../shared/constants.js';
import { bytea, createdAt, searchText, timestamps, trgm, trgmParts } from './columns.js';

export const roleEnum = pgEnum('role', ROLES);
export const documentKindEnum = pgEnum('document_kind', DOCUMENT_KINDS);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: roleEnum('role').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 64 }),
    password_hash: text('password_hash').notNull(),
    full_name: varchar('full_name', { length: 160 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    status_verifikasi: boolean('status_verifikasi').notNull().default(false),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    // One index per documented sort, alone and after the role filter, with id as the tie-breaker; the
    // verification filter, a trailing key column, is read from the index so that every page is an index-only scan.
    // The default order's indexes also carry search_text: a search's page walks them without visiting the table.
    index('users_created_idx').on(t.created_at, t.id, t.role, t.status_verifikasi, t.search_text),
    index('users_role_created_idx').on(t.role, t.created_at, t.id, t.status_verifikasi, t.search_text),
    // A page without a search reads these narrower twins: the search text is most of an entry, and reaching page
    // 500 of the petani (5,000 entries) took 3.4 ms along the wide index, 1.45 ms along the narrow one.
    index('users_created_page_idx').on(t.created_at, t.id, t.role, t.status_verifikasi),
    index('users_role_created_page_idx').on(t.role, t.created_at, t.id, t.status_verifikasi),
    index('users_full_name_idx').on(t.full_name, t.id, t.role, t.status_verifikasi),
    index('users_role_full_name_idx').on(t.role, t.full_name, t.id, t.status_verifikasi),
    index('users_email_idx').on(t.email, t.id, t.role, t.status_verifikasi),
    index('users_role_email_idx').on(t.role, t.email, t.id, t.status_verifikasi),
    index('users_role_id_idx').on(t.role, t.id, t.status_verifikasi),
    trgm('users_search_trgm', t.search_text),
    ...trgmParts('users_search_trgm', t.search_text, t.id),
    // The mitra's search: a mitra is 1 account in 12, so a word common among petani (budi: 22,900 of 1M accounts)
    // would otherwise be counted through every account's matches, or along the role's index (39–60 ms at 1M);
    // their own index holds only their matches (1,826): 1.1–1.5 ms. The role is a bound parameter: PostgreSQL
    // plans it per call (a generic plan without this index costs more), so it is used.
    trgm('users_mitra_search_trgm', t.search_text).where(sql`${t.role} = 'mitra'`),
  ],
);

export const petaniProfiles = pgTable(
  'petani_profiles',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullname_petani: varchar('fullname_petani', { length: 160 }).notNull(),
    nik: varchar('nik', { length: 16 }),
    alamat: text('alamat'),
  },
  (t) => [uniqueIndex('petani_nik_unique').on(t.nik)],
);

export const mitraProfiles = pgTable(
  'mitra_profiles',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullname_mitra: varchar('fullname_mitra', { length: 160 }).notNull(),
    nik: varchar('nik', { length: 16 }),
    alamat: text('alamat'),
    company_name: varchar('company_name', { length: 160 }),
    company_address: text('company_address'),
    company_position: varchar('company_position', { length: 120 }),
    no_loa: varchar('no_loa', { length: 64 }),
  },
  (t) => [uniqueIndex('mitra_nik_unique').on(t.nik)],
);

/**
 * Personal documents (KTP, selfie with KTP, supporting documents, LOA, avatar) live in the database,
 * never under a public URL: only their owner and admins may read them through the API.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    mime_type: varchar('mime_type', { length: 100 }).notNull(),
    file_name: varchar('file_name', { length: 200 }).notNull(),
    size_bytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    created_at: createdAt(),
  },
  // Listed rather than `kind <> 'delivery_photo'`: a new enum value cannot be used in the migration that adds it.
  (t) => [
    uniqueIndex('documents_user_kind_unique')
      .on(t.user_id, t.kind)
      .where(sql.raw(`kind in (${PERSONAL_DOCUMENT_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);
