import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../src/server/db/seed/scale.js';
import { finishLoad, pendingIndexes } from '../../src/server/db/seed/scale/after-load.js';
import { useTestApp } from './support/app.js';
import { contractProblems } from './support/contract-invariants.js';
import { settlementProblems } from './support/settlement-invariants.js';
import { versionDocument } from '../../src/server/db/seed/demo/contract-documents.js';
import { currentDocument } from '../../src/server/modules/contracts/document.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { nikInfo } from '../../src/server/modules/people/nik-info.js';

/*
 * seed:scale loads in bulk (src/server/db/seed/scale/bulk.ts): indexes and foreign keys off, search triggers
 * off, search_text made set-based. A small scale set must leave exactly what the triggers would have made,
 * and the schema as it found it.
 */

const ctx = useTestApp();
const COUNTS = { users: 300, lahan: 900, contracts: 180, locations: 100 };

const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

/** Indexes, foreign keys and triggers of the public schema, with whether each trigger is on. */
const schemaShape = () =>
  rowsOf<{ item: string }>(sql`
    select 'index ' || indexname || ': ' || indexdef as item from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace = current_schema()::regnamespace
    union all
    select 'trigger ' || tgname || ' on ' || tgrelid::regclass::text || ': ' || tgenabled::text from pg_trigger
    where not tgisinternal
    order by 1`);

/**
 * What the list_counts triggers count (migrations 0006, 0011, 0013, 0016): per entity, its table, its key
 * expressions and amount.
 */
const COUNTED: [string, string, string, string, string][] = [
  ['users', 'users', 'role::text', 'status_verifikasi::text', '0'],
  ['lahan', 'lahan', 'status::text', 'petani_verified::text', 'luas_lahan::numeric'],
  [
    'lahan_area',
    'lahan',
    'lahan_area_key(lahan_area_bin(luas_lahan))',
    "status::text || ':' || petani_verified::text",
    '0',
  ],
  ['contracts', 'contracts', 'status::text', "''", '(price * quantity)::numeric'],
  ['contracts_gross', 'contracts', "''", "''", 'settled_gross::numeric'],
  ['contracts_paid', 'contracts', "''", "''", 'settled_paid::numeric'],
  ['locations', 'locations', "''", "''", '0'],
];

/** Columns whose update fires each table's search_text trigger, set to themselves. */
const TOUCH: [string, string][] = [
  ['users', 'full_name'],
  ['lahan', 'nama_lahan'],
  ['contracts', 'title'],
  ['locations', 'location_name'],
];

class RolledBack extends Error {}

let before: { item: string }[];

/** The definitions of the schema's indexes. */
const indexDefinitions = async () =>
  (await schemaShape())
    .filter((r) => r.item.startsWith('index '))
    .map((r) => r.item.replace(/^index \S+: /, ''));

let pendingAfterCommit: string[];
let indexesBefore: string[];
let indexesAfterCommit: string[];

beforeAll(async () => {
  before = await schemaShape();
  indexesBefore = await indexDefinitions();
  await seedScale(ctx.db, COUNTS, 'not-a-password-hash');
  indexesAfterCommit = await indexDefinitions();
  pendingAfterCommit = (
    await rowsOf<{ definition: string }>(sql`select definition from scale_pending_indexes`)
  ).map((r) => r.definition);
  await finishLoad([ctx.db]);
}, 120_000);

describe('seed:scale', () => {
  it('adds the rows asked for', async () => {
    const [row] = await rowsOf<Record<string, number>>(sql`
      select (select count(*)::int from users) as users, (select count(*)::int from lahan) as lahan,
             (select count(*)::int from contracts) as contracts, (select count(*)::int from locations) as locations`);
    expect(row).toEqual(COUNTS);
  });

  it('leaves every index, key and trigger as it found them', async () => {
    expect(await schemaShape()).toEqual(before);
    expect(await pendingIndexes(ctx.db)).toBe(false);
  });

  it('commits with the secondary indexes of the loaded tables listed to build, and finishLoad builds them', async () => {
    const missing = indexesBefore.filter((d) => !indexesAfterCommit.includes(d));
    // Nothing but the list's own key is new.
    expect(indexesAfterCommit.filter((d) => !indexesBefore.includes(d))).toEqual([
      'CREATE UNIQUE INDEX scale_pending_indexes_pkey ON public.scale_pending_indexes USING btree (definition)',
    ]);
    expect([...pendingAfterCommit].sort()).toEqual([...missing].sort());
    // Each searched list's trigram index and the others of the loaded tables, e.g. a lahan's by owner; no
    // unique index (keys are built before the commit).
    for (const table of ['users', 'lahan', 'contracts', 'locations']) {
      expect(
        missing.filter((d) =>
          d.startsWith(`CREATE INDEX ${table}_search_trgm ON public.${table} USING gin `),
        ),
        table,
      ).toHaveLength(1);
    }
    expect(
      missing.filter((d) => d.startsWith('CREATE INDEX lahan_petani_idx ON public.lahan ')),
    ).toHaveLength(1);
    expect(missing.filter((d) => d.startsWith('CREATE UNIQUE'))).toEqual([]);
  });

  it('finishes the indexes of a run that stopped after its commit, one built and one not', async () => {
    const [built, missing] = ['users_search_trgm', 'lahan_search_trgm'].map((name) =>
      before.find((r) => r.item.startsWith(`index ${name}:`))!.item.replace(/^index \S+: /, ''),
    );
    await ctx.db.execute(sql`drop index lahan_search_trgm`);
    await ctx.db.execute(
      sql`create table scale_pending_indexes (definition text primary key, table_name text, position int not null default 0)`,
    );
    await ctx.db.execute(
      sql`insert into scale_pending_indexes values (${built}, 'users'), (${missing}, 'lahan')`,
    );
    expect(await pendingIndexes(ctx.db)).toBe(true);
    expect(await finishLoad([ctx.db])).toBe(2);
    expect(await schemaShape()).toEqual(before);
    expect(await pendingIndexes(ctx.db)).toBe(false);
  });

  it('puts back the foreign keys and triggers of a stage that never committed, in their order', async () => {
    const foreignKey = before
      .map((r) => /^constraint (lahan_\S+): (FOREIGN KEY .*)$/.exec(r.item))
      .find((m) => m)!;
    await ctx.db.execute(sql.raw(`alter table lahan drop constraint ${foreignKey[1]}`));
    await ctx.db.execute(sql`alter table lahan disable trigger search_text_of_row`);
    await ctx.db.execute(
      sql`create table scale_pending_indexes (definition text primary key, table_name text, position int not null default 0)`,
    );
    const restores = [
      `ALTER TABLE "lahan" ADD CONSTRAINT "${foreignKey[1]}" ${foreignKey[2]}`,
      'ALTER TABLE "lahan" ENABLE TRIGGER "search_text_of_row"',
    ];
    await ctx.db.execute(
      sql`insert into scale_pending_indexes values (${restores[1]}, 'lahan', 2), (${restores[0]}, 'lahan', 1)`,
    );
    const heard: string[] = [];
    expect(await finishLoad([ctx.db], (line) => heard.push(line))).toBe(0);
    expect(heard.filter((line) => line.endsWith('(put back)'))).toEqual([
      `ALTER TABLE "lahan" ADD CONSTRAINT "${foreignKey[1]}" (put back)`,
      'ALTER TABLE "lahan" ENABLE TRIGGER "search_text_of_row" (put back)',
    ]);
    expect(await schemaShape()).toEqual(before);
    expect(await pendingIndexes(ctx.db)).toBe(false);
  });

  it('gives every row the search_text its trigger makes', async () => {
    for (const [table, column] of TOUCH) {
      const loaded = await rowsOf<{ id: number; search_text: string }>(
        sql.raw(`select id, search_text from ${table} order by id`),
      );
      expect(
        loaded.filter((r) => r.search_text === '').map((r) => r.id),
        table,
      ).toEqual([]);
      // Setting a watched column to itself fires the row trigger: it must write what is already there.
      const recomputed = await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`update ${table} set ${column} = ${column}`));
          const rows = (await tx.execute(
            sql.raw(`select id, search_text from ${table} order by id`),
          )) as unknown;
          throw Object.assign(new RolledBack(), { rows: (rows as { rows: unknown[] }).rows });
        })
        .catch((err: unknown) => {
          if (!(err instanceof RolledBack)) throw err;
          return (err as RolledBack & { rows: unknown[] }).rows;
        });
      expect(recomputed, table).toEqual(loaded);
    }
  });

  it('gives every petani and mitra a NIK the rule accepts, issued where their address is', async () => {
    // The load's people, not the demo's (some of whose NIKs come from elsewhere on purpose).
    const people = await rowsOf<{ nik: string; alamat: string }>(sql`
      select p.nik, p.alamat from (select user_id, nik, alamat from petani_profiles
        union all select user_id, nik, alamat from mitra_profiles) p join users u on u.id = p.user_id
      where u.email not like '%@petani.tanimitra.id' and u.email not like '%@mitra.tanimitra.id'
        and u.email not in ('petani@tanimitra.id', 'mitra@tanimitra.id')`);
    expect(people.length).toBeGreaterThan(COUNTS.users / 2);
    const infos = await Promise.all(people.map((p) => nikInfo(ctx.db, p.nik, p.alamat)));
    expect(infos.filter((info) => info?.problem !== null || info.matches_address !== true)).toEqual([]);
  });

  it("gives every lahan its owner's verification, as its trigger would", async () => {
    const [row] = await rowsOf<Record<string, number>>(sql`
      select count(*) filter (where l.petani_verified <> u.status_verifikasi)::int as stale,
             count(distinct l.petani_verified)::int as kinds
      from lahan l join users u on u.id = l.petani_id`);
    expect(row).toEqual({ stale: 0, kinds: 2 });
  });

  it("gives every location its area's names and province, as its trigger would", async () => {
    const [row] = await rowsOf<Record<string, number>>(sql`
      select count(*)::int as locations,
             count(*) filter (where (l.sub_district_name, l.district_name, l.province_name, l.province_id)
               is distinct from (s.sub_district_name, d.district_name, p.province_name, p.id))::int as stale
      from locations l join sub_districts s on s.id = l.sub_district_id join districts d on d.id = s.district_id
      join provinces p on p.id = d.province_id`);
    expect(row).toEqual({ locations: COUNTS.locations, stale: 0 });
  });

  it("gives every lahan its location's province, as its trigger would", async () => {
    const [row] = await rowsOf<Record<string, number>>(sql`
      select count(*) filter (where l.province_id is distinct from d.province_id)::int as stale,
             count(distinct l.province_id)::int as provinces
      from lahan l left join locations o on o.id = l.location_id
      left join sub_districts s on s.id = o.sub_district_id left join districts d on d.id = s.district_id`);
    expect(row!.stale).toBe(0);
    expect(row!.provinces).toBeGreaterThan(1);
  });

  it('gives every contract the history the lifecycle allows, lahan statuses to match', async () => {
    expect(await contractProblems(ctx.db)).toEqual([]);
    const [told] = await rowsOf<Record<string, number>>(sql`
      select (select count(*)::int from contracts c where not exists
                (select 1 from contract_events e where e.contract_id = c.id and e.action = 'offer')) as unoffered,
             (select count(distinct status)::int from contracts) as statuses`);
    expect(told).toEqual({ unoffered: 0, statuses: 7 });
  });

  it('gives the contracts money the settlement keeps: graded deliveries, advances, payments in every state', async () => {
    expect(await settlementProblems(ctx.db)).toEqual([]);
    const [money] = await rowsOf<Record<string, unknown>>(sql`
      select array(select distinct status from contract_deliveries order by 1) as delivery_statuses,
        array(select distinct grade from contract_deliveries order by 1) as grades,
        (select count(*)::int from contract_deliveries where rejected_quantity > 0) as rejected,
        (select count(*)::int from contract_advances where confirmed_at is null) as advances_unconfirmed,
        (select count(*)::int from contract_advances where confirmed_at is not null) as advances_confirmed,
        (select count(*)::int from contract_payments where confirmed_at is null) as payments_pending,
        (select count(*)::int from contract_payments where confirmed_at is not null) as payments_confirmed,
        (select count(*)::int from contract_deliveries where paid_on is not null) as covered,
        (select count(*)::int from contracts where settled_outstanding > 0 and payment_due_date < current_date) as overdue,
        (select count(*)::int from contracts where settled_outstanding > 0 and settled_paid > 0) as partial,
        (select count(*)::int from contracts where settled_gross > 0 and settled_outstanding = 0) as paid`);
    // The demo's contracts are there too (one disputed delivery among them).
    expect(money).toMatchObject({
      delivery_statuses: expect.arrayContaining(['confirmed', 'recorded']),
      grades: ['A', 'B', 'C'],
    });
    for (const [key, value] of Object.entries(money!))
      if (typeof value === 'number') expect(value, key).toBeGreaterThan(0);
  });

  it("freezes each terms version's document exactly as the server builds it", async () => {
    const versions = await rowsOf<Record<string, any>>(sql`
      select contract_id, version, price::float8 as price, prices, payment_days, quantity::float8 as quantity, unit,
        start_date::text, end_date::text, delivery_terms, document, document_sha256
      from contract_terms order by contract_id, version`);
    expect(versions.length).toBeGreaterThan(COUNTS.contracts);
    await ctx.db.transaction(async (tx) => {
      for (const v of versions) {
        const built = versionDocument(await currentDocument(tx, v.contract_id), v as never);
        expect(
          { document: v.document, sha256: v.document_sha256 },
          `contract ${v.contract_id} v${v.version}`,
        ).toEqual({
          document: built.document,
          sha256: built.sha256,
        });
      }
    });
  });

  it('leaves list_counts equal to count(*) per key', async () => {
    for (const [entity, table, k1, k2, amount] of COUNTED) {
      const counted = await rowsOf(
        sql.raw(`select k1, k2, sum(n)::int as n, sum(amount)::numeric::text as amount from list_counts
                 where entity = '${entity}' group by k1, k2 having sum(n) <> 0 order by k1, k2`),
      );
      const actual = await rowsOf(
        sql.raw(`select ${k1} as k1, ${k2} as k2, count(*)::int as n, coalesce(sum(${amount}), 0)::numeric::text as amount
                 from ${table} group by 1, 2 order by 1, 2`),
      );
      expect(counted, entity).toEqual(actual);
    }
  });
});
