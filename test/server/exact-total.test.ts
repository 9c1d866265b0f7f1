import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, DOWNLOAD_PLATFORMS, LAHAN_STATUSES, ROLES } from '../../src/shared/constants.js';
import { call, demoTokens, useTestApp, type Json } from './support/app.js';
import { queryRows } from '../../src/server/db/engine/client.js';

/*
 * The totals of every list come from trigger-kept counters when the list is unfiltered or filtered by its
 * enums (migration 0006_list_counts). Rows are inserted, updated and deleted at the same time — in bulk and
 * one by one, directly and through the API, committed and rolled back — and then every list's
 * `pagination.total`, unfiltered and per enum value, must equal count(*) of its rows.
 */

const ctx = useTestApp();
let admin: string;
let mitra: string;

beforeAll(async () => ({ admin, mitra } = await demoTokens(ctx)));

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.db, query);

const countOf = async (query: SQL) =>
  (await rowsOf<{ n: number }>(sql`select count(*)::int as n from (${query}) q`))[0]!.n;

class RolledBack extends Error {}

/** Runs `writes` in a transaction that is then rolled back: none of it may show in a total. */
const rolledBack = (writes: SQL[]) =>
  ctx.db
    .transaction(async (tx) => {
      for (const write of writes) await tx.execute(write);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });

const api = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await call(ctx, { method, url: `/api/v1${url}`, token: admin, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json.data as Json;
};

/*
 * A verification change of petani with id % 4 = round (0…2) also updates their lahan (petani_verified,
 * migration 0013_lahan_petani_verified), and a lahan insert reads its owner's row FOR SHARE, which waits for
 * and blocks that change. So the other lahan writes of a round keep to petani with id % 4 = 3, so that no two
 * statements lock the same rows in different orders (a deadlock: a multi-row insert that had locked a toggled
 * petani late in the toggle's order, then waited for one it had toggled early); among those lahan, a round's
 * status changes keep to id % 5 = round and the deletes to id % 5 = 3.
 */
const UNTOGGLED_PETANI = sql`role = 'petani' and id % 4 = 3`;
const UNTOGGLED = sql`petani_id % 4 = 3`;

/** One round of concurrent writes to every listed table. */
async function churn(round: number) {
  const tag = `churn${round}`;
  await Promise.all([
    // Bulk inserts (one statement, many rows of several keys), committed.
    ctx.db.execute(sql`
      insert into users (role, email, password_hash, full_name, status_verifikasi)
      select (array['petani', 'mitra', 'admin'])[1 + g % 3]::role, ${tag} || '-' || g || '@contoh.id', 'x',
             'Akun ' || g, g % 2 = 0
      from generate_series(1, 12) g`),
    ctx.db.execute(sql`
      insert into lahan (petani_id, nama_lahan, luas_lahan, status)
      select (select min(id) from users where ${UNTOGGLED_PETANI}), ${tag} || ' lahan ' || g, g * 1.25,
             (enum_range(null::lahan_status))[1 + g % 7]
      from generate_series(1, 15) g`),
    ctx.db.execute(sql`
      insert into contracts (title, commodity, quantity, price, prices, start_date, end_date, status)
      select ${tag} || ' kontrak ' || g, 'Padi', 10, 5000, '[{"grade":"A","price":5000}]', '2026-01-01', '2026-06-01',
             (enum_range(null::contract_status))[1 + g % 7]
      from generate_series(1, 9) g`),
    ctx.db.execute(sql`
      insert into downloads (name, platform, version, size, release_date, description, download_url, is_active)
      select ${tag} || ' app ' || g, (enum_range(null::download_platform))[1 + g % 6], '1.' || g, '10 MB',
             '2026-01-01', 'App', 'https://example.com/app', g % 3 <> 0
      from generate_series(1, 6) g`),
    ctx.db.execute(sql`
      insert into locations (location_name, sub_district_id)
      select ${tag} || ' desa ' || g, (select min(id) from sub_districts) from generate_series(1, 4) g`),
    // Enum changes and deletes, committed.
    ctx.db.execute(sql`
      update lahan set status = (enum_range(null::lahan_status))[1 + (id + ${round}) % 7]
      where id % 5 = ${round} and ${UNTOGGLED}`),
    ctx.db.execute(
      sql`update users set status_verifikasi = not status_verifikasi where role = 'petani' and id % 4 = ${round}`,
    ),
    ctx.db.execute(sql`update contracts set status = 'cancelled' where id % 6 = ${round}`),
    ctx.db.execute(sql`delete from contracts where id in (select id from contracts order by id limit 2)`),
    ctx.db.execute(
      sql`delete from lahan where id in (select id from lahan where id % 5 = 3 and ${UNTOGGLED} order by id desc limit 3)`,
    ),
    // Rolled back: inserts, enum changes and deletes that must leave every total as it was (on rows no
    // concurrent statement of this round writes, so that none waits for another in a cycle).
    rolledBack([
      sql`insert into users (role, email, password_hash, full_name) values ('petani', ${`${tag}-gone@contoh.id`}, 'x', 'Batal')`,
      sql`insert into lahan (petani_id, nama_lahan, luas_lahan)
          select id, 'Batal', 1 from users where ${UNTOGGLED_PETANI} limit 5`,
      sql`update lahan set status = 'rejected' where nama_lahan = 'Batal' or (id % 5 = 4 and id < 100 and ${UNTOGGLED})`,
      sql`delete from contracts where id % 6 = 5 and id > 10`,
      sql`update downloads set is_active = not is_active`,
      sql`delete from locations where id not in (select location_id from lahan where location_id is not null)`,
    ]),
    // Through the API (each admin write also appends an audit row).
    api('POST', '/admin/petani', {
      full_name: `Petani ${tag}`,
      email: `${tag}-api@contoh.id`,
      password: 'Rahasia123',
    }).then((person) => (round % 2 ? api('DELETE', `/admin/petani/${person.id}`) : undefined)),
    api('POST', '/admin/category', { type_name: `Kategori ${tag}`, description: 'Uji' }).then((category) =>
      round % 2 ? undefined : api('DELETE', `/admin/category/${category.id}`),
    ),
    api('POST', '/admin/contract-category', { type_name: `Jenis ${tag}`, description: 'Uji' }),
  ]);
  // Rows that bulk inserts made, deleted in bulk (cascading to their lahan).
  await ctx.db.execute(sql`delete from users where email like ${`${tag}-%`} and id % 2 = 0`);
}

/** Each list and enum filter, with the rows it must count. */
const lists = (): [string, string, SQL][] => [
  ['admin', '/admin/users', sql`select 1 from users`],
  ...ROLES.map((role): [string, string, SQL] => [
    'admin',
    `/admin/users?role=${role}`,
    sql`select 1 from users where role = ${role}`,
  ]),
  ...[true, false].flatMap((verified): [string, string, SQL][] => [
    [
      'admin',
      `/admin/users?status_verifikasi=${verified}`,
      sql`select 1 from users where status_verifikasi = ${verified}`,
    ],
    [
      'admin',
      `/admin/users?role=mitra&status_verifikasi=${verified}`,
      sql`select 1 from users where role = 'mitra' and status_verifikasi = ${verified}`,
    ],
    [
      'admin',
      `/admin/petani?status_verifikasi=${verified}`,
      sql`select 1 from users where role = 'petani' and status_verifikasi = ${verified}`,
    ],
  ]),
  // Account searches, counted from the accounts' words (migration 0014_search_words).
  ...[
    ['/admin/users?q=akun', sql`true`],
    ['/admin/users?q=batal', sql`true`],
    ['/admin/petani?q=akun 1', sql`role = 'petani'`],
    ['/admin/users?role=mitra&q=churn1', sql`role = 'mitra'`],
  ].map(([url, role]): [string, string, SQL] => {
    const words = (url as string).split('q=')[1]!.split(' ');
    const fields = sql`lower(full_name || ' ' || email || ' ' || coalesce(username, ''))`;
    const each = words.map((word) => sql`${fields} like ${`%${word}%`}`);
    return ['admin', url as string, sql`select 1 from users where ${role} and ${sql.join(each, sql` and `)}`];
  }),
  // Short words, signs and dots: a LIKE on search_text, as for any other word.
  ['admin', '/admin/users?q=a', sql`select 1 from users where search_text like '%a%'`],
  ['admin', '/admin/users?q=%2B62', sql`select 1 from users where search_text like '%+62%'`],
  ['admin', '/admin/mitra?q=akU', sql`select 1 from users where role = 'mitra' and search_text like '%aku%'`],
  ['admin', '/lahan?q=han', sql`select 1 from lahan where search_text like '%han%'`],
  ['admin', '/lahan?q=jL.', sql`select 1 from lahan where search_text like '%jl.%'`],
  ['admin', '/contract?q=pA', sql`select 1 from contracts where search_text like '%pa%'`],
  [
    'admin',
    '/contract?status=cancelled&q=i',
    sql`select 1 from contracts where status = 'cancelled' and search_text like '%i%'`,
  ],
  ['admin', '/admin/petani?q=08', sql`select 1 from users where role = 'petani' and search_text like '%08%'`],
  ['admin', '/lahan?q=a', sql`select 1 from lahan where search_text like '%a%'`],
  [
    'admin',
    '/lahan?status=pending&q=an',
    sql`select 1 from lahan where status = 'pending' and search_text like '%an%'`,
  ],
  ['mitra', '/lahan?q=e', sql`select 1 from lahan where status = 'active' and search_text like '%e%'`],
  ['admin', '/admin', sql`select 1 from users where role = 'admin'`],
  ['admin', '/admin/petani', sql`select 1 from users where role = 'petani'`],
  ['admin', '/admin/mitra', sql`select 1 from users where role = 'mitra'`],
  ['admin', '/lahan', sql`select 1 from lahan`],
  ...LAHAN_STATUSES.map((status): [string, string, SQL] => [
    'admin',
    `/lahan?status=${status}`,
    sql`select 1 from lahan where status = ${status}`,
  ]),
  // The owner's verification, counted through the owner (what lahan.petani_verified must agree with).
  ...[true, false].flatMap((verified): [string, string, SQL][] => [
    [
      'admin',
      `/lahan?petani_verified=${verified}`,
      sql`select 1 from lahan l join users u on u.id = l.petani_id where u.status_verifikasi = ${verified}`,
    ],
    ...LAHAN_STATUSES.map((status): [string, string, SQL] => [
      'admin',
      `/lahan?status=${status}&petani_verified=${verified}`,
      sql`select 1 from lahan l join users u on u.id = l.petani_id
          where l.status = ${status} and u.status_verifikasi = ${verified}`,
    ]),
    [
      'mitra',
      `/lahan?petani_verified=${verified}`,
      sql`select 1 from lahan l join users u on u.id = l.petani_id
          where l.status = 'active' and u.status_verifikasi = ${verified}`,
    ],
  ]),
  // Area ranges, counted from the area bins (migration 0016_lahan_area_counts): bounds on a bin's edge (2, 4 m²),
  // inside one bin, across bins, open on either side; with the status, the owner's verification, for a mitra.
  ...[
    'luas_min=2',
    'luas_max=4',
    'luas_min=2&luas_max=15',
    'luas_min=10&luas_max=10.5',
    'luas_min=1000',
  ].flatMap((range): [string, string, SQL][] => {
    const bounds = new URLSearchParams(range);
    const min = Number(bounds.get('luas_min') ?? '-Infinity');
    const max = Number(bounds.get('luas_max') ?? 'Infinity');
    const within = sql`l.luas_lahan >= ${min} and l.luas_lahan <= ${max}`;
    const owner = sql`join users u on u.id = l.petani_id`;
    return [
      ['admin', `/lahan?${range}`, sql`select 1 from lahan l where ${within}`],
      [
        'admin',
        `/lahan?${range}&status=active`,
        sql`select 1 from lahan l where ${within} and l.status = 'active'`,
      ],
      [
        'admin',
        `/lahan?${range}&petani_verified=false`,
        sql`select 1 from lahan l ${owner} where ${within} and not u.status_verifikasi`,
      ],
      [
        'mitra',
        `/lahan?${range}&petani_verified=true`,
        sql`select 1 from lahan l ${owner} where ${within} and l.status = 'active' and u.status_verifikasi`,
      ],
    ];
  }),
  ['mitra', '/lahan', sql`select 1 from lahan where status = 'active'`],
  ['mitra', '/lahan?status=pending', sql`select 1 from lahan where false`],
  ['admin', '/contract', sql`select 1 from contracts`],
  ...CONTRACT_STATUSES.map((status): [string, string, SQL] => [
    'admin',
    `/contract?status=${status}`,
    sql`select 1 from contracts where status = ${status}`,
  ]),
  ['admin', '/admin/downloads', sql`select 1 from downloads`],
  ...DOWNLOAD_PLATFORMS.map((platform): [string, string, SQL] => [
    'admin',
    `/admin/downloads?platform=${platform}&isActive=true`,
    sql`select 1 from downloads where platform = ${platform} and is_active`,
  ]),
  ['admin', '/admin/downloads?isActive=false', sql`select 1 from downloads where not is_active`],
  ['public', '/downloads', sql`select 1 from downloads where is_active`],
  ['admin', '/admin/location', sql`select 1 from locations`],
  ['admin', '/admin/category', sql`select 1 from land_categories`],
  ['admin', '/admin/contract-category', sql`select 1 from contract_categories`],
  ['admin', '/admin/audit', sql`select 1 from audit_log`],
];

async function expectTotalsExact() {
  for (const [who, url, rows] of lists()) {
    const token = who === 'admin' ? admin : who === 'mitra' ? mitra : undefined;
    const res = await call(ctx, { url: `/api/v1${url}${url.includes('?') ? '&' : '?'}limit=1`, token });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.json.pagination.total, `${who} ${url}`).toBe(await countOf(rows));
  }
}

describe('pagination.total', () => {
  it('equals count(*) for every list and enum filter after concurrent, partly rolled-back writes', async () => {
    await expectTotalsExact();
    await Promise.all([0, 1, 2].map((round) => churn(round)));
    await expectTotalsExact();
  });

  it('keeps the owner-verification totals exact through verification changes, owner moves and deletes', async () => {
    // Petani with at least two lahan, each used by one write below, so that no write waits for another.
    const owners = await rowsOf<{ id: number; verified: boolean }>(sql`
      select u.id, u.status_verifikasi as verified from users u
      where u.role = 'petani' and (select count(*) from lahan l where l.petani_id = u.id) >= 2 order by u.id`);
    const [v1, v2, v3, v4] = owners.filter((o) => o.verified).map((o) => o.id);
    const [u1, u2, u3, u4] = owners.filter((o) => !o.verified).map((o) => o.id);
    expect([v4, u4]).not.toContain(undefined);
    const oneOf = (owner: number | undefined, pick: 'min' | 'max') =>
      sql.raw(`(select ${pick}(id) from lahan where petani_id = ${owner})`);
    await expectTotalsExact();
    await Promise.all([
      // Committed: a petani verified, another unverified, lahan moved to an owner of the other verification,
      // a lahan deleted, and in one transaction a move to a petani who is then verified.
      ctx.db.execute(sql`update users set status_verifikasi = true where id = ${u1}`),
      ctx.db.execute(sql`update users set status_verifikasi = false where id = ${v1}`),
      ctx.db.execute(sql`update lahan set petani_id = ${u2} where petani_id = ${v2}`),
      ctx.db.execute(sql`delete from lahan where id = ${oneOf(u3, 'min')}`),
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`update lahan set petani_id = ${u4} where id = ${oneOf(v4, 'min')}`);
        await tx.execute(sql`update users set status_verifikasi = true where id = ${u4}`);
      }),
      // Rolled back: the same kinds of write, none of which may show.
      rolledBack([
        sql`update users set status_verifikasi = not status_verifikasi where id = ${v3}`,
        sql`update lahan set petani_id = ${v3} where id = ${oneOf(u3, 'max')}`,
        sql`delete from lahan where id = ${oneOf(v4, 'max')}`,
      ]),
    ]);
    await expectTotalsExact();
    const [stale] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from lahan l join users u on u.id = l.petani_id
      where l.petani_verified <> u.status_verifikasi`);
    expect(stale!.n).toBe(0);
  });

  it('reads the last page from the other end in the same order as the first pages', async () => {
    const total = await countOf(sql`select 1 from users where role = 'petani'`);
    const limit = 2; // past the first ten pages, past the middle: read from the other end
    const pages = Math.ceil(total / limit);
    const ids: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await call(ctx, {
        url: `/api/v1/admin/petani?sort=full_name&order=asc&limit=${limit}&page=${page}`,
        token: admin,
      });
      ids.push(...res.json.data.map((row: Json) => row.id));
    }
    const rows = await rowsOf<{ id: number }>(
      sql`select id from users where role = 'petani' order by full_name, id`,
    );
    expect(ids).toEqual(rows.map((r) => r.id));
  });
});
