import { count } from 'drizzle-orm';
import type { Db, Tx } from '../engine/client.js';
import { districts, provinces, subDistricts } from '../schema.js';
import { readAreaCsv } from './csv.js';

const CHUNK = 2000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Indonesia's administrative areas from `idn-area-data` (ODbL): 38 provinces, 514 kabupaten/kota
 * (our districts) and 7,285 kecamatan (our sub-districts). Reference data, loaded once whatever SEED says.
 */
export async function seedAreas(db: Db | Tx): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(provinces);
  if ((existing?.n ?? 0) > 0) return false;

  const provinceRows = await db
    .insert(provinces)
    .values(readAreaCsv('provinces.csv').map((r) => ({ code: r.code, province_name: r.name ?? '' })))
    .returning({ id: provinces.id, code: provinces.code });
  const provinceId = new Map(provinceRows.map((r) => [r.code, r.id]));

  const districtIds = new Map<string | null, number>();
  await insertChunked(readAreaCsv('regencies.csv'), async (chunk) => {
    const rows = await db
      .insert(districts)
      .values(
        chunk.map((r) => ({
          code: r.code,
          district_name: r.name ?? '',
          province_id: provinceId.get(r.province_code ?? null)!,
        })),
      )
      .returning({ id: districts.id, code: districts.code });
    for (const row of rows) districtIds.set(row.code, row.id);
  });

  await insertChunked(readAreaCsv('districts.csv'), (chunk) =>
    db.insert(subDistricts).values(
      chunk.map((r) => ({
        code: r.code,
        sub_district_name: r.name ?? '',
        district_id: districtIds.get(r.regency_code!)!,
      })),
    ),
  );
  return true;
}
