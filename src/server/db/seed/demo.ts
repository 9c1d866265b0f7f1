import { eq, inArray } from 'drizzle-orm';
import { LAHAN_STATUSES, type LahanStatus } from '../../../shared/constants.js';
import { hashPassword } from '../../auth/passwords.js';
import { measureGps } from '../../modules/lahan/geometry.js';
import type { Tx } from '../engine/client.js';
import {
  contractCategories,
  districts,
  downloads,
  lahan,
  landCategories,
  locations,
  mitraProfiles,
  petaniProfiles,
  subDistricts,
  users,
} from '../schema.js';
import { readAreaCsv } from './csv.js';
import {
  CONTRACT_CATEGORIES,
  daysAgo,
  DEMO_PETANI_LAHAN,
  FARMING_REGENCIES,
  LAND_CATEGORIES,
} from './demo/catalog.js';
import { CONTRACT_LAND, seedDemoContracts, type DemoLand, type DemoParty } from './demo/contracts.js';
import { demoGps, villageCentre } from './demo/boundaries.js';
import { demoDownloads } from './demo/downloads.js';
import { seedDemoNotifications } from './demo/notifications.js';
import { content, identityDocuments, nik, personName, phone, slug } from './demo/people.js';
import { insertInOrder, insertPeople, type DemoPerson } from './demo/rows.js';
import { loaPdf } from './documents.js';
import { COMPANY_PREFIXES, COMPANY_WORDS, LAHAN_PLACES, LAHAN_WORDS, POSITIONS, STREETS } from './names.js';
import { createRandom } from './random.js';

/** Demo sign-ins for the public `/login` (also listed in the README). */
export const DEMO_PETANI = { email: 'petani@tanimitra.id', password: 'Petani123!' } as const;
export const DEMO_MITRA = { email: 'mitra@tanimitra.id', password: 'Mitra123!' } as const;

export const DEMO_COUNTS = { petani: 60, mitra: 24, lahan: 130, contracts: 48, locations: 40 } as const;

export async function seedDemo(tx: Tx): Promise<void> {
  const random = createRandom(20250120);
  const shapes = createRandom(20261129);
  const [petaniHash, mitraHash] = await Promise.all([
    hashPassword(DEMO_PETANI.password),
    hashPassword(DEMO_MITRA.password),
  ]);

  // Locations: villages of farming kabupaten.
  const regencyCodes = FARMING_REGENCIES.map((r) => r.code);
  const subDistrictRows = await tx
    .select({
      id: subDistricts.id,
      code: subDistricts.code,
      regency: districts.code,
      sub_district: subDistricts.sub_district_name,
      district: districts.district_name,
    })
    .from(subDistricts)
    .innerJoin(districts, eq(subDistricts.district_id, districts.id))
    .where(inArray(districts.code, regencyCodes));
  const subByCode = new Map(subDistrictRows.map((r) => [r.code, r]));
  const villages = readAreaCsv('villages.csv').filter((v) => subByCode.has(v.district_code!));
  const chosenVillages = Array.from(
    { length: DEMO_COUNTS.locations },
    (_, i) => villages[Math.floor((i * villages.length) / DEMO_COUNTS.locations)]!,
  );
  const locationRows = await tx
    .insert(locations)
    .values(
      chosenVillages.map((v, i) => ({
        location_name: `Desa ${v.name}`,
        sub_district_id: subByCode.get(v.district_code!)!.id,
        created_at: daysAgo(400 - i),
        updated_at: daysAgo(400 - i),
      })),
    )
    .returning({ id: locations.id, sub_district_id: locations.sub_district_id });
  const regencyOfSub = new Map(subDistrictRows.map((r) => [r.id, r.regency]));
  const areaOfSub = new Map(subDistrictRows.map((r) => [r.id, r]));
  // Where a person's NIK was issued: where they live, but every eighth moved there from a kecamatan far away (the
  // admin's detail warns that the NIK's area differs from the address). No random draw, so the rest stays as it was.
  const nikCode = (i: number, location: (typeof locationRows)[number]) => {
    const at = locationRows.indexOf(location);
    const from = i % 8 === 5 ? locationRows[(at + locationRows.length / 2) % locationRows.length]! : location;
    return areaOfSub.get(from.sub_district_id)!.code ?? '';
  };
  const areaLine = (location: (typeof locationRows)[number]) => {
    const area = areaOfSub.get(location.sub_district_id)!;
    return `Kec. ${area.sub_district}, ${area.district}`;
  };

  const landCategoryRows = await tx
    .insert(landCategories)
    .values(
      LAND_CATEGORIES.map(([type_name, description], i) => ({
        type_name,
        description,
        created_at: daysAgo(500 - i),
        updated_at: daysAgo(500 - i),
      })),
    )
    .returning({ id: landCategories.id });
  const contractCategoryRows = await tx
    .insert(contractCategories)
    .values(
      CONTRACT_CATEGORIES.map(([type_name, description]) => ({
        type_name,
        description,
        created_at: daysAgo(500),
        updated_at: daysAgo(500),
      })),
    )
    .returning({ id: contractCategories.id, type_name: contractCategories.type_name });

  // Each account takes the next random phone number, so the demo data stays the same from run to run.
  const account = (values: Omit<typeof users.$inferInsert, 'phone' | 'updated_at'>) => ({
    ...values,
    phone: phone(random),
    updated_at: values.created_at,
  });

  // Petani.
  const petani: DemoPerson<typeof petaniProfiles.$inferInsert>[] = [];
  for (let i = 0; i < DEMO_COUNTS.petani; i++) {
    const { name, female } = personName(random);
    const location = random.pick(locationRows);
    const created = daysAgo(random.int(5, 540));
    const email = i === 0 ? DEMO_PETANI.email : `${slug(name)}${i}@petani.tanimitra.id`;
    const verified = i === 0 || random.chance(0.6);
    const user = account({
      role: 'petani',
      email,
      username: `${slug(name).replace('.', '_')}${i}`,
      password_hash: petaniHash,
      full_name: name,
      status_verifikasi: verified,
      created_at: created,
    });
    const personNik = nik(random, nikCode(i, location), female);
    const profile = {
      fullname_petani: name,
      nik: personNik,
      alamat: `${random.pick(STREETS)} No. ${random.int(1, 120)}, RT ${random.int(1, 9)}/RW ${random.int(1, 9)}, ${areaLine(location)}`,
    };
    const papers = verified || random.chance(0.5) ? identityDocuments(name, personNik, name) : [];
    petani.push({ user, profile, documents: papers, locationId: location.id });
  }
  const petaniIds = (await insertPeople(tx, petani, petaniProfiles)).map((id, i) => ({
    id,
    name: petani[i]!.user.full_name,
    verified: petani[i]!.user.status_verifikasi!,
    locationId: petani[i]!.locationId,
  }));

  // Mitra.
  const mitra: DemoPerson<typeof mitraProfiles.$inferInsert>[] = [];
  for (let i = 0; i < DEMO_COUNTS.mitra; i++) {
    const { name, female } = personName(random);
    const company = `${random.pick(COMPANY_PREFIXES)} ${random.pick(COMPANY_WORDS)}`;
    const location = random.pick(locationRows);
    const created = daysAgo(random.int(5, 540));
    const email = i === 0 ? DEMO_MITRA.email : `${slug(name)}${i}@mitra.tanimitra.id`;
    const verified = i === 0 || random.chance(0.55);
    const user = account({
      role: 'mitra',
      email,
      username: `${slug(company).replaceAll('.', '_')}_${i}`,
      password_hash: mitraHash,
      full_name: name,
      status_verifikasi: verified,
      created_at: created,
    });
    const personNik = nik(random, nikCode(i, location), female);
    const noLoa = `LOA/${String(i + 1).padStart(3, '0')}/TM/${2025 + (i % 2)}`;
    const profile = {
      fullname_mitra: name,
      nik: personNik,
      alamat: `${random.pick(STREETS)} No. ${random.int(1, 120)}, ${areaLine(location)}`,
      company_name: company,
      company_address: `${random.pick(STREETS)} No. ${random.int(1, 300)}, Kawasan Niaga`,
      company_position: random.pick(POSITIONS),
      no_loa: noLoa,
    };
    const papers =
      verified || random.chance(0.5)
        ? [
            ...identityDocuments(name, personNik, company),
            {
              kind: 'loa_file' as const,
              mime_type: 'application/pdf',
              file_name: 'loa.pdf',
              ...content(loaPdf(company, noLoa)),
            },
          ]
        : [];
    mitra.push({ user, profile, documents: papers, locationId: location.id });
  }
  const mitraIds: DemoParty[] = (await insertPeople(tx, mitra, mitraProfiles)).map((id, i) => ({
    id,
    name: mitra[i]!.user.full_name,
    verified: mitra[i]!.user.status_verifikasi!,
  }));

  // Lahan: spread over the petani (the last five have none), in every status their owners and admins set;
  // the statuses contracts give (negotiation, on_going, completed) come from the contracts below.
  const landOwners = petaniIds.slice(0, -5);
  const lahanValues: (typeof lahan.$inferInsert & { petani_id: number; status: LahanStatus })[] = [];
  for (let i = 0; i < DEMO_COUNTS.lahan; i++) {
    const kept = i - (DEMO_COUNTS.lahan - DEMO_PETANI_LAHAN.length);
    const owner =
      kept >= 0 ? petaniIds[0]! : i < landOwners.length ? landOwners[i]! : random.pick(landOwners);
    const drawn =
      i < LAHAN_STATUSES.length * 2
        ? LAHAN_STATUSES[i % LAHAN_STATUSES.length]!
        : random.pick([
            'active',
            'active',
            'active',
            'inactive',
            'pending',
            'on_going',
            'completed',
            'negotiation',
            'rejected',
          ] as const);
    const status = CONTRACT_LAND.has(drawn) || kept >= 0 ? 'active' : drawn;
    const locationId = random.chance(0.7) ? owner.locationId : random.pick(locationRows).id;
    const village = locationRows.findIndex((l) => l.id === locationId);
    const regency = FARMING_REGENCIES.find(
      (r) => r.code === regencyOfSub.get(locationRows[village]!.sub_district_id),
    )!;
    const spot: [number, number] = [random.next(), random.next()];
    const created = daysAgo(random.int(1, 500));
    const row = {
      petani_id: owner.id,
      nama_lahan:
        kept >= 0
          ? DEMO_PETANI_LAHAN[kept]!
          : `${random.pick(LAHAN_WORDS)} ${owner.name.split(' ')[0]} ${random.pick(LAHAN_PLACES)}`,
      luas_lahan: random.int(5, 400) * 100,
      address_lahan: `Dusun ${random.pick(['Krajan', 'Sukamaju', 'Sidorejo', 'Mekarsari', 'Tegalrejo', 'Cibodas'])}, ${random.pick(STREETS)}`,
      location_id: locationId,
      category_id: random.pick(landCategoryRows).id,
      status,
      created_at: created,
      updated_at: created,
    };
    // One draw of `random` as before (so every other demo row stays the same); the shapes have their own.
    const boundary = random.chance(0.9);
    const gps = demoGps(shapes, {
      village: villageCentre(regency, village),
      spot,
      area: row.luas_lahan,
      boundary,
    });
    lahanValues.push({ ...row, gps, ...measureGps(gps) });
  }
  const lahanRows: DemoLand[] = (await insertInOrder(tx, lahan, lahanValues)).map((id, i) => ({
    id,
    petaniId: lahanValues[i]!.petani_id,
    status: lahanValues[i]!.status,
  }));

  const kept = lahanRows.slice(-DEMO_PETANI_LAHAN.length);
  const world = {
    petani: petaniIds,
    mitra: mitraIds,
    lahan: lahanRows.slice(0, -kept.length),
    demoLand: kept,
  };
  await seedDemoContracts(tx, random, { ...world, categories: contractCategoryRows }, DEMO_COUNTS.contracts);
  await seedDemoNotifications(tx);

  await tx.insert(downloads).values(demoDownloads());
}
