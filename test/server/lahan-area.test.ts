import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { lahan, users } from '../../src/server/db/schema.js';
import { areaWithin } from '../../src/server/modules/lahan/list.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { indexPlan } from './support/plans.js';

/* GET /lahan?luas_min=&luas_max= (m², inclusive): the area filter of the mitra's lahan search on /akun. */

const ctx = useTestApp();
let admin: string;
let mitra: string;

const get = (token: string, url: string) => call(ctx, { url, token });
const countWhere = async (where: SQL | undefined) =>
  (await ctx.db.select({ n: count() }).from(lahan).where(where))[0]!.n;

/** Every record of a list, page by page. */
async function all(token: string, query: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await get(token, `/api/v1/lahan?${query}&limit=100&page=${page}`);
    expect(res.statusCode, query).toBe(200);
    rows.push(...res.json.data);
    if (page >= res.json.pagination.totalPages) return rows;
  }
}

beforeAll(async () => {
  ({ admin, mitra } = await demoTokens(ctx));
});

describe('the lahan area filter', () => {
  it('keeps the lahan whose area lies within the bounds, bounds included, with the exact total', async () => {
    const areas = (
      await ctx.db.select({ luas: lahan.luas_lahan }).from(lahan).orderBy(asc(lahan.luas_lahan))
    ).map((r) => r.luas);
    const min = areas[Math.floor(areas.length / 4)]!;
    const max = areas[Math.floor((areas.length * 3) / 4)]!;
    expect(min).toBeLessThan(max);

    const cases: [string, SQL | undefined, (luas: number) => boolean][] = [
      [`luas_min=${min}`, gte(lahan.luas_lahan, min), (l) => l >= min],
      [`luas_max=${max}`, lte(lahan.luas_lahan, max), (l) => l <= max],
      [
        `luas_min=${min}&luas_max=${max}`,
        and(gte(lahan.luas_lahan, min), lte(lahan.luas_lahan, max)),
        (l) => l >= min && l <= max,
      ],
      [`luas_min=${min}&luas_max=${min}`, eq(lahan.luas_lahan, min), (l) => l === min],
    ];
    for (const [query, where, holds] of cases) {
      const rows = await all(admin, query);
      expect(rows.length, query).toBe(await countWhere(where));
      expect(rows.length, query).toBeGreaterThan(0);
      expect(
        rows.every((r) => holds(r.luas_lahan)),
        query,
      ).toBe(true);
      const first = await get(admin, `/api/v1/lahan?${query}&limit=1`);
      expect(first.json.pagination.total, query).toBe(rows.length);
    }
  });

  it("narrows a mitra's search of active lahan, with the other filters", async () => {
    const sample = (await get(mitra, '/api/v1/lahan?limit=1&sort=luas_lahan&order=desc')).json
      .data[0] as Json;
    const query = `luas_min=${sample.luas_lahan}&category_id=${sample.category_id}`;
    const rows = await all(mitra, query);
    expect(rows.map((r) => r.id)).toContain(sample.id);
    expect(rows.every((r) => r.status === 'active' && r.luas_lahan >= sample.luas_lahan)).toBe(true);
    expect(
      await countWhere(
        and(
          eq(lahan.status, 'active'),
          gte(lahan.luas_lahan, sample.luas_lahan),
          eq(lahan.category_id, sample.category_id),
        ),
      ),
    ).toBe(rows.length);
    const none = await get(mitra, `/api/v1/lahan?luas_min=${sample.luas_lahan + 0.5}`);
    expect(none.json).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it("keeps only verified (or unverified) petani's lahan with petani_verified", async () => {
    for (const verified of [true, false]) {
      const rows = await all(mitra, `petani_verified=${verified}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.petani_status_verifikasi === verified && r.status === 'active')).toBe(true);
      const owners = ctx.db.select({ id: users.id }).from(users).where(eq(users.status_verifikasi, verified));
      expect(rows.length).toBe(
        await countWhere(and(eq(lahan.status, 'active'), inArray(lahan.petani_id, owners))),
      );
    }
    const bad = await get(mitra, '/api/v1/lahan?petani_verified=ya');
    expect(bad.statusCode).toBe(400);
  });

  it("follows the owner's verification as it changes through the API, with the exact total", async () => {
    const write = async (method: 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      const res = await call(ctx, { method, url: `/api/v1${url}`, token: admin, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    };
    const ids = (rows: Json[]) => rows.map((r) => r.id as number);
    /** Both filters list exactly the active lahan of owners of that verification, with that total. */
    const listed = async () => {
      const byVerification = new Map<boolean, number[]>();
      for (const verified of [true, false]) {
        const rows = await all(mitra, `petani_verified=${verified}`);
        const owners = ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.status_verifikasi, verified));
        const expected = await countWhere(and(eq(lahan.status, 'active'), inArray(lahan.petani_id, owners)));
        expect(rows.length, `petani_verified=${verified}`).toBe(expected);
        expect(rows.every((r) => r.petani_status_verifikasi === verified)).toBe(true);
        const first = await get(mitra, `/api/v1/lahan?petani_verified=${verified}&limit=1`);
        expect(first.json.pagination.total, `petani_verified=${verified}`).toBe(expected);
        byVerification.set(verified, ids(rows));
      }
      return byVerification;
    };
    const [owner] = await ctx.db
      .select({ id: users.id })
      .from(lahan)
      .innerJoin(users, eq(users.id, lahan.petani_id))
      .where(and(eq(lahan.status, 'active'), eq(users.status_verifikasi, true)))
      .orderBy(lahan.id)
      .limit(1);
    const theirs = ids(await all(mitra, `petani_id=${owner!.id}`));
    expect(theirs.length).toBeGreaterThan(0);

    await write('PUT', `/admin/verify-role/${owner!.id}`, { status_verifikasi: false });
    let lists = await listed();
    expect(lists.get(false)).toEqual(expect.arrayContaining(theirs));
    expect(lists.get(true)!.filter((id) => theirs.includes(id))).toEqual([]);

    await write('PUT', `/admin/verify/${owner!.id}`);
    lists = await listed();
    expect(lists.get(true)).toEqual(expect.arrayContaining(theirs));

    // One of their lahan moves to an unverified petani, then is deleted.
    const [other] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'petani'), eq(users.status_verifikasi, false)))
      .limit(1);
    const moved = theirs[0]!;
    await write('PUT', `/admin/lahan/${moved}`, { petani_id: other!.id });
    lists = await listed();
    expect(lists.get(false)).toContain(moved);
    expect(lists.get(true)).not.toContain(moved);
    await write('DELETE', `/lahan/${moved}`);
    lists = await listed();
    expect([...lists.get(true)!, ...lists.get(false)!]).not.toContain(moved);
  });

  it('counts any area range exactly, its bounds on, just under or between the edges of the area bins', async () => {
    // Migration 0016_lahan_area_counts: bin b >= 1 holds [2^(b/8), 2^((b+1)/8)). Areas on the edges (as JavaScript
    // computes them, which PostgreSQL may round the other way), just under them, and spread from 0.01 m² to 10^10.
    let seed = 20261127;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const edges = Array.from({ length: 40 }, (_, i) => 2 ** ((i * 7) / 8));
    const areas = [
      ...edges,
      ...edges.map((edge) => edge * (1 - 2 ** -40)),
      ...Array.from({ length: 200 }, () => Number((10 ** (random() * 12 - 2)).toPrecision(6))),
    ];
    await ctx.db.execute(sql`
      insert into lahan (petani_id, nama_lahan, luas_lahan, status)
      select (select id from users where role = 'petani' order by id offset (i % 5) limit 1), 'Bin ' || i, a,
             (enum_range(null::lahan_status))[1 + i % 7]
      from unnest(${`{${areas.join(',')}}`}::float8[]) with ordinality as t(a, i)`);
    const [misplaced] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from lahan
          where not (luas_lahan >= lahan_area_edge(lahan_area_bin(luas_lahan))
                     and luas_lahan < lahan_area_edge(lahan_area_bin(luas_lahan) + 1))`,
    );
    expect(misplaced!.n).toBe(0);

    const bound = () => areas[Math.floor(random() * areas.length)]!;
    for (let i = 0; i < 40; i++) {
      const [a, b] = [bound(), bound()].sort((x, y) => x - y);
      const min = i % 4 === 1 ? undefined : a!;
      const max = i % 4 === 2 ? undefined : i % 4 === 3 ? a! : b!;
      const status = i % 3 === 0 ? 'active' : undefined;
      const verified = i % 5 === 0 ? i % 2 === 0 : undefined;
      const params = new URLSearchParams();
      if (min !== undefined) params.set('luas_min', String(min));
      if (max !== undefined) params.set('luas_max', String(max));
      if (status) params.set('status', status);
      if (verified !== undefined) params.set('petani_verified', String(verified));
      for (const token of [admin, mitra]) {
        const res = await get(token, `/api/v1/lahan?${params}&limit=1`);
        expect(res.statusCode, `${params}`).toBe(200);
        const owners = ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.status_verifikasi, !!verified));
        const expected = await countWhere(
          and(
            areaWithin(min, max),
            token === mitra || status ? eq(lahan.status, 'active') : undefined,
            verified === undefined ? undefined : inArray(lahan.petani_id, owners),
          ),
        );
        expect(res.json.pagination.total, `${token === admin ? 'admin' : 'mitra'} ${params}`).toBe(expected);
      }
    }
  });

  it('refuses bad bounds by name and an upper bound below the lower one', async () => {
    for (const [query, field] of [
      ['luas_min=-1', 'luas_min'],
      ['luas_max=abc', 'luas_max'],
      ['luas_min=1e3', 'luas_min'],
      ['luas_max=10000000000000', 'luas_max'],
    ]) {
      const res = await get(admin, `/api/v1/lahan?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json.code, query).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.json), query).toContain(field);
    }
    const crossed = await get(mitra, '/api/v1/lahan?luas_min=500&luas_max=100');
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json).toMatchObject({
      success: false,
      message: MESSAGES.lahan.areaRangeInvalid,
      errors: [{ field: 'luas_max', message: MESSAGES.lahan.areaRangeInvalid }],
    });
  });

  it('is served by the area index', async () => {
    const query = ctx.db
      .select({ id: lahan.id })
      .from(lahan)
      .where(areaWithin(1000, 5000))
      .orderBy(asc(lahan.luas_lahan), asc(lahan.id))
      .limit(10);
    const plan = await indexPlan(ctx.db, query);
    expect(plan).toMatch(/"Index Name":\s*"lahan_luas_idx"/);
    expect(plan).toMatch(/"Index Cond":\s*"\(\(luas_lahan >= /);
    expect(plan).not.toContain('Seq Scan');
  });
});
