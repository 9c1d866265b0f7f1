import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, LAHAN_STATUSES, ROLES } from '../../src/shared/constants.js';
import {
  contractCategories,
  contracts,
  lahan,
  landCategories,
  locations,
  mitraProfiles,
  petaniProfiles,
  users,
} from '../../src/server/db/schema.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { CONTRACT_KEYS } from './support/records.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { queryRows } from '../../src/server/db/engine/client.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;

beforeAll(async () => ({ admin, petani, mitra } = await demoTokens(ctx)));

const stats = async () => {
  const res = await call(ctx, { url: '/api/v1/admin/stats', token: admin });
  expect(res.statusCode).toBe(200);
  expect(res.json.success).toBe(true);
  return res.json.data as Json;
};

/** How often each value occurs, with every key of `keys` present. */
const tally = (keys: readonly string[], values: string[]) => {
  const counts: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const v of values) counts[v]! += 1;
  return counts;
};

/** The figures, computed from every row read back through ctx.db. */
async function expectedFigures() {
  const userRows = await ctx.db.select({ role: users.role, verified: users.status_verifikasi }).from(users);
  const lahanRows = await ctx.db.select({ status: lahan.status, luas: lahan.luas_lahan }).from(lahan);
  const contractRows = await ctx.db.select({ status: contracts.status }).from(contracts);
  const verified = userRows.filter((u) => u.verified).length;
  return {
    users: {
      total: userRows.length,
      byRole: tally(
        ROLES,
        userRows.map((u) => u.role),
      ),
      verified,
      unverified: userRows.length - verified,
    },
    lahan: {
      total: lahanRows.length,
      totalArea: lahanRows.reduce((sum, l) => sum + l.luas, 0),
      byStatus: tally(
        LAHAN_STATUSES,
        lahanRows.map((l) => l.status),
      ),
    },
    contracts: {
      total: contractRows.length,
      byStatus: tally(
        CONTRACT_STATUSES,
        contractRows.map((c) => c.status),
      ),
      valueUnderContract: await valueUnderContract(),
    },
  };
}

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

/** price × quantity summed over the approved and active contracts, counted from the rows. */
async function valueUnderContract() {
  const [row] = await rowsOf<{ value: string }>(sql`
    select coalesce(sum(price * quantity), 0)::text as value from contracts where status in ('approved', 'active')`);
  return Math.round(Number(row!.value) * 100) / 100;
}

/** Per status, the counters' count and amount next to count(*) and sum(price × quantity) of the rows. */
const contractCounters = () =>
  Promise.all([
    rowsOf(sql`select k1 as status, sum(n)::int as n, sum(amount)::text as amount from list_counts
               where entity = 'contracts' group by k1 having sum(n) <> 0 order by k1`),
    rowsOf(sql`select status::text as status, count(*)::int as n, sum(price * quantity)::text as amount
               from contracts group by 1 order by 1`),
  ]);

/** A verified account of the role (an offer's parties must be verified). */
const verified = async (role: 'petani' | 'mitra') =>
  (
    await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, role), eq(users.status_verifikasi, true)))
      .limit(1)
  )[0]!.id;

class RolledBack extends Error {}

describe('GET /admin/stats', () => {
  it('is for admins only', async () => {
    const anonymous = await call(ctx, { url: '/api/v1/admin/stats' });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [petani, mitra]) {
      const res = await call(ctx, { url: '/api/v1/admin/stats', token });
      expect(res.statusCode).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
  });

  it('answers the documented shape with figures equal to counts of the rows', async () => {
    const data = await stats();
    expect(Object.keys(data).sort()).toEqual(['contracts', 'lahan', 'recentContracts', 'users']);
    expect(Object.keys(data.users.byRole).sort()).toEqual([...ROLES].sort());
    expect(Object.keys(data.lahan.byStatus).sort()).toEqual([...LAHAN_STATUSES].sort());
    expect(Object.keys(data.contracts.byStatus).sort()).toEqual([...CONTRACT_STATUSES].sort());
    expect(Object.keys(data.contracts).sort()).toEqual(['byStatus', 'total', 'valueUnderContract']);

    const { lahan: expectedLahan, ...rest } = await expectedFigures();
    expect(data).toMatchObject(rest);
    expect(data.lahan.total).toBe(expectedLahan.total);
    expect(data.lahan.byStatus).toEqual(expectedLahan.byStatus);
    expect(data.lahan.totalArea).toBeCloseTo(expectedLahan.totalArea, 6);
    expect(data.users.total).toBeGreaterThan(80);
    expect(data.lahan.total).toBe(130);
  });

  it('lists the five newest contracts as Contract records', async () => {
    const newest = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .orderBy(desc(contracts.created_at), desc(contracts.id))
      .limit(5);
    const { recentContracts } = await stats();
    expect(recentContracts.map((c: Json) => c.id)).toEqual(newest.map((c) => c.id));

    const first = recentContracts[0];
    expect(Object.keys(first).sort()).toEqual(CONTRACT_KEYS);
    const [expected] = await ctx.db
      .select({
        title: contracts.title,
        status: contracts.status,
        start_date: contracts.start_date,
        contract_type: contractCategories.type_name,
        fullname_petani: petaniProfiles.fullname_petani,
        fullname_mitra: mitraProfiles.fullname_mitra,
        nama_lahan: lahan.nama_lahan,
      })
      .from(contracts)
      .innerJoin(contractCategories, eq(contractCategories.id, contracts.contract_category_id))
      .innerJoin(petaniProfiles, eq(petaniProfiles.user_id, contracts.petani_id))
      .innerJoin(mitraProfiles, eq(mitraProfiles.user_id, contracts.mitra_id))
      .innerJoin(lahan, eq(lahan.id, contracts.lahan_id))
      .where(eq(contracts.id, first.id));
    expect(first).toMatchObject({ ...expected, petani_nama: expected!.fullname_petani });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('names a deleted party "Pengguna dihapus"', async () => {
    const [newest] = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .orderBy(desc(contracts.created_at), desc(contracts.id))
      .limit(1);
    await ctx.db.update(contracts).set({ mitra_id: null }).where(eq(contracts.id, newest!.id));
    const { recentContracts } = await stats();
    expect(recentContracts[0]).toMatchObject({
      id: newest!.id,
      mitra_id: null,
      fullname_mitra: MESSAGES.contract.deletedAccount,
    });
  });

  it('changes when a lahan is created, and counts a status nobody has as 0', async () => {
    const before = await stats();
    const [location] = await ctx.db.select({ id: locations.id }).from(locations).limit(1);
    const [category] = await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1);
    const created = await call(ctx, {
      method: 'POST',
      url: '/api/v1/lahan',
      token: petani,
      payload: {
        nama_lahan: 'Sawah Statistik',
        luas_lahan: 1234.5,
        address_lahan: 'Dusun Sidorejo',
        location_id: location!.id,
        category_id: category!.id,
      },
    });
    expect(created.statusCode).toBe(201);

    const after = await stats();
    expect(after.lahan.total).toBe(before.lahan.total + 1);
    expect(after.lahan.byStatus.pending).toBe(before.lahan.byStatus.pending + 1);
    expect(after.lahan.byStatus.active).toBe(before.lahan.byStatus.active);
    expect(after.lahan.totalArea).toBeCloseTo(before.lahan.totalArea + 1234.5, 6);
    expect(after.users).toEqual(before.users);

    await ctx.db.delete(lahan).where(eq(lahan.status, 'rejected'));
    const none = await stats();
    expect(none.lahan.byStatus.rejected).toBe(0);
    const expected = await expectedFigures();
    expect(none.lahan.total).toBe(expected.lahan.total);
    expect(none.lahan.byStatus).toEqual(expected.lahan.byStatus);
  });
});

describe('the value under contract', () => {
  it('is the sum of price × quantity of the approved and active contracts, after concurrent writes', async () => {
    expect((await stats()).contracts.valueUnderContract).toBe(await valueUnderContract());
    const [category] = await ctx.db.select({ id: contractCategories.id }).from(contractCategories).limit(1);
    const [petaniId, mitraId] = [await verified('petani'), await verified('mitra')];
    const offer = (n: number) =>
      call(ctx, {
        method: 'POST',
        url: '/api/v1/contract',
        token: admin,
        payload: {
          title: `Kontrak nilai ${n}`,
          contract_category_id: category!.id,
          petani_id: petaniId,
          mitra_id: mitraId,
          commodity: 'Jagung',
          quantity: 12.5 * n,
          unit: 'kg',
          price: 4750,
          start_date: '2026-01-01',
          end_date: '2026-06-30',
        },
      }).then((res) => expect(res.statusCode, res.body).toBe(201));
    // Whole-table statements running at once may deadlock on PostgreSQL; the one it aborts is rolled back as a
    // whole, which the counters must survive as any rollback.
    const deadlockAborts = (write: Promise<unknown>) =>
      write.catch((err: unknown) => {
        const code =
          (err as { code?: string; cause?: { code?: string } }).cause?.code ??
          (err as { code?: string }).code;
        if (code !== '40P01') throw err;
      });
    await Promise.all([
      // Many rows of several statuses in one statement.
      ctx.db.execute(sql`
        insert into contracts (title, commodity, quantity, price, prices, start_date, end_date, status)
        select 'Nilai ' || g, 'Padi', g * 1.5, 6000 + g, jsonb_build_array(jsonb_build_object('grade', 'A', 'price', 6000 + g)), '2026-01-01', '2026-06-01',
               (enum_range(null::contract_status))[1 + g % 7]
        from generate_series(1, 40) g`),
      // New terms (price and quantity) without a status change, and status changes in and out of the sum.
      deadlockAborts(
        ctx.db.execute(
          sql`update contracts set price = price + 1250, quantity = quantity * 2 where id % 3 = 0`,
        ),
      ),
      deadlockAborts(
        ctx.db.execute(sql`update contracts set status = 'active' where status = 'approved' and id % 2 = 0`),
      ),
      deadlockAborts(
        ctx.db.execute(sql`update contracts set status = 'cancelled' where status = 'active' and id % 5 = 1`),
      ),
      deadlockAborts(
        ctx.db.execute(sql`delete from contracts where id in (select id from contracts order by id limit 2)`),
      ),
      // Rolled back: none of it may move the sum.
      deadlockAborts(
        ctx.db
          .transaction(async (tx) => {
            await tx.execute(
              sql`update contracts set price = price * 10 where status in ('approved', 'active')`,
            );
            await tx.execute(sql`delete from contracts where status = 'active' and id % 5 = 2`);
            throw new RolledBack();
          })
          .catch((err: unknown) => {
            if (!(err instanceof RolledBack)) throw err;
          }),
      ),
      // Through the API: pending, not under contract until both parties sign.
      ...[1, 2, 3].map(offer),
    ]);
    await ctx.db.execute(sql`update contracts set status = 'approved' where title like 'Kontrak nilai %'`);

    const data = await stats();
    const expected = await valueUnderContract();
    expect(expected).toBeGreaterThan(0);
    expect(data.contracts.valueUnderContract).toBe(expected);
    const [counted, actual] = await contractCounters();
    expect(counted).toEqual(actual);
  });
});
