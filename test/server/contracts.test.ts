import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { contractCategories, contracts, lahan, users } from '../../src/server/db/schema.js';
import { DEMO_COUNTS } from '../../src/server/db/seed/demo.js';
import {
  call,
  demoTokens,
  userIdOf,
  useTestApp,
  type CallOptions,
  type Json,
  tokenForUser,
} from './support/app.js';
import { CONTRACT_KEYS } from './support/records.js';

const ctx = useTestApp();
const M = MESSAGES.contract;
const BASE = '/api/v1/contract';
let admin: string;
let petani: string;
let otherPetani: string;
let mitra: string;
let otherMitra: string;
let petaniId: number;
let otherPetaniId: number;
let mitraId: number;
let otherMitraId: number;
let categoryId: number;
let categoryName: string;
let activeLahanId: number;
let inactiveLahanId: number;
let otherLahanId: number;

const newLahan = async (owner: number, status: 'active' | 'inactive', nama: string) =>
  (
    await ctx.db
      .insert(lahan)
      .values({ petani_id: owner, nama_lahan: nama, luas_lahan: 1000, status })
      .returning({ id: lahan.id })
  )[0]!.id;
const countWhere = async (where?: SQL) =>
  (await ctx.db.select({ n: count() }).from(contracts).where(where))[0]!.n;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
  mitraId = await userIdOf(ctx, 'mitra');
  otherPetaniId = await userIdOf(ctx, 'petani', 1);
  otherMitraId = await userIdOf(ctx, 'mitra', 1);
  expect(otherPetaniId).not.toBe(petaniId);
  expect(otherMitraId).not.toBe(mitraId);
  otherPetani = await tokenForUser(ctx, 'petani', 1);
  otherMitra = await tokenForUser(ctx, 'mitra', 1);
  const [category] = await ctx.db.select().from(contractCategories).orderBy(contractCategories.id).limit(1);
  categoryId = category!.id;
  categoryName = category!.type_name;
  activeLahanId = await newLahan(petaniId, 'active', 'Sawah Uji Kontrak');
  inactiveLahanId = await newLahan(petaniId, 'inactive', 'Sawah Uji Nonaktif');
  otherLahanId = await newLahan(otherPetaniId, 'active', 'Kebun Petani Lain');
});

const get = (url: string, token?: string) => call(ctx, { url, token });
const send = (method: CallOptions['method'], url: string, token: string, payload: unknown) =>
  call(ctx, { method, url, token, payload });

const validBody = (overrides: Json = {}): Json => ({
  title: '  Kontrak Jagung Uji  ',
  contract_category_id: categoryId,
  description: 'Pembelian jagung pipil kering',
  petani_id: petaniId,
  mitra_id: mitraId,
  lahan_id: activeLahanId,
  commodity: 'Jagung',
  quantity: 1500,
  unit: 'kg',
  price: 5200,
  start_date: '2026-01-10',
  end_date: '2026-06-30',
  ...overrides,
});

/** A mitra's offer on a new active lahan of the demo petani (an offer takes its lahan into negotiation). */
async function mitraOffers(overrides: Json = {}) {
  const lahanId = await newLahan(petaniId, 'active', 'Sawah Tawaran');
  const res = await send(
    'POST',
    BASE,
    mitra,
    validBody({ mitra_id: undefined, lahan_id: lahanId, ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data as Json;
}

async function adminCreates(overrides: Json = {}) {
  const res = await send('POST', BASE, admin, validBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data as Json;
}

describe('access', () => {
  it('needs a token on every route', async () => {
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/1`],
      ['GET', `${BASE}/user`],
      ['GET', `${BASE}/petani`],
      ['GET', `${BASE}/mitra`],
      ['GET', `${BASE}/lahan/1`],
      ['POST', BASE],
      ['PUT', `${BASE}/1`],
      ['DELETE', `${BASE}/1`],
    ] as const) {
      const res = await call(ctx, {
        method,
        url,
        payload: method === 'POST' || method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers INVALID_ROLE to the roles a route is not for', async () => {
    for (const [method, url, token] of [
      ['GET', `${BASE}/user`, () => admin],
      ['GET', `${BASE}/petani`, () => admin],
      ['GET', `${BASE}/petani`, () => mitra],
      ['GET', `${BASE}/mitra`, () => admin],
      ['GET', `${BASE}/mitra`, () => petani],
      ['POST', BASE, () => petani],
      ['DELETE', `${BASE}/1`, () => petani],
      ['DELETE', `${BASE}/1`, () => mitra],
    ] as const) {
      const res = await call(ctx, {
        method,
        url,
        token: token(),
        // A DELETE takes no body.
        payload: method === 'POST' ? validBody() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json).toEqual({
        success: false,
        code: 'INVALID_ROLE',
        message: MESSAGES.invalidRole,
      });
    }
  });

  it('does not read /contract/user, /petani or /mitra as an id, and refuses a non-integer id', async () => {
    expect((await get(`${BASE}/user`, petani)).statusCode).toBe(200);
    expect((await get(`${BASE}/petani`, petani)).statusCode).toBe(200);
    expect((await get(`${BASE}/mitra`, mitra)).statusCode).toBe(200);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`${BASE}/${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json.code).toBe('VALIDATION_ERROR');
    }
    expect((await get(`${BASE}/999999`, admin)).json).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /contract (admin)', () => {
  it('lists every contract with the Contract record and pagination totals', async () => {
    const res = await get(`${BASE}?limit=5&page=2`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json.pagination).toEqual({
      page: 2,
      limit: 5,
      total: DEMO_COUNTS.contracts,
      totalPages: Math.ceil(DEMO_COUNTS.contracts / 5),
      totalExact: true,
    });
    expect(res.json.data).toHaveLength(5);
    const record = res.json.data[0];
    expect(Object.keys(record).sort()).toEqual(CONTRACT_KEYS);
    expect(record.fullname_petani).toBe(record.petani_nama);
    expect(typeof record.quantity).toBe('number');
    expect(record.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const beyond = await get(`${BASE}?page=100`, admin);
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.pagination.total).toBe(DEMO_COUNTS.contracts);
  });

  it('is newest first by default and sorts by the allowed keys', async () => {
    const byDefault = (await get(`${BASE}?limit=100`, admin)).json.data as Json[];
    const created = byDefault.map((c) => c.created_at as string);
    expect(created).toEqual([...created].sort().reverse());

    const byStart = (await get(`${BASE}?limit=100&sort=start_date&order=asc`, admin)).json.data as Json[];
    const starts = byStart.map((c) => c.start_date as string);
    expect(starts).toEqual([...starts].sort());

    const byTitle = (await get(`${BASE}?limit=3&page=2&sort=title&order=asc`, admin)).json.data as Json[];
    const expected = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .orderBy(asc(contracts.title), asc(contracts.id))
      .limit(3)
      .offset(3);
    expect(byTitle.map((c) => c.id)).toEqual(expected.map((c) => c.id));

    const byStatus = (await get(`${BASE}?limit=100&sort=status&order=desc`, admin)).json.data as Json[];
    const statuses = byStatus.map((c) => c.status as string);
    expect(statuses).toEqual([...statuses].sort().reverse());

    expect((await get(`${BASE}?sort=price`, admin)).statusCode).toBe(400);
  });

  it('searches the whole table, not just the first page: title, commodity and both parties', async () => {
    const oldest = (await get(`${BASE}?limit=1&sort=created_at&order=asc`, admin)).json.data[0] as Json;
    const byTitle = await get(`${BASE}?limit=1&q=${encodeURIComponent(oldest.title)}`, admin);
    expect(byTitle.json.data.map((c: Json) => c.id)).toContain(oldest.id);

    const byPetani = await get(`${BASE}?limit=100&q=${encodeURIComponent(oldest.fullname_petani)}`, admin);
    expect(byPetani.json.data.map((c: Json) => c.id)).toContain(oldest.id);
    for (const row of byPetani.json.data as Json[]) {
      const text = [row.title, row.description, row.commodity, row.fullname_petani, row.fullname_mitra]
        .join(' ')
        .toLowerCase();
      for (const word of (oldest.fullname_petani as string).toLowerCase().split(/\s+/))
        expect(text).toContain(word);
    }

    const byMitra = await get(`${BASE}?limit=100&q=${encodeURIComponent(oldest.fullname_mitra)}`, admin);
    expect(byMitra.json.data.map((c: Json) => c.id)).toContain(oldest.id);

    const word = (oldest.commodity as string).split(' ')[0]!;
    const byCommodity = await get(`${BASE}?limit=1&q=${encodeURIComponent(word)}`, admin);
    const pattern = `%${word}%`;
    expect(byCommodity.json.pagination.total).toBeGreaterThanOrEqual(
      await countWhere(or(ilike(contracts.commodity, pattern))),
    );

    const nul = await get(`${BASE}?q=a%00b`, admin);
    expect(nul.statusCode).toBe(400);
    expect(nul.json.code).toBe('VALIDATION_ERROR');

    const none = await get(`${BASE}?q=${encodeURIComponent('%_tidak ada_%')}`, admin);
    expect(none.json.data).toEqual([]);
    expect(none.json.pagination.total).toBe(0);
  });

  it('filters by status, category, party and lahan', async () => {
    const approved = await get(`${BASE}?status=approved&limit=100`, admin);
    expect(approved.json.pagination.total).toBe(await countWhere(eq(contracts.status, 'approved')));
    expect(approved.json.data.every((c: Json) => c.status === 'approved')).toBe(true);

    const byCategory = await get(`${BASE}?contract_category_id=${categoryId}&limit=100`, admin);
    expect(byCategory.json.pagination.total).toBe(
      await countWhere(eq(contracts.contract_category_id, categoryId)),
    );
    expect(byCategory.json.data.every((c: Json) => c.contract_type === categoryName)).toBe(true);

    const byMitra = await get(`${BASE}?mitra_id=${mitraId}&limit=100`, admin);
    expect(byMitra.json.pagination.total).toBe(await countWhere(eq(contracts.mitra_id, mitraId)));

    const [some] = await ctx.db.select().from(contracts).limit(1);
    const byParties = await get(
      `${BASE}?petani_id=${some!.petani_id}&lahan_id=${some!.lahan_id}&limit=100`,
      admin,
    );
    expect(byParties.json.pagination.total).toBe(
      await countWhere(
        and(eq(contracts.petani_id, some!.petani_id!), eq(contracts.lahan_id, some!.lahan_id!)),
      ),
    );
    expect((await get(`${BASE}?status=unknown`, admin)).statusCode).toBe(400);
  });
});

describe('POST /contract', () => {
  it('lets an admin create a contract; contract_type and names are joined in', async () => {
    const created = await adminCreates({ delivery_terms: ' Diantar ke gudang mitra ' });
    expect(created).toMatchObject({
      title: 'Kontrak Jagung Uji',
      contract_category_id: categoryId,
      contract_type: categoryName,
      status: 'pending',
      terms_version: 1,
      delivery_terms: 'Diantar ke gudang mitra',
      total_value: 1500 * 5200,
      awaiting: 'petani',
      petani_signed_at: null,
      mitra_signed_at: null,
      cancel_reason: null,
      petani_id: petaniId,
      mitra_id: mitraId,
      lahan_id: activeLahanId,
      nama_lahan: 'Sawah Uji Kontrak',
      commodity: 'Jagung',
      quantity: 1500,
      unit: 'kg',
      price: 5200,
      prices: [{ grade: 'A', price: 5200 }],
      payment_days: 7,
      start_date: '2026-01-10',
      end_date: '2026-06-30',
    });
    expect(created.fullname_petani).toBeTruthy();
    expect(created.fullname_petani).toBe(created.petani_nama);
    expect(created.fullname_mitra).toBeTruthy();
    expect(created.verification_code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    const again = await get(`${BASE}/${created.id}`, admin);
    expect(again.json.data).toEqual(created);
  });

  it('drops NUL characters, which the database cannot store', async () => {
    const created = await adminCreates({ title: 'Kontrak\u0000 Padi', description: '\u0000' });
    expect(created.title).toBe('Kontrak Padi');
    expect(created.description).toBeNull();
  });

  it('defaults the status to pending and the unit to kg; lahan and description are optional for admins', async () => {
    const created = await adminCreates({
      status: undefined,
      unit: undefined,
      lahan_id: undefined,
      description: '  ',
    });
    expect(created).toMatchObject({ status: 'pending', unit: 'kg', lahan_id: null, nama_lahan: null });
    expect(created.description).toBeNull();
    for (const status of ['approved', 'active']) {
      const res = await send('POST', BASE, admin, validBody({ status }));
      expect(res.statusCode).toBe(400);
      expect(res.json.errors).toEqual([{ field: 'status', message: M.adminStatusPending }]);
    }
  });

  it('lists every missing field with its own message and creates nothing', async () => {
    const before = await countWhere();
    const res = await send('POST', BASE, admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.message).toBe(M.invalidData);
    expect(res.json.errors).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'contract_category_id', message: M.categoryRequired },
      { field: 'petani_id', message: M.petaniRequired },
      { field: 'commodity', message: M.commodityRequired },
      { field: 'quantity', message: M.quantityInvalid },
      { field: 'start_date', message: M.dateInvalid },
      { field: 'end_date', message: M.dateInvalid },
      { field: 'prices', message: M.priceRequired },
    ]);
    expect(await countWhere()).toBe(before);
  });

  it.each([
    [{ title: '   ' }, 'title', M.titleRequired],
    [{ title: 42 }, 'title', M.titleRequired],
    [{ title: 'x'.repeat(201) }, 'title', 'Judul kontrak maksimal 200 karakter'],
    [{ contract_category_id: 'abc' }, 'contract_category_id', M.categoryRequired],
    [{ description: 42 }, 'description', M.descriptionInvalid],
    [{ quantity: -1 }, 'quantity', M.quantityInvalid],
    [{ quantity: 0 }, 'quantity', M.quantityInvalid],
    [{ quantity: '12abc' }, 'quantity', M.quantityInvalid],
    [{ quantity: 1e15 }, 'quantity', M.quantityInvalid],
    [{ price: -0.01 }, 'price', M.priceInvalid],
    [{ price: 0 }, 'price', M.priceInvalid],
    [{ price: null }, 'price', M.priceInvalid],
    [{ price: 5200.5 }, 'price', M.priceInvalid],
    [{ unit: '' }, 'unit', M.unitRequired],
    [{ start_date: '2026-02-30' }, 'start_date', M.dateInvalid],
    [{ end_date: '30/06/2026' }, 'end_date', M.dateInvalid],
    [{ end_date: '2026-01-09' }, 'end_date', M.endBeforeStart],
    [{ status: 'done' }, 'status', M.statusInvalid],
    [{ mitra_id: undefined }, 'mitra_id', M.mitraRequired],
    [{ contract_category_id: 999999 }, 'contract_category_id', M.categoryMissing],
    [{ petani_id: -5 }, 'petani_id', M.petaniRequired],
  ])('refuses %j', async (overrides, field, message) => {
    const before = await countWhere();
    const res = await send('POST', BASE, admin, validBody(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.errors).toEqual([{ field, message }]);
    expect(await countWhere()).toBe(before);
  });

  it('checks the roles of the parties and that the lahan is the petani’s', async () => {
    const swapped = await send('POST', BASE, admin, validBody({ petani_id: mitraId, mitra_id: petaniId }));
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json.errors).toEqual([
      { field: 'petani_id', message: M.petaniMissing },
      { field: 'mitra_id', message: M.mitraMissing },
      { field: 'lahan_id', message: M.lahanMissing },
    ]);
    const othersLand = await send('POST', BASE, admin, validBody({ lahan_id: otherLahanId }));
    expect(othersLand.json).toMatchObject({ message: M.lahanMissing, code: 'VALIDATION_ERROR' });
  });

  it('lets a mitra propose a pending contract in their own name on an active lahan', async () => {
    const active = await send('POST', BASE, mitra, validBody({ mitra_id: undefined, status: 'active' }));
    expect(active.statusCode).toBe(400);
    expect(active.json.errors).toEqual([{ field: 'status', message: M.proposalPending }]);
    const offer = await mitraOffers();
    expect(offer).toMatchObject({
      status: 'pending',
      mitra_id: mitraId,
      petani_id: petaniId,
      awaiting: 'petani',
    });
    const [land] = await ctx.db.select().from(lahan).where(eq(lahan.id, offer.lahan_id));
    expect(land!.status).toBe('negotiation');
    const taken = await send(
      'POST',
      BASE,
      mitra,
      validBody({ mitra_id: undefined, lahan_id: offer.lahan_id }),
    );
    expect(taken.json).toMatchObject({ code: 'VALIDATION_ERROR', message: M.lahanMissing });

    const [unverified] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'petani'), eq(users.status_verifikasi, false)))
      .limit(1);
    const theirLahan = await newLahan(unverified!.id, 'active', 'Sawah Belum Terverifikasi');
    const toUnverified = await send(
      'POST',
      BASE,
      mitra,
      validBody({ mitra_id: undefined, petani_id: unverified!.id, lahan_id: theirLahan }),
    );
    expect(toUnverified.statusCode).toBe(400);
    expect(toUnverified.json.errors).toEqual([{ field: 'petani_id', message: M.petaniUnverified }]);

    const forSomeoneElse = await send('POST', BASE, mitra, validBody({ mitra_id: otherMitraId }));
    expect(forSomeoneElse.json).toMatchObject({ message: M.mitraSelfOnly });
    const noLahan = await send('POST', BASE, mitra, validBody({ mitra_id: undefined, lahan_id: undefined }));
    expect(noLahan.json).toMatchObject({ message: M.lahanRequired });
    const inactive = await send('POST', BASE, mitra, validBody({ lahan_id: inactiveLahanId }));
    expect(inactive.json).toMatchObject({ message: M.lahanMissing });
    expect(inactive.statusCode).toBe(400);
  });
});

describe('visibility', () => {
  it('shows a petani only their own contracts, on every list route', async () => {
    const own = await countWhere(eq(contracts.petani_id, petaniId));
    expect(own).toBeGreaterThan(0);
    for (const url of [BASE, `${BASE}/user`, `${BASE}/petani`]) {
      const res = await get(`${url}?limit=100`, petani);
      expect(res.json.pagination.total, url).toBe(own);
      expect(res.json.data.every((c: Json) => c.petani_id === petaniId)).toBe(true);
    }
    // A filter cannot widen the view.
    const filtered = await get(`${BASE}?petani_id=${otherPetaniId}`, petani);
    expect(filtered.json.pagination.total).toBe(0);
  });

  it('shows a mitra only their own contracts', async () => {
    const own = await countWhere(eq(contracts.mitra_id, mitraId));
    expect(own).toBeGreaterThan(0);
    for (const url of [BASE, `${BASE}/user`, `${BASE}/mitra`]) {
      const res = await get(`${url}?limit=100`, mitra);
      expect(res.json.pagination.total, url).toBe(own);
      expect(res.json.data.every((c: Json) => c.mitra_id === mitraId)).toBe(true);
    }
  });

  it("answers 404 for someone else's contract, exactly like a missing one", async () => {
    const created = await adminCreates();
    expect((await get(`${BASE}/${created.id}`, petani)).statusCode).toBe(200);
    expect((await get(`${BASE}/${created.id}`, mitra)).statusCode).toBe(200);
    for (const token of [otherPetani, otherMitra]) {
      const res = await get(`${BASE}/${created.id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual(await get(`${BASE}/999999`, token).then((r) => r.json));
      const step = await send('POST', `${BASE}/${created.id}/reject`, token, {});
      expect(step.statusCode).toBe(404);
    }
  });

  it('GET /contract/lahan/{id}: admin, the owner and a mitra party; others 404', async () => {
    const created = await adminCreates();
    const url = `${BASE}/lahan/${activeLahanId}?limit=100`;
    const expected = await countWhere(eq(contracts.lahan_id, activeLahanId));
    const forAdmin = await get(url, admin);
    expect(forAdmin.json.pagination.total).toBe(expected);
    expect(forAdmin.json.data.map((c: Json) => c.id)).toContain(created.id);
    expect(forAdmin.json.data.every((c: Json) => c.lahan_id === activeLahanId)).toBe(true);
    expect((await get(url, petani)).json.pagination.total).toBe(expected);
    const forMitra = await get(url, mitra);
    expect(forMitra.json.pagination.total).toBe(
      await countWhere(and(eq(contracts.lahan_id, activeLahanId), eq(contracts.mitra_id, mitraId))),
    );
    for (const token of [otherPetani, otherMitra]) {
      expect((await get(url, token)).statusCode).toBe(404);
    }
    expect((await get(`${BASE}/lahan/999999`, admin)).json).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('PUT /contract/{id}', () => {
  it('is for admins: the parties take steps instead (403), whoever sends a status gets 400', async () => {
    const offer = await mitraOffers();
    const url = `${BASE}/${offer.id}`;
    for (const token of [petani, mitra]) {
      const res = await send('PUT', url, token, { status: 'approved' });
      expect(res.statusCode).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
    const status = await send('PUT', url, admin, { status: 'approved' });
    expect(status.statusCode).toBe(400);
    expect(status.json.errors).toEqual([{ field: 'status', message: M.statusViaSteps }]);
    const party = await send('PUT', url, admin, { petani_id: otherPetaniId });
    expect(party.statusCode).toBe(400);
    expect(party.json.errors.map((e: Json) => e.field)).toEqual(['petani_id']);
    expect((await get(url, admin)).json.data).toMatchObject({ status: 'pending', petani_id: petaniId });
  });

  it('lets an admin change the terms while open, as a new version; the description at any time', async () => {
    const created = await adminCreates();
    const url = `${BASE}/${created.id}`;
    const res = await send('PUT', url, admin, { title: ' Baru ', quantity: '250.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      title: 'Baru',
      status: 'pending',
      quantity: 250.5,
      terms_version: 2,
    });
    expect(res.json.data.updated_at >= created.updated_at).toBe(true);
    const same = await send('PUT', url, admin, { title: 'Baru', description: 'Catatan admin' });
    expect(same.json.data).toMatchObject({ terms_version: 2, description: 'Catatan admin' });

    const early = await send('PUT', url, admin, { end_date: '2025-12-31' });
    expect(early.json).toMatchObject({ message: M.endBeforeStart });
    expect((await send('PUT', `${BASE}/999999`, admin, { title: 'x' })).statusCode).toBe(404);
    expect((await get(url, admin)).json.data.end_date).toBe('2026-06-30');

    await ctx.db.update(contracts).set({ status: 'approved' }).where(eq(contracts.id, created.id));
    const late = await send('PUT', url, admin, { price: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json.code).toBe('CONFLICT');
    const note = await send('PUT', url, admin, { description: null });
    expect(note.json.data).toMatchObject({ description: null, price: 5200, terms_version: 2 });
  });
});

describe('DELETE /contract/{id}', () => {
  it('lets an admin delete a contract and answers the deleted record', async () => {
    const created = await adminCreates();
    const res = await call(ctx, { method: 'DELETE', url: `${BASE}/${created.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual(created);
    expect((await get(`${BASE}/${created.id}`, admin)).statusCode).toBe(404);
    const again = await call(ctx, { method: 'DELETE', url: `${BASE}/${created.id}`, token: admin });
    expect(again.statusCode).toBe(404);
  });
});

describe('deleted accounts', () => {
  it("keeps the contract and names the deleted party 'Pengguna dihapus'", async () => {
    const created = await adminCreates({ petani_id: otherPetaniId, lahan_id: otherLahanId });
    await ctx.db.delete(users).where(eq(users.id, otherPetaniId));
    const res = await get(`${BASE}/${created.id}`, admin);
    expect(res.json.data).toMatchObject({
      petani_id: null,
      fullname_petani: MESSAGES.contract.deletedAccount,
      petani_nama: MESSAGES.contract.deletedAccount,
      lahan_id: null,
      mitra_id: mitraId,
      fullname_mitra: created.fullname_mitra,
    });
    const listed = await get(`${BASE}?q=${encodeURIComponent('Pengguna dihapus')}`, admin);
    expect(listed.statusCode).toBe(200);
    expect(await countWhere(isNull(contracts.petani_id))).toBeGreaterThan(0);
    const forMitra = await get(`${BASE}/${created.id}`, mitra);
    expect(forMitra.json.data.fullname_petani).toBe(MESSAGES.contract.deletedAccount);
  });
});
