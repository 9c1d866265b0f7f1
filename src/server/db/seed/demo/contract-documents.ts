import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../client.js';
import type { StoryVersion } from './contract-story.js';

// PROVISIONAL until core's modules/contracts/document.ts lands: the same canonical JSON, built here.
const canonical = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
};

export async function versionDocument(tx: Tx, contractId: number, v: StoryVersion) {
  const result = (await tx.execute(sql`
    select c.id, c.verification_code, c.title, c.commodity, cat.type_name, pu.full_name as petani_name,
      right(pp.nik, 4) as petani_nik, pp.alamat as petani_address, mu.full_name as mitra_name,
      right(mp.nik, 4) as mitra_nik, mp.alamat as mitra_address, mp.company_address,
      dl.id as lahan_id, dl.nama_lahan, dl.luas_lahan, loc.id as location_id, sd.sub_district_name,
      di.district_name, pr.province_name
    from contracts c
    left join users pu on pu.id = c.petani_id left join petani_profiles pp on pp.user_id = c.petani_id
    left join users mu on mu.id = c.mitra_id left join mitra_profiles mp on mp.user_id = c.mitra_id
    left join lahan dl on dl.id = c.lahan_id left join locations loc on loc.id = dl.location_id
    left join sub_districts sd on sd.id = loc.sub_district_id left join districts di on di.id = sd.district_id
    left join provinces pr on pr.id = di.province_id
    left join contract_categories cat on cat.id = c.contract_category_id
    where c.id = ${contractId}`)) as unknown as { rows: Record<string, unknown>[] };
  const f = result.rows[0]!;
  const document = canonical({
    format: 1,
    verification_code: f.verification_code,
    contract_id: f.id,
    terms_version: v.version,
    title: f.title,
    contract_type: f.type_name ?? null,
    petani: { name: f.petani_name, nik_last4: f.petani_nik ?? null, address: f.petani_address ?? null },
    mitra: {
      name: f.mitra_name,
      nik_last4: f.mitra_nik ?? null,
      address: f.mitra_address ?? null,
      company_address: f.company_address ?? null,
    },
    lahan: f.lahan_id
      ? {
          name: f.nama_lahan,
          area_m2: f.luas_lahan,
          location: f.location_id
            ? { sub_district: f.sub_district_name, district: f.district_name, province: f.province_name }
            : null,
        }
      : null,
    commodity: f.commodity,
    quantity: v.quantity,
    unit: v.unit,
    price: v.price,
    total_value: v.price * v.quantity,
    start_date: v.start_date,
    end_date: v.end_date,
    delivery_terms: v.delivery_terms,
    clauses_version: 1,
  });
  return { document, sha256: createHash('sha256').update(document, 'utf8').digest('hex') };
}
