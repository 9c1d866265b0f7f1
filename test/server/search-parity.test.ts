import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contractCategories,
  contracts,
  downloads,
  lahan,
  landCategories,
  locations,
  users,
} from '../../src/server/db/schema.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { searchCondition } from '../../src/server/db/search/search.js';
import { centroidIn } from '../../src/server/modules/lahan/bbox.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { indexPlan } from './support/plans.js';

/*
 * Every list's `q` reads one trigger-kept search_text column (migration search_columns). Its answers must be
 * those of the rule the API documents, written here the old way: every word of q occurs, in any case, in one
 * of the list's fields, its owner's or parties' names included, with LIKE's wildcards taken literally. Words
 * are drawn from the rows themselves, and a source row changed through the API (or an area renamed) must show
 * in the dependent lists' search at once.
 */

const ctx = useTestApp();
let admin: string;

/** The rows of a raw query. */
const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

beforeAll(async () => {
  ({ admin } = await demoTokens(ctx));
  // Rows that test the edges: LIKE wildcards and a backslash in a name, mixed case.
  await ctx.db.execute(sql`
    insert into lahan (petani_id, nama_lahan, luas_lahan, address_lahan)
    select id, 'Kebun 100%_Hijau\\Raya', 1.5, 'Jl. GARUDA_9' from users where role = 'petani' order by id limit 1`);
});

interface Searched {
  list: string;
  /** The list's rows, `fields` being the texts its q searches, as the API documented and the old code did. */
  rows: SQL;
}

const people = (where: SQL, extra: SQL = sql``): Searched['rows'] => sql`
  select u.id, array[u.full_name, u.email, u.username, u.phone, replace(u.phone, '+62', '0') ${extra}] as fields
  from users u left join petani_profiles p on p.user_id = u.id left join mitra_profiles m on m.user_id = u.id
  where ${where}`;

const LISTS: Searched[] = [
  { list: '/admin/petani', rows: people(sql`u.role = 'petani'`, sql`, p.nik`) },
  { list: '/admin/mitra', rows: people(sql`u.role = 'mitra'`, sql`, m.nik, m.company_name`) },
  { list: '/admin/users', rows: people(sql`true`, sql`, p.nik, m.nik, m.company_name`) },
  { list: '/admin', rows: people(sql`u.role = 'admin'`) },
  {
    list: '/lahan',
    rows: sql`
      select l.id, array[l.nama_lahan, l.address_lahan, u.full_name, p.fullname_petani, loc.location_name] as fields
      from lahan l join users u on u.id = l.petani_id left join petani_profiles p on p.user_id = l.petani_id
      left join locations loc on loc.id = l.location_id`,
  },
  {
    list: '/contract',
    rows: sql`
      select c.id, array[c.title, c.description, c.commodity, pu.full_name, pp.fullname_petani, mu.full_name,
                         mp.fullname_mitra] as fields
      from contracts c left join users pu on pu.id = c.petani_id left join petani_profiles pp on pp.user_id = c.petani_id
      left join users mu on mu.id = c.mitra_id left join mitra_profiles mp on mp.user_id = c.mitra_id`,
  },
  {
    list: '/admin/location',
    rows: sql`
      select l.id, array[l.location_name, pr.province_name] as fields
      from locations l join sub_districts s on s.id = l.sub_district_id join districts d on d.id = s.district_id
      join provinces pr on pr.id = d.province_id`,
  },
  { list: '/admin/category', rows: sql`select id, array[type_name] as fields from land_categories` },
  {
    list: '/admin/contract-category',
    rows: sql`select id, array[type_name] as fields from contract_categories`,
  },
  {
    list: '/admin/downloads',
    rows: sql`select id, array[name, version, description] as fields from downloads`,
  },
];

/** A small deterministic PRNG (mulberry32), so that a failure names a query that fails again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = { id: number; fields: (string | null)[] };

/** A piece of one word of a field of a random row, in a random case. */
function wordOf(rows: Row[], next: () => number): string {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const texts = pick(rows).fields.filter((f): f is string => Boolean(f));
  const words = pick(texts).split(/\s+/).filter(Boolean);
  const word = pick(words);
  const start = Math.floor(next() * word.length);
  const piece = word.slice(start, start + 1 + Math.floor(next() * 6));
  return next() < 0.5 ? piece.toUpperCase() : piece;
}

/** The old rule: every word in one of the fields, case-insensitively, wildcards literal. */
const matches = (row: Row, words: string[]) =>
  words.every((w) => row.fields.some((f) => f !== null && f.toLowerCase().includes(w.toLowerCase())));

async function search(list: string, q: string) {
  const res = await call(ctx, { url: `/api/v1${list}?limit=100&q=${encodeURIComponent(q)}`, token: admin });
  expect(res.statusCode, `${list}?q=${q}: ${res.body}`).toBe(200);
  return {
    total: res.json.pagination.total as number,
    ids: (res.json.data as Json[]).map((r) => r.id as number),
  };
}

/** Runs each step's writes in turn, checking after each step (named for `check`'s messages). */
async function checkedAfterEach(check: (when: string) => Promise<void>, steps: Record<string, SQL[]>) {
  for (const [when, writes] of Object.entries(steps)) {
    for (const write of writes) await ctx.db.execute(write);
    await check(when);
  }
}

/** What the old rule finds, computed in SQL with ILIKE on each field as the old search did. */
async function reference(rows: SQL, words: string[]) {
  const escaped = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const conditions = escaped.map((p) => sql`exists (select from unnest(r.fields) f where f ilike ${p})`);
  const found = await rowsOf<{ id: number }>(
    sql`select r.id from (${rows}) r where ${sql.join(conditions, sql` and `)} order by r.id`,
  );
  return found.map((r) => r.id);
}

describe('search finds what the documented rule finds', () => {
  it.each(LISTS)('$list: words drawn from its rows, in any case', async ({ list, rows }) => {
    const all = await rowsOf<Row>(rows);
    expect(all.length).toBeGreaterThan(0);
    const next = random(list.length * 7919);
    for (let i = 0; i < 12; i++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 2) }, () => wordOf(all, next));
      const q = words.join(' ');
      const expected = await reference(rows, words);
      expect(expected, `the SQL reference and the rule agree on ${q}`).toEqual(
        all
          .filter((r) => matches(r, words))
          .map((r) => r.id)
          .sort((a, b) => a - b),
      );
      const found = await search(list, q);
      expect(found.total, `${list}?q=${q}`).toBe(expected.length);
      if (expected.length <= 100)
        expect(
          found.ids.sort((a, b) => a - b),
          `${list}?q=${q}`,
        ).toEqual(expected);
    }
  });

  it('takes %, _ and \\ literally and searches phones as +62… and as 08…', async () => {
    expect((await search('/lahan', '100%_hijau\\raya')).total).toBe(1);
    expect((await search('/lahan', 'garuda_9 100%')).total).toBe(1);
    expect((await search('/lahan', '100%_hijau\\rayaX')).total).toBe(0);
    expect((await search('/lahan', '0%h')).total).toBe(0);
    const rows = await rowsOf<{ id: number; phone: string }>(
      sql`select id, phone from users where role = 'petani' and phone like '+62%' order by id limit 1`,
    );
    const { id, phone } = rows[0]!;
    for (const q of [phone, phone.replace('+62', '0')])
      expect((await search('/admin/petani', q)).ids).toContain(id);
  });
});

describe('a changed source row shows in the dependent lists at once', () => {
  const put = async (url: string, payload: Json) => {
    const res = await call(ctx, { method: 'PUT', url: `/api/v1${url}`, token: admin, payload });
    expect(res.statusCode, `PUT ${url}: ${res.body}`).toBe(200);
  };
  const ids = async (query: SQL) =>
    (await rowsOf<{ id: number }>(query)).map((r) => r.id).sort((a, b) => a - b);
  /** The fields a PUT of a person must carry. */
  const account = async (id: number) =>
    (await rowsOf<Json>(sql`select full_name, email from users where id = ${id}`))[0]!;
  const found = async (list: string, q: string) => (await search(list, q)).ids.sort((a, b) => a - b);

  it('a petani renamed: their account, lahan and contracts', async () => {
    const [petani] = await ids(sql`
      select u.id from users u where role = 'petani'
        and exists (select from lahan where petani_id = u.id) and exists (select from contracts where petani_id = u.id)
      order by id limit 1`);
    const [before] = await rowsOf<{ full_name: string }>(
      sql`select full_name from users where id = ${petani}`,
    );
    await put(`/admin/petani/${petani}`, { ...(await account(petani!)), full_name: 'Zebulon Quixotik' });
    expect(await found('/admin/petani', 'zebulon')).toEqual([petani]);
    expect(await found('/lahan', 'QUIXOTIK')).toEqual(
      await ids(sql`select id from lahan where petani_id = ${petani}`),
    );
    expect(await found('/contract', 'zebulon quixotik')).toEqual(
      await ids(sql`select id from contracts where petani_id = ${petani}`),
    );
    const rows = await rowsOf<Row>(LISTS[4]!.rows);
    const old = before!.full_name.split(' ');
    expect(await found('/lahan', before!.full_name)).toEqual(
      rows
        .filter((r) => matches(r, old))
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
  });

  it("a mitra's company and NIK changed, a lahan moved to another owner", async () => {
    const [mitra] = await ids(sql`select id from users where role = 'mitra' order by id limit 1`);
    await put(`/admin/mitra/${mitra}`, {
      ...(await account(mitra!)),
      company_name: 'PT Wiraswasta Xylofon',
      nik: '3201990707997777',
    });
    expect(await found('/admin/mitra', 'xylofon')).toEqual([mitra]);
    expect(await found('/admin/users', '3201990707997777')).toEqual([mitra]);
    const [land] = await ids(sql`select id from lahan order by id limit 1`);
    const [owner] = await ids(sql`
      select petani_id as id from lahan where petani_id <> (select petani_id from lahan where id = ${land})
      order by id desc limit 1`);
    const owned = sql`select id from lahan where petani_id = ${owner}`;
    // The account's name alone (the profile keeps the old one): the lahan read it from users.
    await ctx.db.execute(sql`update users set full_name = 'Yohana Vektorwati' where id = ${owner}`);
    expect(await found('/lahan', 'vektorwati')).toEqual(await ids(owned));
    expect(await found('/contract', 'vektorwati')).toEqual(
      await ids(sql`select id from contracts where petani_id = ${owner}`),
    );
    await put(`/admin/lahan/${land}`, { petani_id: owner });
    expect(await found('/lahan', 'vektorwati')).toEqual(await ids(owned));
    expect(await found('/lahan', 'vektorwati')).toContain(land);
  });

  it('a location renamed: its lahan; a province renamed or a district moved: its locations', async () => {
    const [location] = await ids(sql`
      select location_id as id from lahan where location_id is not null order by id limit 1`);
    const rows = await rowsOf<{ sub_district_id: number }>(
      sql`select sub_district_id from locations where id = ${location}`,
    );
    await put(`/admin/location/${location}`, {
      location_name: 'Desa Wolframmia',
      sub_district_id: rows[0]!.sub_district_id,
    });
    expect(await found('/lahan', 'wolfram')).toEqual(
      await ids(sql`select id from lahan where location_id = ${location}`),
    );

    const [province] = await ids(sql`
      select d.province_id as id from locations l join sub_districts s on s.id = l.sub_district_id
      join districts d on d.id = s.district_id where l.id = ${location}`);
    const inProvince = (p: number) => sql`
      select l.id from locations l join sub_districts s on s.id = l.sub_district_id
      join districts d on d.id = s.district_id where d.province_id = ${p}`;
    await ctx.db.execute(
      sql`update provinces set province_name = 'Kepulauan Quarsitia' where id = ${province}`,
    );
    expect(await found('/admin/location', 'quarsitia')).toEqual(await ids(inProvince(province!)));

    const [other] = await ids(sql`select id from provinces where id <> ${province} order by id limit 1`);
    await ctx.db.execute(sql`update provinces set province_name = 'Nusa Jadeitia' where id = ${other}`);
    await ctx.db.execute(sql`
      update districts set province_id = ${other}
      where id = (select s.district_id from locations l join sub_districts s on s.id = l.sub_district_id
                  where l.id = ${location})`);
    expect(await found('/admin/location', 'jadeitia')).toEqual(await ids(inProvince(other!)));
    expect(await found('/admin/location', 'jadeitia')).toContain(location);
    expect(await found('/admin/location', 'quarsitia')).toEqual(await ids(inProvince(province!)));
  });
});

describe("an account search's total follows every write of an account", () => {
  const ACCOUNT_LISTS = LISTS.filter(({ list }) => list.startsWith('/admin'));
  // A prefix of many words, a word in both name and e-mail, two words, a word no account has, words with
  // characters between words, and one to three characters (no trigram to find them by).
  const QUERIES = [
    ...['bu', 'kartikasari', 'kartika SARI', 'sari 08', 'zzqx', 'kartikasari@contoh', '+628'],
    ...['K', '+6', '08', 'é', '+62', 'ARI', 'i@c', 'zzq'],
  ];

  async function expectTotals(when: string) {
    for (const { list, rows } of ACCOUNT_LISTS)
      for (const q of QUERIES) {
        const words = q.split(' ');
        expect((await search(list, q)).total, `${when}: ${list}?q=${q}`).toBe(
          (await reference(rows, words)).length,
        );
      }
  }

  it('follows every write of an account: created, renamed, changed role, deleted', async () => {
    const [petani] = (await rowsOf<{ id: number }>(
      sql`insert into users (role, email, password_hash, full_name, phone)
          values ('petani', 'kartikasari@contoh.id', 'x', 'Kartikasari Kartikasari', '+6281234000111')
          returning id`,
    ))!;
    await expectTotals('created');
    await ctx.db.execute(sql`update users set full_name = 'Sari Budiarti' where id = ${petani!.id}`);
    await expectTotals('renamed');
    await ctx.db.execute(sql`update users set role = 'mitra' where id = ${petani!.id}`);
    await expectTotals('made a mitra');
    await ctx.db.execute(sql`delete from users where id = ${petani!.id}`);
    await expectTotals('deleted');
  });
});

describe("an account search's pages, with more matches than the total counts (COUNT_CAP) and with fewer", () => {
  // 1,050 petani share a word (more matches than a capped total counts); every seventh has a second word too
  // (fewer). Three at a time share created_at, so that the id breaks the ties.
  beforeAll(async () => {
    await ctx.db.execute(sql`
      insert into users (role, email, password_hash, full_name, phone, created_at)
      select 'petani', 'ratih' || g || '@contoh.id', 'x', 'Ratihsekar ' || (array['Wulan', 'Kencana'])[g % 7 / 6 + 1],
        '+62899' || lpad(g::text, 7, '0'), timestamptz '2024-03-01' + (g / 3) * interval '1 hour'
      from generate_series(1, 1050) g`);
  });

  /** The ids of `list`'s page as the documented rule and order find them. */
  async function expectedPage(list: string, q: string, sort: SQL, page: number) {
    const { rows } = LISTS.find((l) => l.list === list)!;
    const patterns = q.split(' ').map((w) => `%${w}%`);
    const conditions = patterns.map((p) => sql`exists (select from unnest(r.fields) f where f ilike ${p})`);
    const found = await rowsOf<{ id: number }>(sql`
      select u.id from (${rows}) r join users u on u.id = r.id where ${sql.join(conditions, sql` and `)}
      order by ${sort} limit 10 offset ${(page - 1) * 10}`);
    return found.map((r) => r.id);
  }

  it.each([
    { q: 'ratihsekar', many: true },
    { q: 'RATIHSEKAR kencana', many: false },
  ])('$q', async ({ q, many }) => {
    const sorts = [
      { params: '', order: sql`u.created_at desc, u.id desc` },
      { params: '&sort=full_name&order=asc', order: sql`u.full_name asc, u.id asc` },
    ];
    for (const list of ['/admin/petani', '/admin/users'])
      for (const { params, order } of sorts)
        for (const page of [1, 2, 10]) {
          const url = `/api/v1${list}?q=${encodeURIComponent(q)}&page=${page}&limit=10${params}`;
          const res = await call(ctx, { url, token: admin });
          expect(res.statusCode, url).toBe(200);
          expect(res.json.pagination.totalExact, url).toBe(!many);
          expect(res.json.pagination.total, url).toBe(many ? 1000 : 150);
          expect(
            (res.json.data as Json[]).map((r) => r.id),
            url,
          ).toEqual(await expectedPage(list, q, order, page));
        }
  });
});

describe('a lahan search of one to three characters, its total through every write', () => {
  const LAHAN = LISTS.find(({ list }) => list === '/lahan')!.rows;
  const ACTIVE = sql`select * from (${LAHAN}) l where l.id in (select id from lahan where status = 'active')`;
  // Letters in either case, a letter and a dot, wildcards and a backslash, non-ASCII letters, none; of one, two
  // and three characters.
  const QUERIES = [
    'a',
    'K',
    'ar',
    'l.',
    '%',
    '_',
    '\\',
    'Ré',
    'é',
    'zq',
    '9',
    'keB',
    'jl.',
    '%_\\',
    'Zqé',
    'zqx',
  ];

  async function expectTotals(when: string) {
    for (const q of QUERIES) {
      expect((await search('/lahan', q)).total, `${when}: q=${q}`).toBe((await reference(LAHAN, [q])).length);
      const url = `/api/v1/lahan?status=active&limit=1&q=${encodeURIComponent(q)}`;
      const active = await call(ctx, { url, token: admin });
      expect(active.json.pagination.total, `${when}: status=active&q=${q}`).toBe(
        (await reference(ACTIVE, [q])).length,
      );
    }
  }

  it('follows every write of a lahan and of what it shows: created, renamed, status, owner renamed, deleted', async () => {
    const [owner] = await rowsOf<{ id: number; full_name: string }>(
      sql`select id, full_name from users where role = 'petani' order by id desc limit 1`,
    );
    const [created] = await rowsOf<{ id: number }>(sql`
      insert into lahan (petani_id, nama_lahan, luas_lahan, address_lahan, status)
      values (${owner!.id}, 'Kebun Zqé', 2.5, 'Jl. Rérata 9', 'pending') returning id`);
    const lahanRow = sql`where id = ${created!.id}`;
    await checkedAfterEach(expectTotals, {
      created: [],
      renamed: [sql`update lahan set nama_lahan = 'Sawah Qa' ${lahanRow}`],
      'made active': [sql`update lahan set status = 'active' ${lahanRow}`],
      'owner renamed': [sql`update users set full_name = 'Zq Rénata' where id = ${owner!.id}`],
      deleted: [
        sql`update users set full_name = ${owner!.full_name} where id = ${owner!.id}`,
        sql`delete from lahan ${lahanRow}`,
      ],
    });
  });
});

describe('a contract search of one short word, its total through every write', () => {
  const CONTRACTS = LISTS.find(({ list }) => list === '/contract')!.rows;
  const QUERIES = ['p', 'A', 'pa', 'é', '%', 'qé', 'a.', 'zq'];

  async function expectTotals(when: string) {
    for (const q of QUERIES)
      expect((await search('/contract', q)).total, `${when}: q=${q}`).toBe(
        (await reference(CONTRACTS, [q])).length,
      );
  }

  it('follows every write of a contract and of its parties: created, retitled, status, party renamed, deleted', async () => {
    const [party] = await rowsOf<{ id: number; full_name: string }>(
      sql`select id, full_name from users where role = 'mitra' order by id limit 1`,
    );
    const [created] = await rowsOf<{ id: number }>(sql`
      insert into contracts (title, commodity, quantity, price, prices, start_date, end_date, status, mitra_id)
      values ('Kontrak Qé', 'Padi', 10, 5000, '[{"grade":"A","price":5000}]', '2026-01-01', '2026-06-01', 'pending', ${party!.id}) returning id`);
    const contractRow = sql`where id = ${created!.id}`;
    await checkedAfterEach(expectTotals, {
      created: [],
      retitled: [sql`update contracts set title = 'Kontrak a.b' ${contractRow}`],
      cancelled: [sql`update contracts set status = 'cancelled' ${contractRow}`],
      'party renamed': [sql`update users set full_name = 'Zq Qéa' where id = ${party!.id}`],
      deleted: [
        sql`update users set full_name = ${party!.full_name} where id = ${party!.id}`,
        sql`delete from contracts ${contractRow}`,
      ],
    });
  });
});

describe('the search is served by one trigram index per list', () => {
  const TABLES = [users, lahan, contracts, locations, landCategories, contractCategories, downloads];
  it.each(TABLES.map((table) => ({ table, name: getTableName(table) })))('$name', async ({ table, name }) => {
    const plan = await indexPlan(
      ctx.db,
      ctx.db.select({ id: table.id }).from(table).where(searchCondition(table.search_text, 'budi ANTO')),
    );
    expect(plan).toMatch(new RegExp(`"Index Name":\\s*"${name}_search_trgm"`));
    expect(plan).not.toContain('Seq Scan');
  });

  it("reads a map's box and its words from one index (lahan_centroid_search_gist)", async () => {
    const plan = await indexPlan(
      ctx.db,
      ctx.db
        .select({ id: lahan.id })
        .from(lahan)
        .where(and(centroidIn([96, -11, 142, 6]), searchCondition(lahan.search_text, 'budi'))),
    );
    expect(plan).toMatch(/"Index Name":\s*"lahan_centroid_search_gist"/);
    expect(plan).not.toContain('lahan_search_trgm');
  });
});
