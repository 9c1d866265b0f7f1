import type { Tx } from '../../engine/client.js';
import {
  COMPANY_PREFIXES,
  COMPANY_WORDS,
  FAMILY_NAMES,
  FEMALE_NAMES,
  MALE_NAMES,
  POSITIONS,
  STREETS,
} from '../names.js';
import { reserveIds, type BulkLoad } from './bulk.js';
import { before, h, literal, pick, rowsOf, type Step } from './sql.js';

export interface People {
  petani: number;
  mitra: number;
  admins: number;
}

const EMAIL_DOMAINS = ['gmail.com', 'yahoo.co.id', 'yahoo.com', 'outlook.com', 'tanimitra.id'];
const PHONE_PREFIXES = ['11', '12', '13', '21', '22', '52', '53', '56', '57', '77', '78', '95'];
/** Placeholder documents: a 1×1 PNG and an empty PDF (the scale set tests row counts, not files). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF_BASE64 = Buffer.from('%PDF-1.4\n% placeholder\n%%EOF\n').toString('base64');

/**
 * `scale_person`: row g 1…petani are petani, then mitra, then admins, each with a name, a village of
 * `scale_loc` (of `places` rows), a NIK and the id their account gets.
 */
export async function planPeople(step: Step, tx: Tx, people: People, places: number): Promise<void> {
  const all = people.petani + people.mitra + people.admins;
  const firstId = await reserveIds(tx, 'users', all);
  await step(`
    CREATE TEMP TABLE scale_person AS
    WITH base AS (
      SELECT g,
        (CASE WHEN g <= ${people.petani} THEN 'petani' WHEN g <= ${people.petani + people.mitra} THEN 'mitra'
              ELSE 'admin' END)::role AS role,
        mod(${h('g', 1)}, 100) < 45 AS female
      FROM generate_series(1, ${all}) g
    ), named AS (
      SELECT b.*,
        CASE WHEN female THEN ${pick(FEMALE_NAMES, 'g', 2)} ELSE ${pick(MALE_NAMES, 'g', 2)} END AS first,
        ${pick(FAMILY_NAMES, 'g', 3)} AS family,
        loc.id AS location_id, loc.location_name, loc.area, loc.area_line,
        lpad((1 + mod(${h('g', 5)}, 28) + CASE WHEN female THEN 40 ELSE 0 END)::text, 2, '0')
          || lpad((1 + mod(${h('g', 6)}, 12))::text, 2, '0')
          || (55 + mod(${h('g', 7)}, 45))::text AS birth
      FROM base b JOIN scale_loc loc ON loc.rn = 1 + mod(${h('g', 4)}, ${places})
    )
    SELECT *,
      first || ' ' || family AS full_name,
      lower(first || '.' || family) || g || '@' ||
        CASE WHEN role = 'admin' THEN 'tanimitra.id' ELSE ${pick(EMAIL_DOMAINS, 'g', 8)} END AS email,
      -- NIK: kecamatan code, birth date (day + 40 for women), then a serial within that code and date.
      area || birth || lpad((row_number() OVER (PARTITION BY area, birth ORDER BY g))::text, 4, '0') AS nik,
      ${firstId} + g - 1 AS user_id
    FROM named`);
  await step(`ALTER TABLE scale_person ADD PRIMARY KEY (g)`);
}

/**
 * The accounts of `scale_person` with their profiles and documents. The profiles go in first (their keys are
 * checked when the bulk load ends), so that each account's search_text, which holds its NIK and company,
 * is made once as the account is inserted.
 */
export async function insertPeople(step: Step, bulk: BulkLoad, passwordHash: string) {
  const alamat = (g: string) =>
    `${pick(STREETS, g, 13)} || ' No. ' || (1 + mod(${h(g, 14)}, 120)) || ', RT ' || (1 + mod(${h(g, 15)}, 9))
      || '/RW ' || (1 + mod(${h(g, 16)}, 9)) || ', ' || location_name || ', ' || area_line`;
  const petani_profiles = rowsOf(
    await step(`
      INSERT INTO petani_profiles (user_id, fullname_petani, nik, alamat)
      SELECT user_id, full_name, nik, ${alamat('g')} FROM scale_person WHERE role = 'petani' ORDER BY g`),
  );
  const mitra_profiles = rowsOf(
    await step(`
      INSERT INTO mitra_profiles (user_id, fullname_mitra, nik, alamat, company_name, company_address, company_position, no_loa)
      SELECT user_id, full_name, nik, ${alamat('g')},
        ${pick(COMPANY_PREFIXES, 'g', 17)} || ' ' || ${pick(COMPANY_WORDS, 'g', 18)} || ' ' || family,
        ${pick(STREETS, 'g', 19)} || ' No. ' || (1 + mod(${h('g', 20)}, 300)) || ', Kawasan Niaga, ' || location_name,
        ${pick(POSITIONS, 'g', 21)},
        'LOA/' || lpad(g::text, 6, '0') || '/TM/' || (2024 + mod(g, 3))
      FROM scale_person WHERE role = 'mitra' ORDER BY g`),
  );
  const users = await bulk.insertSearchable(
    'users',
    'id, role, email, username, password_hash, full_name, phone, status_verifikasi, created_at, updated_at',
    `SELECT user_id, role, email,
       lower(first || '_' || family || '_' || g),
       ${literal(passwordHash)},
       full_name,
       '+628' || ${pick(PHONE_PREFIXES, 'g', 9)} || lpad(mod(${h('g', 10)}, 100000000)::text, 8, '0'),
       role = 'admin' OR mod(${h('g', 11)}, 100) < CASE WHEN role = 'petani' THEN 60 ELSE 55 END,
       ${before(540, 'g', 12)}, ${before(540, 'g', 12)}
     FROM scale_person ORDER BY g`,
  );
  // Documents as in the demo seed: verified people and half of the others, as tiny placeholders.
  const documents = rowsOf(
    await step(`
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
  return { users, petani_profiles, mitra_profiles, documents };
}
