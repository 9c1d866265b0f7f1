import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { literal } from '../../db/lists/json.js';

export interface AddressParts {
  location_name: string;
  sub_district_name: string;
  district_name: string;
  province_name: string;
}

/** Prefixes `name` with its administrative level unless the name already starts with it. */
const titled = (level: string, name: string) =>
  name === '' || name.toLowerCase().startsWith(`${level.toLowerCase()} `) ? name : `${level} ${name}`;

/**
 * "Desa Sukamaju, Kecamatan Cibeber, Kabupaten Cianjur, Provinsi Jawa Barat". Location and district
 * names already carry their level (Desa …, Kabupaten …/Kota …); kecamatan and province names do not.
 */
export function fullAddress(parts: AddressParts): string {
  return [
    parts.location_name.trim(),
    titled('Kecamatan', parts.sub_district_name.trim()),
    parts.district_name.trim(),
    titled('Provinsi', parts.province_name.trim()),
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/** What `String#trim` removes: ECMAScript's white space and line terminators. */
const JS_WHITESPACE = literal(
  String.fromCharCode(
    ...[0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff],
    ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  ),
);

/** `fullAddress` written by PostgreSQL (lists build their records as JSON in the database). */
export function fullAddressSql(parts: Record<keyof AddressParts, AnyColumn | SQL>): SQL<string> {
  const trimmed = (column: AnyColumn | SQL) => sql`btrim(${column}, ${JS_WHITESPACE})`;
  const titledSql = (level: string, column: AnyColumn | SQL) => {
    const name = trimmed(column);
    const prefix = `${level.toLowerCase()} `;
    return sql`(case when ${name} = '' or left(lower(${name}), ${sql.raw(String(prefix.length))}) = ${literal(prefix)}
      then ${name} else ${literal(`${level} `)} || ${name} end)`;
  };
  const fields = [
    trimmed(parts.location_name),
    titledSql('Kecamatan', parts.sub_district_name),
    trimmed(parts.district_name),
    titledSql('Provinsi', parts.province_name),
  ];
  return sql<string>`concat_ws(', ', ${sql.join(
    fields.map((part) => sql`nullif(${part}, '')`),
    sql`, `,
  )})`;
}
