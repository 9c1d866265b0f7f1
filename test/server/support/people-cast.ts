import { gradeAOnly } from '../../../src/shared/settlement.js';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  contractCategories,
  contracts,
  documents,
  lahan,
  landCategories,
  locations,
  mitraProfiles,
  petaniProfiles,
  users,
} from '../../../src/server/db/schema.js';
import type { ContractStatus } from '../../../src/shared/constants.js';
import { call, demoTokens, tokenFor, type TestContext } from './app.js';

/** The people who look at each other in the visibility tests (docs/API.md "Who sees whom"). */
export const CAST = ['anonymous', 'admin', 'owner', 'petani', 'counterpart', 'mitra', 'unverified'] as const;
export type CastRole = (typeof CAST)[number];

export interface Person {
  id: number;
  email: string;
  username: string;
  phone: string;
  nik: string;
  alamat: string;
}

export interface Cast {
  /** Bearer tokens; `anonymous` has none. */
  tokens: Record<CastRole, string | undefined>;
  /** owner: a verified petani with every contact field, a NIK and a KTP document, and an active lahan. */
  owner: Person;
  /** petani: another verified petani, with no contract. */
  petani: Person;
  /** counterpart: a verified mitra with an approved contract with the owner. */
  counterpart: Person;
  /** mitra: a verified mitra whose only contract with the owner is a pending proposal. */
  mitra: Person;
  /** unverified: a mitra who signed up through POST /auth/signup and is not verified yet. */
  unverified: { id: number; email: string };
  lahanId: number;
  /** The approved contract of owner and counterpart. */
  contractId: number;
  /** The pending proposal of mitra to the owner. */
  proposalId: number;
  /** The owner's KTP document. */
  documentId: number;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

async function insertPerson(ctx: TestContext, role: 'petani' | 'mitra', name: string): Promise<Person> {
  const tag = `${name}.${digits(6)}`;
  const person = {
    email: `${tag}@cast.tanimitra.id`,
    username: tag.replace('.', '_'),
    phone: `+62812${digits(8)}`,
    nik: digits(16),
    alamat: `Jalan ${name} No. 7`,
  };
  const [user] = await ctx.db
    .insert(users)
    .values({
      role,
      email: person.email,
      username: person.username,
      phone: person.phone,
      full_name: `Uji ${name}`,
      password_hash: 'not-used',
      status_verifikasi: true,
    })
    .returning({ id: users.id });
  const id = user!.id;
  const profile = { user_id: id, nik: person.nik, alamat: person.alamat };
  if (role === 'petani')
    await ctx.db.insert(petaniProfiles).values({ ...profile, fullname_petani: `Uji ${name}` });
  else
    await ctx.db
      .insert(mitraProfiles)
      .values({ ...profile, fullname_mitra: `Uji ${name}`, company_address: `Kantor ${name}` });
  return { id, ...person };
}

/** Creates the cast in the test database (directly: the routes under test only read it). */
export async function createCast(ctx: TestContext): Promise<Cast> {
  const [owner, petani, counterpart, mitra] = [
    await insertPerson(ctx, 'petani', 'pemilik'),
    await insertPerson(ctx, 'petani', 'tetangga'),
    await insertPerson(ctx, 'mitra', 'rekanan'),
    await insertPerson(ctx, 'mitra', 'penawar'),
  ];
  const [location] = await ctx.db.select({ id: locations.id }).from(locations).limit(1);
  const [category] = await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1);
  const [contractCategory] = await ctx.db
    .select({ id: contractCategories.id })
    .from(contractCategories)
    .limit(1);
  const [land] = await ctx.db
    .insert(lahan)
    .values({
      petani_id: owner.id,
      nama_lahan: 'Sawah uji',
      luas_lahan: 2500,
      address_lahan: 'Blok uji',
      location_id: location!.id,
      category_id: category!.id,
      status: 'active',
    })
    .returning({ id: lahan.id });
  const contractWith = async (mitraId: number, status: ContractStatus) => {
    const [row] = await ctx.db
      .insert(contracts)
      .values({
        title: 'Kontrak uji',
        contract_category_id: contractCategory!.id,
        status,
        petani_id: owner.id,
        mitra_id: mitraId,
        lahan_id: land!.id,
        commodity: 'Padi',
        quantity: 100,
        price: 5000,
        prices: gradeAOnly(5000),
        start_date: '2026-01-01',
        end_date: '2026-06-30',
      })
      .returning({ id: contracts.id });
    return row!.id;
  };
  const contractId = await contractWith(counterpart.id, 'approved');
  const proposalId = await contractWith(mitra.id, 'pending');
  const [document] = await ctx.db
    .insert(documents)
    .values({
      user_id: owner.id,
      kind: 'ktp',
      mime_type: 'image/png',
      file_name: 'ktp.png',
      size_bytes: 4,
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    })
    .returning({ id: documents.id });

  const unverifiedEmail = `daftar.${digits(6)}@cast.tanimitra.id`;
  const signup = await call(ctx, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { role: 'mitra', full_name: 'Mitra Baru', email: unverifiedEmail, password: 'Rahasia123' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
  const [unverified] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, unverifiedEmail));

  const demo = await demoTokens(ctx);
  const [ownerToken, petaniToken, counterpartToken, mitraToken] = await Promise.all(
    [owner, petani, counterpart, mitra].map((p) => tokenFor(ctx, p.email)),
  );
  return {
    tokens: {
      anonymous: undefined,
      admin: demo.admin,
      owner: ownerToken,
      petani: petaniToken,
      counterpart: counterpartToken,
      mitra: mitraToken,
      unverified: signup.json.data.token as string,
    },
    owner,
    petani,
    counterpart,
    mitra,
    unverified: { id: unverified!.id, email: unverifiedEmail },
    lahanId: land!.id,
    contractId,
    proposalId,
    documentId: document!.id,
  };
}
