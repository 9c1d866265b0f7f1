import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  type AnyPgColumn,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CONTRACT_STATUSES,
  DOCUMENT_KINDS,
  DOWNLOAD_PLATFORMS,
  LAHAN_STATUSES,
  ROLES,
} from '../../shared/constants.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * What a list's `q` searches: its fields lower-cased, one per line (a word of `q` has no whitespace, so it
 * never matches across two fields). The triggers of migration search_columns keep it, drawing also on the
 * tables the list searches through (owner and party names, location and province names).
 */
const searchText = () => text('search_text').notNull().default('');
/** `search_doc(...)` of the row's own fields, for a table whose search draws on no other table. */
const ownSearchText = (...fields: string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(`search_doc(${fields.map((f) => `"${f}"`).join(', ')})`));
/** Trigram index on a search column: serves `search_text LIKE '%word%'` (src/server/db/search.ts). */
const trgm = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/**
 * An enum column's values in alphabetical order (0, 1, …), for sorting by `status` alphabetically rather
 * than in the enum's declaration order. Literals are inlined so that the query's expression is the
 * index's (`lahan_status_rank_idx`, `contracts_status_rank_idx`).
 */
export const alphabeticalRank = (column: AnyPgColumn, values: readonly string[]) =>
  sql`(case ${column} ${sql.raw(
    [...values]
      .sort()
      .map((v, i) => `when '${v}' then ${i}`)
      .join(' '),
  )} end)`;

export const roleEnum = pgEnum('role', ROLES);
export const lahanStatusEnum = pgEnum('lahan_status', LAHAN_STATUSES);
export const contractStatusEnum = pgEnum('contract_status', CONTRACT_STATUSES);
export const platformEnum = pgEnum('download_platform', DOWNLOAD_PLATFORMS);
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
    index('users_created_idx').on(t.created_at, t.id, t.role, t.status_verifikasi),
    index('users_role_created_idx').on(t.role, t.created_at, t.id, t.status_verifikasi),
    index('users_full_name_idx').on(t.full_name, t.id, t.role, t.status_verifikasi),
    index('users_role_full_name_idx').on(t.role, t.full_name, t.id, t.status_verifikasi),
    index('users_email_idx').on(t.email, t.id, t.role, t.status_verifikasi),
    index('users_role_email_idx').on(t.role, t.email, t.id, t.status_verifikasi),
    index('users_role_id_idx').on(t.role, t.id, t.status_verifikasi),
    trgm('users_search_trgm', t.search_text),
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documents_user_kind_unique').on(t.user_id, t.kind)],
);

export const provinces = pgTable(
  'provinces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    province_name: varchar('province_name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('provinces_code_unique').on(t.code), index('provinces_name_idx').on(t.province_name)],
);

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    district_name: varchar('district_name', { length: 120 }).notNull(),
    province_id: integer('province_id')
      .notNull()
      .references(() => provinces.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('districts_code_unique').on(t.code),
    index('districts_province_idx').on(t.province_id, t.district_name),
  ],
);

export const subDistricts = pgTable(
  'sub_districts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 16 }),
    sub_district_name: varchar('sub_district_name', { length: 120 }).notNull(),
    district_id: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sub_districts_code_unique').on(t.code),
    index('sub_districts_district_idx').on(t.district_id, t.sub_district_name),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    location_name: varchar('location_name', { length: 160 }).notNull(),
    sub_district_id: integer('sub_district_id')
      .notNull()
      .references(() => subDistricts.id, { onDelete: 'restrict' }),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    index('locations_sub_district_idx').on(t.sub_district_id, t.created_at, t.id),
    index('locations_created_idx').on(t.created_at, t.id),
    index('locations_name_idx').on(t.location_name, t.id),
    trgm('locations_search_trgm', t.search_text),
  ],
);

/** Land categories: the admin "Category" tab (`/admin/category`). */
export const landCategories = pgTable(
  'land_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type_name: varchar('type_name', { length: 120 }).notNull(),
    description: text('description').notNull(),
    search_text: ownSearchText('type_name'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('land_categories_name_unique').on(sql`lower(${t.type_name})`),
    index('land_categories_created_idx').on(t.created_at, t.id),
    index('land_categories_type_name_idx').on(t.type_name, t.id),
    trgm('land_categories_search_trgm', t.search_text),
  ],
);

export type GeoPoint = { type: 'Point'; coordinates: [number, number] };
export type GeoPolygon = { type: 'Polygon'; coordinates: [number, number][][] };

export const lahan = pgTable(
  'lahan',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    petani_id: integer('petani_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nama_lahan: varchar('nama_lahan', { length: 160 }).notNull(),
    luas_lahan: doublePrecision('luas_lahan').notNull(),
    address_lahan: text('address_lahan'),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    category_id: integer('category_id').references(() => landCategories.id, { onDelete: 'set null' }),
    status: lahanStatusEnum('status').notNull().default('pending'),
    url_image: text('url_image')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** GeoJSON Point or Polygon in WGS84 (longitude, latitude). */
    gps: jsonb('gps').$type<GeoPoint | GeoPolygon>(),
    search_text: searchText(),
    ...timestamps,
  },
  (t) => [
    // Every documented sort, with id as the tie-breaker and the filters as trailing key columns (index-only pages);
    // each filter column leads an index of its own for counts and for its default (newest first) order.
    index('lahan_created_idx').on(t.created_at, t.id, t.status, t.category_id),
    index('lahan_nama_idx').on(t.nama_lahan, t.id, t.status, t.category_id),
    index('lahan_luas_idx').on(t.luas_lahan, t.id, t.status, t.category_id),
    index('lahan_status_rank_idx').on(
      alphabeticalRank(t.status, LAHAN_STATUSES),
      t.id,
      t.status,
      t.category_id,
    ),
    index('lahan_status_created_idx').on(t.status, t.created_at, t.id, t.category_id),
    index('lahan_petani_idx').on(t.petani_id, t.created_at, t.id, t.status),
    index('lahan_category_idx').on(t.category_id, t.created_at, t.id, t.status),
    index('lahan_location_idx').on(t.location_id, t.created_at, t.id, t.status),
    trgm('lahan_search_trgm', t.search_text),
  ],
);

export const contractCategories = pgTable(
  'contract_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type_name: varchar('type_name', { length: 120 }).notNull(),
    description: text('description').notNull(),
    search_text: ownSearchText('type_name'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contract_categories_name_unique').on(sql`lower(${t.type_name})`),
    index('contract_categories_created_idx').on(t.created_at, t.id),
    index('contract_categories_type_name_idx').on(t.type_name, t.id),
    trgm('contract_categories_search_trgm', t.search_text),
  ],
);

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

export const downloads = pgTable(
  'downloads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 160 }).notNull(),
    platform: platformEnum('platform').notNull(),
    version: varchar('version', { length: 40 }).notNull(),
    size: varchar('size', { length: 40 }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(4.5),
    release_date: date('release_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    download_url: text('download_url').notNull(),
    changelog: text('changelog')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_active: boolean('is_active').notNull().default(true),
    search_text: ownSearchText('name', 'version', 'description'),
    ...timestamps,
  },
  (t) => [
    index('downloads_active_platform_idx').on(t.is_active, t.platform),
    index('downloads_created_idx').on(t.created_at, t.id),
    trgm('downloads_search_trgm', t.search_text),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    // A session's access tokens are checked on every request against its one live (unrevoked) token.
    index('refresh_tokens_live_family_idx')
      .on(t.family_id)
      .where(sql`${t.revoked_at} IS NULL`),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * Fixed-window counters of the rate limits (sign-in, sign-up, download hits), kept in the database so
 * that a limit holds across several API processes. `key` names the limit and its subject, e.g.
 * `ip:10.0.0.1` or `signup:10.0.0.1`; a row whose window is over is reset on its next use or purged.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expires_at)],
);

/** Append-only (a trigger refuses UPDATE and DELETE): one row per admin write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor_id: integer('actor_id'),
    actor_email: varchar('actor_email', { length: 254 }),
    action: varchar('action', { length: 40 }).notNull(),
    resource: varchar('resource', { length: 60 }).notNull(),
    resource_id: varchar('resource_id', { length: 60 }),
    changes: jsonb('changes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // GET /admin/audit: newest first, alone or filtered by one of these columns.
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at, t.id),
    index('audit_log_resource_idx').on(t.resource, t.created_at, t.id),
    index('audit_log_resource_id_idx').on(t.resource_id, t.created_at, t.id),
  ],
);

/**
 * Exact row counts of the listed tables, kept by statement-level triggers in the writing transaction
 * (migrations 0006_list_counts, 0008_list_counts_shards): per table (`entity`) and combination of its
 * enum columns (`k1`, `k2`, '' when the table has none), so that a list's total, unfiltered or filtered
 * by those enums, is a sum over a handful of rows. `amount` sums a measure (lahan: luas_lahan). Each
 * database connection adds into rows of its own (`shard`: its backend pid), so concurrent writers never
 * wait for one another on a counter; rows of connections that have gone are folded into live ones.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    entity: text('entity').notNull(),
    k1: text('k1').notNull().default(''),
    k2: text('k2').notNull().default(''),
    shard: integer('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.k1, t.k2, t.shard] })],
);
