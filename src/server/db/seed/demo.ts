import { eq, inArray } from 'drizzle-orm';
import { CONTRACT_STATUSES, LAHAN_STATUSES, type LahanStatus } from '../../../shared/constants.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Tx } from '../client.js';
import {
  contractCategories,
  contracts,
  districts,
  documents,
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
import { ktpImage, loaPdf, selfieImage, supportingImage } from './documents.js';
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
import { createRandom, type Random } from './random.js';

/** Demo sign-ins for the public `/login` (also listed in the README). */
export const DEMO_PETANI = { email: 'petani@tanimitra.id', password: 'Petani123!' } as const;
export const DEMO_MITRA = { email: 'mitra@tanimitra.id', password: 'Mitra123!' } as const;

export const DEMO_COUNTS = { petani: 60, mitra: 24, lahan: 130, contracts: 48, locations: 40 } as const;

/** Agricultural kabupaten whose villages become demo locations, with an approximate centre for GPS points. */
const FARMING_REGENCIES: { code: string; lat: number; lon: number }[] = [
  { code: '32.03', lat: -6.82, lon: 107.14 }, // Cianjur
  { code: '32.05', lat: -7.21, lon: 107.9 }, // Garut
  { code: '33.02', lat: -7.45, lon: 109.16 }, // Banyumas
  { code: '35.07', lat: -8.03, lon: 112.63 }, // Malang
  { code: '35.09', lat: -8.17, lon: 113.7 }, // Jember
  { code: '18.02', lat: -4.8, lon: 105.3 }, // Lampung Tengah
  { code: '73.02', lat: -5.42, lon: 120.2 }, // Bulukumba
];

const LAND_CATEGORIES = [
  [
    'Sawah Irigasi',
    'Lahan sawah dengan pengairan irigasi teknis, dapat ditanami padi dua sampai tiga kali setahun.',
  ],
  ['Sawah Tadah Hujan', 'Lahan sawah yang pengairannya bergantung pada curah hujan.'],
  ['Tegalan', 'Lahan kering untuk palawija seperti jagung, kedelai dan singkong.'],
  ['Perkebunan', 'Lahan untuk tanaman tahunan seperti kopi, kakao dan kelapa.'],
  ['Hortikultura', 'Lahan sayuran dan buah: cabai, bawang merah, tomat, kentang.'],
  ['Pekarangan', 'Lahan di sekitar rumah untuk tanaman pangan dan obat keluarga.'],
] as const;

const CONTRACT_CATEGORIES = [
  [
    'Pembelian Hasil Panen',
    'Mitra membeli hasil panen petani dengan harga dan jumlah yang disepakati di awal.',
  ],
  [
    'Kemitraan Budidaya',
    'Mitra menyediakan benih, pupuk dan pendampingan; petani menjual hasil panen kepada mitra.',
  ],
  ['Sewa Lahan', 'Mitra menyewa lahan petani untuk jangka waktu tertentu.'],
  ['Penyediaan Sarana Produksi', 'Mitra memasok sarana produksi pertanian dengan pembayaran setelah panen.'],
] as const;

const DAY = 86_400_000;
/** Demo dates count back from a fixed day so that every fresh database is the same. */
const ANCHOR = Date.UTC(2026, 10, 1);
const daysAgo = (days: number) => new Date(ANCHOR - days * DAY);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function personName(random: Random) {
  const female = random.chance(0.45);
  return { female, name: `${random.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(FAMILY_NAMES)}` };
}

/** A 16-digit NIK: area code of the kecamatan, birth date (day + 40 for women), serial. */
function nik(random: Random, subDistrictCode: string, female: boolean) {
  const area = subDistrictCode.replaceAll('.', '').padEnd(6, '0').slice(0, 6);
  const day = random.int(1, 28) + (female ? 40 : 0);
  const month = random.int(1, 12);
  const year = random.int(55, 99);
  return `${area}${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${year}${String(random.int(1, 9999)).padStart(4, '0')}`;
}

const phone = (random: Random) =>
  `+628${random.pick(['11', '12', '13', '21', '22', '52', '53', '56', '57', '77', '78', '95'])}${random.digits(8)}`;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

export async function seedDemo(tx: Tx): Promise<void> {
  const random = createRandom(20250120);
  const [petaniHash, mitraHash] = await Promise.all([
    hashPassword(DEMO_PETANI.password),
    hashPassword(DEMO_MITRA.password),
  ]);

  // Locations: villages of farming kabupaten.
  const regencyCodes = FARMING_REGENCIES.map((r) => r.code);
  const subDistrictRows = await tx
    .select({ id: subDistricts.id, code: subDistricts.code, regency: districts.code })
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
  const codeOfSub = new Map(subDistrictRows.map((r) => [r.id, r.code ?? '']));

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
  const insertUser = async (values: Omit<typeof users.$inferInsert, 'phone' | 'updated_at'>) => {
    const [user] = await tx
      .insert(users)
      .values({ ...values, phone: phone(random), updated_at: values.created_at })
      .returning({ id: users.id });
    return user!.id;
  };

  // Petani.
  const petaniIds: { id: number; name: string; locationId: number }[] = [];
  for (let i = 0; i < DEMO_COUNTS.petani; i++) {
    const { name, female } = personName(random);
    const location = random.pick(locationRows);
    const created = daysAgo(random.int(5, 540));
    const email = i === 0 ? DEMO_PETANI.email : `${slug(name)}${i}@petani.tanimitra.id`;
    const verified = i === 0 || random.chance(0.6);
    const id = await insertUser({
      role: 'petani',
      email,
      username: `${slug(name).replace('.', '_')}${i}`,
      password_hash: petaniHash,
      full_name: name,
      status_verifikasi: verified,
      created_at: created,
    });
    const personNik = nik(random, codeOfSub.get(location.sub_district_id)!, female);
    await tx.insert(petaniProfiles).values({
      user_id: id,
      fullname_petani: name,
      nik: personNik,
      alamat: `${random.pick(STREETS)} No. ${random.int(1, 120)}, RT ${random.int(1, 9)}/RW ${random.int(1, 9)}`,
    });
    if (verified || random.chance(0.5)) {
      await tx.insert(documents).values(identityDocuments(id, name, personNik, name));
    }
    petaniIds.push({ id, name, locationId: location.id });
  }

  // Mitra.
  const mitraIds: number[] = [];
  for (let i = 0; i < DEMO_COUNTS.mitra; i++) {
    const { name, female } = personName(random);
    const company = `${random.pick(COMPANY_PREFIXES)} ${random.pick(COMPANY_WORDS)}`;
    const location = random.pick(locationRows);
    const created = daysAgo(random.int(5, 540));
    const email = i === 0 ? DEMO_MITRA.email : `${slug(name)}${i}@mitra.tanimitra.id`;
    const verified = i === 0 || random.chance(0.55);
    const id = await insertUser({
      role: 'mitra',
      email,
      username: `${slug(company).replaceAll('.', '_')}_${i}`,
      password_hash: mitraHash,
      full_name: name,
      status_verifikasi: verified,
      created_at: created,
    });
    const personNik = nik(random, codeOfSub.get(location.sub_district_id)!, female);
    const noLoa = `LOA/${String(i + 1).padStart(3, '0')}/TM/${2025 + (i % 2)}`;
    await tx.insert(mitraProfiles).values({
      user_id: id,
      fullname_mitra: name,
      nik: personNik,
      alamat: `${random.pick(STREETS)} No. ${random.int(1, 120)}`,
      company_name: company,
      company_address: `${random.pick(STREETS)} No. ${random.int(1, 300)}, Kawasan Niaga`,
      company_position: random.pick(POSITIONS),
      no_loa: noLoa,
    });
    if (verified || random.chance(0.5)) {
      await tx.insert(documents).values([
        ...identityDocuments(id, name, personNik, company),
        {
          user_id: id,
          kind: 'loa_file',
          mime_type: 'application/pdf',
          file_name: 'loa.pdf',
          ...content(loaPdf(company, noLoa)),
        },
      ]);
    }
    mitraIds.push(id);
  }

  // Lahan: every status, spread over the petani; the last five petani have none.
  const landOwners = petaniIds.slice(0, -5);
  const lahanRows: { id: number; petaniId: number; status: LahanStatus }[] = [];
  for (let i = 0; i < DEMO_COUNTS.lahan; i++) {
    const owner = i < landOwners.length ? landOwners[i]! : random.pick(landOwners);
    const status =
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
    const locationId = random.chance(0.7) ? owner.locationId : random.pick(locationRows).id;
    const regency = FARMING_REGENCIES.find(
      (r) => r.code === regencyOfSub.get(locationRows.find((l) => l.id === locationId)!.sub_district_id),
    );
    const lat = (regency?.lat ?? -7) + (random.next() - 0.5) * 0.3;
    const lon = (regency?.lon ?? 110) + (random.next() - 0.5) * 0.3;
    const created = daysAgo(random.int(1, 500));
    const [row] = await tx
      .insert(lahan)
      .values({
        petani_id: owner.id,
        nama_lahan: `${random.pick(LAHAN_WORDS)} ${owner.name.split(' ')[0]} ${random.pick(LAHAN_PLACES)}`,
        luas_lahan: random.int(5, 400) * 100,
        address_lahan: `Dusun ${random.pick(['Krajan', 'Sukamaju', 'Sidorejo', 'Mekarsari', 'Tegalrejo', 'Cibodas'])}, ${random.pick(STREETS)}`,
        location_id: locationId,
        category_id: random.pick(landCategoryRows).id,
        status,
        gps: random.chance(0.75)
          ? { type: 'Point', coordinates: [round(lon), round(lat)] }
          : {
              type: 'Polygon',
              coordinates: [
                [
                  [round(lon), round(lat)],
                  [round(lon + 0.002), round(lat)],
                  [round(lon + 0.002), round(lat + 0.0015)],
                  [round(lon), round(lat + 0.0015)],
                  [round(lon), round(lat)],
                ],
              ],
            },
        created_at: created,
        updated_at: created,
      })
      .returning({ id: lahan.id });
    lahanRows.push({ id: row!.id, petaniId: owner.id, status });
  }

  // Contracts: every status, each on a lahan of its petani.
  const contractValues = Array.from({ length: DEMO_COUNTS.contracts }, (_, i) => {
    const land = lahanRows[(i * 7) % lahanRows.length]!;
    const commodity = random.pick(COMMODITIES);
    const category = contractCategoryRows[i % contractCategoryRows.length]!;
    const created = daysAgo(random.int(1, 420));
    const start = new Date(created.getTime() + random.int(7, 30) * DAY);
    const end = new Date(start.getTime() + random.int(90, 240) * DAY);
    return {
      title: `${category.type_name} ${commodity.name.split(' (')[0]} #${String(i + 1).padStart(3, '0')}`,
      contract_category_id: category.id,
      description: `Kontrak ${category.type_name.toLowerCase()} ${commodity.name.toLowerCase()} antara petani dan mitra, dengan mutu sesuai standar yang disepakati.`,
      status: i < CONTRACT_STATUSES.length ? CONTRACT_STATUSES[i]! : random.pick(CONTRACT_STATUSES),
      petani_id: land.petaniId,
      mitra_id: mitraIds[i % mitraIds.length]!,
      lahan_id: land.id,
      commodity: commodity.name,
      quantity: random.int(5, 200) * 100,
      unit: commodity.unit,
      price: Math.round(random.int(commodity.price[0], commodity.price[1]) / 100) * 100,
      start_date: isoDate(start),
      end_date: isoDate(end),
      created_at: created,
      updated_at: created,
    };
  });
  await tx.insert(contracts).values(contractValues);

  await tx.insert(downloads).values([
    {
      name: 'TaniMitra untuk Android',
      platform: 'android',
      version: '1.2.0',
      size: '32.4 MB',
      downloads: 0,
      rating: 0,
      release_date: '2025-01-15',
      description:
        'Aplikasi TaniMitra untuk ponsel Android: kelola lahan, ajukan dan pantau kontrak, dan terima notifikasi dari mitra.',
      download_url: 'https://play.google.com/store/apps/details?id=id.tanimitra.app',
      changelog: [
        'Pemantauan lahan dengan titik GPS',
        'Notifikasi status kontrak',
        'Perbaikan kinerja dan stabilitas',
      ],
      is_active: true,
      created_at: daysAgo(290),
      updated_at: daysAgo(290),
    },
    {
      name: 'TaniMitra untuk Windows',
      platform: 'windows',
      version: '1.0.3',
      size: '84.1 MB',
      downloads: 0,
      rating: 0,
      release_date: '2024-12-02',
      description:
        'Aplikasi desktop untuk mitra dan koperasi: kelola banyak kontrak sekaligus dan ekspor laporan.',
      download_url: 'https://tanimitra.id/unduh/TaniMitra-Setup-1.0.3.exe',
      changelog: [
        'Ekspor laporan kontrak ke Excel',
        'Tampilan daftar lahan yang lebih cepat',
        'Perbaikan sinkronisasi data',
      ],
      is_active: true,
      created_at: daysAgo(330),
      updated_at: daysAgo(330),
    },
    {
      name: 'TaniMitra Web',
      platform: 'web',
      version: '1.2.0',
      size: 'Tanpa instalasi',
      downloads: 0,
      rating: 0,
      release_date: '2025-01-15',
      description: 'Gunakan TaniMitra langsung dari peramban di komputer atau ponsel, tanpa instalasi.',
      download_url: '/login',
      changelog: ['Masuk untuk petani dan mitra', 'Unduh data akun Anda kapan saja'],
      is_active: true,
      created_at: daysAgo(290),
      updated_at: daysAgo(290),
    },
  ]);
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const content = (bytes: Uint8Array) => ({ content: bytes, size_bytes: bytes.byteLength });

/** KTP photo, selfie with the KTP and a supporting document: what verification looks at. */
const identityDocuments = (userId: number, name: string, personNik: string, supportingTitle: string) => [
  {
    user_id: userId,
    kind: 'ktp' as const,
    mime_type: 'image/svg+xml',
    file_name: 'ktp.svg',
    ...content(ktpImage(name, personNik)),
  },
  {
    user_id: userId,
    kind: 'verifikasi_ktp' as const,
    mime_type: 'image/svg+xml',
    file_name: 'selfie-ktp.svg',
    ...content(selfieImage(name)),
  },
  {
    user_id: userId,
    kind: 'supporting_documents' as const,
    mime_type: 'image/svg+xml',
    file_name: 'dokumen-pendukung.svg',
    ...content(supportingImage(supportingTitle)),
  },
];
