import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { CONTRACT_STATUSES, LAHAN_STATUSES } from '../../../shared/constants.js';
import type { Db, Tx } from '../client.js';
import { districts, subDistricts, users } from '../schema.js';
import { readAreaCsv } from './csv.js';
import { DEMO_COUNTS } from './demo.js';
import {
  COMMODITIES,
  COMPANY_PREFIXES,
  COMPANY_WORDS,
  FAMILY_NAMES,
  FEMALE_NAMES,
  LAHAN_PLACES,
  LAHAN_WORDS,
  MALE_NAMES,
  POSITIONS,
  STREETS,
} from './names.js';

/**
 * The scale data set (`npm run seed:scale`): tens of thousands of accounts and hundreds of thousands of lahan
 * on top of the demo seed, for benchmarks. Rows are made by a few set-based `INSERT … SELECT … FROM
 * generate_series(…)` statements through the normal tables (every trigger fires), in one transaction; each
 * value is drawn from a hash of the row number, so the same counts give the same data on every run.
 */
export interface ScaleCounts {
  /** Accounts in all, demo accounts included: about 92% petani, 8% mitra and a few admins. */
  users: number;
  lahan: number;
  contracts: number;
  locations: number;
}

export const scaleCounts = (env: NodeJS.ProcessEnv): ScaleCounts => {
  const number = (name: string, fallback: number, min: number) => {
    const text = env[name]?.trim() || String(fallback);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const users = number('SCALE_USERS', 100_000, 1000);
  const lahan = number('SCALE_LAHAN', 300_000, 1000);
  return {
    users,
    lahan,
    contracts: number('SCALE_CONTRACTS', Math.round(lahan / 5), 100),
    locations: number('SCALE_LOCATIONS', Math.round(users / 5), 100),
  };
};

/** Admin accounts of the scale set, the seeded first admin included. */
const ADMINS = 5;
const DAY_SECONDS = 86_400;
/** The demo seed's dates count back from this day; so do the scale rows. */
const ANCHOR = `timestamptz '2026-11-01 00:00:00+00'`;
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.co.id', 'yahoo.com', 'outlook.com', 'tanimitra.id'];
const PHONE_PREFIXES = ['11', '12', '13', '21', '22', '52', '53', '56', '57', '77', '78', '95'];
/** Lahan statuses weighted as in the demo seed: a third active. */
const LAHAN_STATUS_MIX = [...LAHAN_STATUSES, 'active', 'active'];
/** Contract status (cumulative percent) and the lahan status a contract in it sits on. */
const CONTRACT_MIX: [(typeof CONTRACT_STATUSES)[number], number, (typeof LAHAN_STATUSES)[number]][] = [
  ['pending', 15, 'active'],
  ['negotiation', 23, 'negotiation'],
  ['approved', 33, 'on_going'],
  ['active', 58, 'on_going'],
  ['completed', 83, 'completed'],
  ['rejected', 92, 'active'],
  ['cancelled', 100, 'inactive'],
];
/** Placeholder documents: a 1×1 PNG and an empty PDF (the scale set tests row counts, not files). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF_BASE64 = Buffer.from('%PDF-1.4\n% placeholder\n%%EOF\n').toString('base64');

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(literal).join(',')}]::text[]`;
/** A non-negative pseudo-random bigint from row number `g` and a salt: stable across runs and servers. */
const h = (g: string, salt: number) => `(hashint8extended(${g}, ${salt}) & 9223372036854775807)`;
/** Element of a SQL array literal chosen by hash. */
const pick = (items: readonly string[], g: string, salt: number) =>
  `(${textArray(items)})[1 + mod(${h(g, salt)}, ${items.length})]`;
/** A moment up to `days` days before the anchor. */
const before = (days: number, g: string, salt: number) =>
  `(${ANCHOR} - make_interval(secs => mod(${h(g, salt)}, ${days * DAY_SECONDS})))`;

export interface ScaleResult {
  added: Record<string, number>;
}

/** Refuses unless the database holds no more than the demo seed's petani (so it never runs twice). */
export async function assertScaleable(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'petani'));
  const petani = row?.n ?? 0;
  if (petani > DEMO_COUNTS.petani) {
    throw new Error(
      `The database already holds ${petani} petani: seed:scale loads once, into a fresh database ` +
        '(drop it, or point DATABASE_URL / DATA_DIR elsewhere).',
    );
  }
}

/** `log` hears each step's name and seconds. */
export async function seedScale(
  db: Db,
  counts: ScaleCounts,
  passwordHash: string,
  log: (line: string) => void = () => {},
): Promise<ScaleResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242001)`);
    // A bulk load, not a request: no statement is cancelled after the server's 30 s on a busy machine.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    // The trigram indexes of the search columns are built once over the loaded rows: added row by row they
    // cost as much as the rows themselves and end up ten times the size.
    const found = (await tx.execute(sql`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname LIKE '%search_trgm'`)) as unknown;
    const searchIndexes = (found as { rows: { name: string; definition: string }[] }).rows;
    for (const { name } of searchIndexes) await tx.execute(sql.raw(`DROP INDEX "${name}"`));
    const [existing] = await tx.select({ n: count() }).from(users);
    const people = counts.users - (existing?.n ?? 0);
    const admins = ADMINS - 1;
    const mitra = Math.max(0, Math.round(counts.users * 0.08) - DEMO_COUNTS.mitra);
    const petani = people - admins - mitra;
    if (petani < 1) throw new Error(`SCALE_USERS must exceed the ${existing?.n} accounts already there`);
    const lahanRows = Math.max(0, counts.lahan - DEMO_COUNTS.lahan);
    const contractRows = Math.max(0, counts.contracts - DEMO_COUNTS.contracts);
    // One statement per call: PGlite's parameterised protocol takes no more.
    let last = performance.now();
    const run = async (text: string) => {
      const result = await tx.execute(sql.raw(text));
      const now = performance.now();
      log(`${text.trim().split(/\s+/).slice(0, 4).join(' ')} … ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
      return result;
    };
    const added: Record<string, number> = {};

    added.locations = await insertLocations(tx, counts.locations - DEMO_COUNTS.locations);
    await run(`
      CREATE TEMP TABLE scale_loc ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY l.id)::int AS rn, l.id, l.location_name,
             rpad(replace(s.code, '.', ''), 6, '0') AS area
      FROM locations l JOIN sub_districts s ON s.id = l.sub_district_id`);
    await run(`ALTER TABLE scale_loc ADD PRIMARY KEY (rn)`);
    const nLoc = await countRows(tx, 'scale_loc');

    // People: g 1..petani are petani, then mitra, then admins.
    await run(`
      CREATE TEMP TABLE scale_person ON COMMIT DROP AS
      WITH base AS (
        SELECT g,
          (CASE WHEN g <= ${petani} THEN 'petani' WHEN g <= ${petani + mitra} THEN 'mitra' ELSE 'admin' END)::role AS role,
          mod(${h('g', 1)}, 100) < 45 AS female
        FROM generate_series(1, ${people}) g
      ), named AS (
        SELECT b.*,
          CASE WHEN female THEN ${pick(FEMALE_NAMES, 'g', 2)} ELSE ${pick(MALE_NAMES, 'g', 2)} END AS first,
          ${pick(FAMILY_NAMES, 'g', 3)} AS family,
          loc.id AS location_id, loc.location_name, loc.area,
          lpad((1 + mod(${h('g', 5)}, 28) + CASE WHEN female THEN 40 ELSE 0 END)::text, 2, '0')
            || lpad((1 + mod(${h('g', 6)}, 12))::text, 2, '0')
            || (55 + mod(${h('g', 7)}, 45))::text AS birth
        FROM base b JOIN scale_loc loc ON loc.rn = 1 + mod(${h('g', 4)}, ${nLoc})
      )
      SELECT *,
        first || ' ' || family AS full_name,
        lower(first || '.' || family) || g || '@' ||
          CASE WHEN role = 'admin' THEN 'tanimitra.id' ELSE ${pick(EMAIL_DOMAINS, 'g', 8)} END AS email,
        -- NIK: kecamatan code, birth date (day + 40 for women), then a serial within that code and date.
        area || birth || lpad((row_number() OVER (PARTITION BY area, birth ORDER BY g))::text, 4, '0') AS nik,
        NULL::int AS user_id
      FROM named`);
    await run(`ALTER TABLE scale_person ADD PRIMARY KEY (g)`);

    const userInsert = await run(`
      WITH inserted AS (
        INSERT INTO users (role, email, username, password_hash, full_name, phone, status_verifikasi, created_at, updated_at)
        SELECT role, email,
          lower(first || '_' || family || '_' || g),
          ${literal(passwordHash)},
          full_name,
          '+628' || ${pick(PHONE_PREFIXES, 'g', 9)} || lpad(mod(${h('g', 10)}, 100000000)::text, 8, '0'),
          role = 'admin' OR mod(${h('g', 11)}, 100) < CASE WHEN role = 'petani' THEN 60 ELSE 55 END,
          ${before(540, 'g', 12)}, ${before(540, 'g', 12)}
        FROM scale_person ORDER BY g
        RETURNING id, email
      )
      UPDATE scale_person p SET user_id = i.id
      FROM inserted i WHERE i.email = p.email`);
    added.users = rowsOf(userInsert);
    const alamat = (g: string) =>
      `${pick(STREETS, g, 13)} || ' No. ' || (1 + mod(${h(g, 14)}, 120)) || ', RT ' || (1 + mod(${h(g, 15)}, 9))
        || '/RW ' || (1 + mod(${h(g, 16)}, 9)) || ', ' || location_name`;
    added.petani_profiles = rowsOf(
      await run(`
        INSERT INTO petani_profiles (user_id, fullname_petani, nik, alamat)
        SELECT user_id, full_name, nik, ${alamat('g')} FROM scale_person WHERE role = 'petani' ORDER BY g`),
    );
    added.mitra_profiles = rowsOf(
      await run(`
        INSERT INTO mitra_profiles (user_id, fullname_mitra, nik, alamat, company_name, company_address, company_position, no_loa)
        SELECT user_id, full_name, nik, ${alamat('g')},
          ${pick(COMPANY_PREFIXES, 'g', 17)} || ' ' || ${pick(COMPANY_WORDS, 'g', 18)} || ' ' || family,
          ${pick(STREETS, 'g', 19)} || ' No. ' || (1 + mod(${h('g', 20)}, 300)) || ', Kawasan Niaga, ' || location_name,
          ${pick(POSITIONS, 'g', 21)},
          'LOA/' || lpad(g::text, 6, '0') || '/TM/' || (2024 + mod(g, 3))
        FROM scale_person WHERE role = 'mitra' ORDER BY g`),
    );

    // Documents as in the demo seed: verified people and half of the others, as tiny placeholders.
    added.documents = rowsOf(
      await run(`
        INSERT INTO documents (user_id, kind, mime_type, file_name, size_bytes, content, created_at)
        SELECT p.user_id, d.kind::document_kind, d.mime, d.file_name, length(d.content), d.content, u.created_at
        FROM scale_person p JOIN users u ON u.id = p.user_id
        CROSS JOIN (VALUES
          ('ktp', 'image/png', 'ktp.png', decode('${PNG_BASE64}', 'base64'), false),
          ('verifikasi_ktp', 'image/png', 'selfie-ktp.png', decode('${PNG_BASE64}', 'base64'), false),
          ('supporting_documents', 'image/png', 'dokumen-pendukung.png', decode('${PNG_BASE64}', 'base64'), false),
          ('loa_file', 'application/pdf', 'loa.pdf', decode('${PDF_BASE64}', 'base64'), true)
        ) AS d(kind, mime, file_name, content, mitra_only)
        WHERE p.role <> 'admin' AND (NOT d.mitra_only OR p.role = 'mitra')
          AND (u.status_verifikasi OR mod(${h('p.g', 22)}, 2) = 0)
        ORDER BY p.g`),
    );

    // Lahan: each on a petani chosen by hash, mostly in the petani's own village.
    const lahanName = `${pick(LAHAN_WORDS, 'lg', 31)} || ' ' || p.first || ' ' || ${pick(LAHAN_PLACES, 'lg', 32)}`;
    added.lahan = rowsOf(
      await run(`
        INSERT INTO lahan (petani_id, nama_lahan, luas_lahan, address_lahan, location_id, category_id, status, gps, created_at, updated_at)
        SELECT p.user_id, ${lahanName},
          (5 + mod(${h('lg', 33)}, 396)) * 100,
          'Dusun ' || ${pick(['Krajan', 'Sukamaju', 'Sidorejo', 'Mekarsari', 'Tegalrejo', 'Cibodas'], 'lg', 34)}
            || ', ' || ${pick(STREETS, 'lg', 35)},
          CASE WHEN mod(${h('lg', 36)}, 10) < 7 THEN p.location_id ELSE loc.id END,
          cat.ids[1 + mod(${h('lg', 37)}, cardinality(cat.ids))],
          ${pick(LAHAN_STATUS_MIX, 'lg', 38)}::lahan_status,
          -- A point on the Indonesian archipelago's band (approximate: the scale set has no village coordinates).
          jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(
            round((95 + mod(${h('lg', 39)}, 4500000) / 100000.0)::numeric, 6),
            round((-9 + mod(${h('lg', 40)}, 1400000) / 100000.0)::numeric, 6))),
          ${before(500, 'lg', 41)}, ${before(500, 'lg', 41)}
        FROM generate_series(1, ${lahanRows}) lg
        JOIN scale_person p ON p.g = 1 + mod(${h('lg', 30)}, ${petani})
        JOIN scale_loc loc ON loc.rn = 1 + mod(${h('lg', 42)}, ${nLoc})
        CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM land_categories) cat
        ORDER BY lg`),
    );

    // Contracts: a status, then a lahan whose status fits it (a proposal sits on an active lahan, work on an
    // on_going one …), between that lahan's petani and a mitra.
    await run(`
      CREATE TEMP TABLE scale_lahan ON COMMIT DROP AS
      SELECT status, row_number() OVER (PARTITION BY status ORDER BY id)::int AS rn, id, petani_id FROM lahan`);
    await run(`ALTER TABLE scale_lahan ADD PRIMARY KEY (status, rn)`);
    const statusCase = CONTRACT_MIX.map(([s, upTo]) => `WHEN u < ${upTo} THEN '${s}'`).join(' ');
    const landCase = CONTRACT_MIX.map(([s, , l]) => `WHEN '${s}' THEN '${l}'`).join(' ');
    const commodities = JSON.stringify(COMMODITIES.map((c, i) => ({ i: i + 1, ...c })));
    added.contracts = rowsOf(
      await run(`
        INSERT INTO contracts (title, contract_category_id, description, status, petani_id, mitra_id, lahan_id,
                               commodity, quantity, unit, price, start_date, end_date, created_at, updated_at)
        WITH c AS (
          SELECT g, (CASE ${statusCase} END)::contract_status AS status,
                 ${before(420, 'g', 51)} AS created
          FROM generate_series(1, ${contractRows}) g, LATERAL (SELECT mod(${h('g', 50)}, 100) AS u) r
        ), sized AS (
          SELECT c.*, (CASE c.status::text ${landCase} END)::lahan_status AS land_status FROM c
        ), pool AS (SELECT status, count(*)::int AS n FROM scale_lahan GROUP BY status)
        SELECT cat.type_name || ' ' || split_part(k.name, ' (', 1) || ' #' || lpad(s.g::text, 6, '0'),
          cat.id,
          'Kontrak ' || lower(cat.type_name) || ' ' || lower(k.name) || ' antara petani dan mitra, dengan mutu sesuai standar yang disepakati.',
          s.status, l.petani_id, m.user_id, l.id,
          k.name, (5 + mod(${h('s.g', 52)}, 196)) * 100, k.unit,
          round((k.lo + mod(${h('s.g', 53)}, k.hi - k.lo + 1)) / 100.0) * 100,
          (s.created + make_interval(days => 7 + mod(${h('s.g', 54)}, 24)::int))::date,
          (s.created + make_interval(days => 97 + mod(${h('s.g', 54)}, 24)::int + mod(${h('s.g', 55)}, 151)::int))::date,
          s.created, s.created
        FROM sized s
        JOIN pool ON pool.status = s.land_status
        JOIN scale_lahan l ON l.status = s.land_status AND l.rn = 1 + mod(${h('s.g', 56)}, pool.n)
        JOIN scale_person m ON m.g = ${petani} + 1 + mod(${h('s.g', 57)}, ${Math.max(1, mitra)})
        JOIN (SELECT row_number() OVER (ORDER BY id)::int AS rn, id, type_name FROM contract_categories) cat
          ON cat.rn = 1 + mod(s.g, (SELECT count(*) FROM contract_categories))
        JOIN (SELECT (e->>'i')::int AS i, e->>'name' AS name, e->>'unit' AS unit,
                     (e->'price'->>0)::int AS lo, (e->'price'->>1)::int AS hi
              FROM jsonb_array_elements(${literal(commodities)}::jsonb) e) k
          ON k.i = 1 + mod(${h('s.g', 58)}, ${COMMODITIES.length})
        ORDER BY s.g`),
    );
    for (const { definition } of searchIndexes) await run(definition);
    return { added };
  });
}

/** Villages of every kecamatan (idn-area-data), spread evenly, as `Desa …` locations. */
async function insertLocations(tx: Tx, wanted: number): Promise<number> {
  if (wanted <= 0) return 0;
  const subs = await tx
    .select({ id: subDistricts.id, code: subDistricts.code })
    .from(subDistricts)
    .innerJoin(districts, eq(subDistricts.district_id, districts.id));
  const subByCode = new Map(subs.map((s) => [s.code, s.id]));
  const villages = readAreaCsv('villages.csv').filter((v) => subByCode.has(v.district_code!));
  const rows = Array.from({ length: Math.min(wanted, villages.length) }, (_, i) => {
    const v = villages[Math.floor((i * villages.length) / wanted)]!;
    return { n: `Desa ${v.name}`, s: subByCode.get(v.district_code!)!, i };
  });
  const result = await tx.execute(sql`
    INSERT INTO locations (location_name, sub_district_id, created_at, updated_at)
    SELECT r.n, r.s, ${sql.raw(before(600, 'r.i', 60))}, ${sql.raw(before(600, 'r.i', 60))}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(n text, s int, i int)
    ORDER BY r.i`);
  return rowsOf(result);
}

/** `count(*)` of a table (node-postgres and PGlite both answer `{ rows }`). */
export async function countRows(db: Db | Tx, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown;
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** Rows a write touched: node-postgres says rowCount, PGlite affectedRows. */
const rowsOf = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};
