import { MESSAGES } from '../../../../shared/messages.js';
import { literal } from './sql.js';

/**
 * The canonical document of a terms version (modules/contracts/document.ts) written in SQL, so that the scale
 * seed freezes and hashes sixty thousand of them in one statement: JSON with its keys sorted at every level
 * and no whitespace. Strings go through to_json (JSON's escaping), numbers through trim_scale (no trailing
 * zeros, as JavaScript prints them). test/server/seed-scale.test.ts compares every one with the server's own.
 *
 * `terms` names the row with the version's `version`, `price` and `prices`; `c` the contract; the other aliases are
 * the joins of DOCUMENT_JOINS.
 */
export const DOCUMENT_JOINS = `
  LEFT JOIN users pu ON pu.id = c.petani_id
  LEFT JOIN petani_profiles pp ON pp.user_id = c.petani_id
  LEFT JOIN users mu ON mu.id = c.mitra_id
  LEFT JOIN mitra_profiles mp ON mp.user_id = c.mitra_id
  LEFT JOIN lahan dl ON dl.id = c.lahan_id
  LEFT JOIN locations loc ON loc.id = dl.location_id
  LEFT JOIN sub_districts sd ON sd.id = loc.sub_district_id
  LEFT JOIN districts di ON di.id = sd.district_id
  LEFT JOIN provinces pr ON pr.id = di.province_id
  LEFT JOIN contract_categories cat ON cat.id = c.contract_category_id`;

const text = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
const number = (expr: string) => `coalesce(trim_scale(${expr})::text, 'null')`;
/** `{"key":value,…}` from [key, SQL text of the value] pairs, sorted here so the SQL needs no sorting. */
const object = (pairs: [string, string][]) =>
  `'{' || ${[...pairs]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value], i) => `'${i ? ',' : ''}"${key}":' || ${value}`)
    .join(' || ')} || '}'`;

/** A party's display name as the contract records give it (modules/contracts/records.ts). */
const partyName = (profile: string, user: string) =>
  text(`coalesce(${profile}, ${user}, ${literal(MESSAGES.contract.deletedAccount)})`);

/** A price table (jsonb `[{grade, price}]`) as canonical JSON, rows in their order. */
const gradePrices = (prices: string) =>
  `(SELECT '[' || string_agg('{"grade":' || to_json(e->>'grade')::text || ',"price":' || (e->>'price'), '},' ORDER BY o) || '}]'
    FROM jsonb_array_elements(${prices}) WITH ORDINALITY AS x(e, o))`;

export function termsDocumentSql(c: string, terms: string): string {
  const lahan = object([
    ['name', text('dl.nama_lahan')],
    ['area_m2', `coalesce(dl.luas_lahan::text, 'null')`],
    [
      'location',
      `CASE WHEN coalesce(sd.sub_district_name, di.district_name, pr.province_name) IS NULL THEN 'null' ELSE ${object(
        [
          ['sub_district', text('sd.sub_district_name')],
          ['district', text('di.district_name')],
          ['province', text('pr.province_name')],
        ],
      )} END`,
    ],
  ]);
  return object([
    ['format', '2'],
    ['verification_code', text(`${c}.verification_code`)],
    ['contract_id', `${c}.id::text`],
    ['terms_version', `${terms}.version::text`],
    ['title', text(`${c}.title`)],
    ['contract_type', text('cat.type_name')],
    [
      'petani',
      object([
        ['name', partyName('pp.fullname_petani', 'pu.full_name')],
        ['nik_last4', text('right(pp.nik, 4)')],
        ['address', text('pp.alamat')],
      ]),
    ],
    [
      'mitra',
      object([
        ['name', partyName('mp.fullname_mitra', 'mu.full_name')],
        ['nik_last4', text('right(mp.nik, 4)')],
        ['address', text('mp.alamat')],
        ['company_address', text('mp.company_address')],
      ]),
    ],
    ['lahan', `CASE WHEN dl.id IS NULL THEN 'null' ELSE ${lahan} END`],
    ['commodity', text(`${c}.commodity`)],
    ['quantity', number(`${c}.quantity`)],
    ['unit', text(`${c}.unit`)],
    ['price', number(`${terms}.price`)],
    ['prices', gradePrices(`${terms}.prices`)],
    ['payment_days', `${c}.payment_days::text`],
    ['total_value', number(`${terms}.price * ${c}.quantity`)],
    ['start_date', text(`${c}.start_date::text`)],
    ['end_date', text(`${c}.end_date::text`)],
    ['delivery_terms', text(`${c}.delivery_terms`)],
    ['clauses_version', '2'],
  ]);
}
