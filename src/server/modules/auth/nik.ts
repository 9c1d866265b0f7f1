import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { districts, provinces, subDistricts } from '../../db/schema.js';
import { field, Invalid, type Field } from '../../http/field-rules.js';

/*
 * The NIK (Nomor Induk Kependudukan): 16 digits PP KK CC DD MM YY SSSS — the kecamatan where it was issued
 * (province, kabupaten/kota, kecamatan: idn-area-data's code `PP.KK.CC`), the birth date (day + 40 for
 * women) and a serial from 0001. `readNik` checks what the digits alone can say; `nikArea` looks the area up.
 */

const M = MESSAGES.account;

export interface NikParts {
  /** The kecamatan code, `PP.KK.CC`. */
  area: string;
  /** The kabupaten/kota code, `PP.KK`. */
  district: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  sex: 'male' | 'female';
}

const two = (n: number) => String(n).padStart(2, '0');

/** The date `year-month-day` if the calendar has it. */
function calendarDate(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/**
 * The parts of a NIK of 16 digits, or Invalid with the product's message. The birth year is two digits: the
 * date must exist in 19YY or 20YY (29-02-00 is 2000's), and the later of the two that is not in the future
 * is taken.
 */
export function readNik(nik: string, today = new Date()): NikParts {
  if (!/^\d{16}$/.test(nik)) throw new Invalid(M.nikFormat);
  const [dd, mm, yy] = [6, 8, 10].map((at) => Number(nik.slice(at, at + 2))) as [number, number, number];
  const female = dd > 40;
  const day = female ? dd - 40 : dd;
  const born = [2000 + yy, 1900 + yy]
    .map((year) => (day >= 1 && mm >= 1 && mm <= 12 ? calendarDate(year, mm, day) : undefined))
    .find((date) => date !== undefined && date <= today);
  if (!born) throw new Invalid(M.nikBirthDate(`${two(day)}-${two(mm)}-${two(yy)}`));
  if (nik.endsWith('0000')) throw new Invalid(M.nikSerial);
  return {
    area: `${nik.slice(0, 2)}.${nik.slice(2, 4)}.${nik.slice(4, 6)}`,
    district: `${nik.slice(0, 2)}.${nik.slice(2, 4)}`,
    birth_date: born.toISOString().slice(0, 10),
    sex: female ? 'female' : 'male',
  };
}

export interface NikArea {
  province: string;
  district: string;
  /** null: a kecamatan code the data no longer has (see `nikArea`). */
  sub_district: string | null;
}

/**
 * The names of a NIK's area, or undefined when its kabupaten/kota is unknown. idn-area-data holds today's
 * kecamatan only, while a KTP keeps the code of the kecamatan it was issued in: when a kabupaten is split, its
 * kecamatan that go to the new one get new codes, and the old code on the residents' KTPs is in the data no
 * more. So a NIK whose kabupaten/kota exists is accepted even if its kecamatan is unknown (then `sub_district`
 * is null); one whose kabupaten/kota does not exist is refused. Two lookups on unique indexes (the codes).
 */
export async function nikArea(db: Db | Tx, parts: Pick<NikParts, 'area' | 'district'>) {
  const [row] = await db
    .select({
      province: provinces.province_name,
      district: districts.district_name,
      sub_district: subDistricts.sub_district_name,
    })
    .from(districts)
    .innerJoin(provinces, eq(provinces.id, districts.province_id))
    .leftJoin(
      subDistricts,
      and(eq(subDistricts.code, parts.area), eq(subDistricts.district_id, districts.id)),
    )
    .where(eq(districts.code, parts.district));
  return row as NikArea | undefined;
}

/** The NIK field of every form that takes one: 16 digits that `readNik` accepts, in a known kabupaten/kota. */
export const nikField: Field<string> = {
  ...field(
    Type.String({
      maxLength: 16,
      description:
        'petani and mitra: 16 digits, unique: a known kabupaten/kota (PPKKCC), a real birth date DDMMYY ' +
        '(day + 40 for women), serial not 0000',
    }),
    (value) => {
      if (typeof value !== 'string') throw new Invalid(M.nikFormat);
      const nik = value.trim();
      readNik(nik);
      return nik;
    },
  ),
  verify: async (nik, db) => {
    const parts = readNik(nik);
    if (!(await nikArea(db, parts))) throw new Invalid(M.nikArea(parts.area));
  },
};
