import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { Invalid } from '../../http/field-rules.js';
import { Nullable } from '../../http/schemas.js';
import { nikArea, readNik, type NikArea } from '../auth/nik.js';

/*
 * What a NIK says about its holder, for the admin verifying them (GET /admin/{petani,mitra,users}/{id}):
 * where it was issued, the birth date and sex, and whether the address names that area. A NIK issued
 * elsewhere is allowed (people move), so a mismatch is shown, not refused.
 */

export const NikInfo = Nullable(
  Type.Object(
    {
      problem: Nullable(
        Type.String({
          description: 'Why a NIK stored before the rule fails it (else null; the rest is then null)',
        }),
      ),
      area: Nullable(
        Type.Object({
          code: Type.String({ description: 'PP.KK.CC' }),
          province: Type.String(),
          district: Type.String({ description: 'Kabupaten/kota' }),
          sub_district: Nullable(
            Type.String({ description: 'Kecamatan; null: a code no longer in the data' }),
          ),
        }),
      ),
      birth_date: Nullable(Type.String({ format: 'date' })),
      sex: Nullable(Type.Union([Type.Literal('male'), Type.Literal('female')])),
      matches_address: Nullable(
        Type.Boolean({
          description:
            'Whether the address names the kabupaten/kota and the kecamatan of the NIK (null: no address)',
        }),
      ),
    },
    { description: 'Admins only: what the NIK says (null without a NIK)' },
  ),
);
export type NikInfo = Static<typeof NikInfo>;

/** Lower-case words without accents or punctuation, padded with spaces so that ` word ` finds whole words. */
const words = (text: string) =>
  ` ${text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** "Kabupaten Bogor", "Kota Administrasi Jakarta Pusat": the name an address gives (Bogor, Jakarta Pusat). */
const placeName = (district: string) =>
  words(district.replace(/^(kabupaten|kota)(\s+administrasi)?\s+/i, ''));

/** The address is free text: it matches when it names the kabupaten/kota and the kecamatan (when known). */
export function namesArea(alamat: string, area: NikArea): boolean {
  const address = words(alamat);
  return (
    address.includes(placeName(area.district)) &&
    (area.sub_district === null || address.includes(words(area.sub_district)))
  );
}

/** The NikInfo of a stored NIK and address. */
export async function nikInfo(db: Db | Tx, nik: string | null, alamat: string | null): Promise<NikInfo> {
  if (!nik) return null;
  const none = { area: null, birth_date: null, sex: null, matches_address: null };
  let parts;
  try {
    parts = readNik(nik);
  } catch (err) {
    if (err instanceof Invalid) return { problem: err.message, ...none };
    throw err;
  }
  const area = await nikArea(db, parts);
  if (!area) return { problem: MESSAGES.account.nikArea(parts.area), ...none };
  return {
    problem: null,
    area: { code: parts.area, ...area },
    birth_date: parts.birth_date,
    sex: parts.sex,
    matches_address: alamat?.trim() ? namesArea(alamat, area) : null,
  };
}

/** The schema of a person record with its `nik_info` (petani and mitra records have it). */
export const withNikInfoSchema = <P extends TProperties>(record: TObject<P>) =>
  Type.Object({ ...record.properties, nik_info: Type.Optional(NikInfo) });

/** A petani's or mitra's record with its `nik_info`; an admin's as it is. */
export async function withNikInfo<R extends object>(
  db: Db | Tx,
  record: R,
): Promise<R & { nik_info?: NikInfo }> {
  if (!('nik' in record)) return record;
  const { nik, alamat } = record as { nik: string | null; alamat?: string | null };
  return { ...record, nik_info: await nikInfo(db, nik, alamat ?? null) };
}
