/**
 * List parity: every list call answered by two servers on the same database, compared as parsed JSON (field
 * names, numbers vs strings, null, dates, nesting, order). Prints each difference; exits 1 on any.
 *
 *   npx tsx scripts/list-parity.ts [--ref main] [--database-url postgres://…] [--data-dir DIR]
 *   npx tsx scripts/list-parity.ts --base http://127.0.0.1:3001 --base http://127.0.0.1:3002
 *
 * Without `--base`, it runs the server of git ref `--ref` (default main; its `src` unpacked with `git archive`)
 * and then the working tree's, one after the other (an embedded database is one process's at a time), each
 * with `node --import tsx src/server/main.ts` on `--database-url` (PostgreSQL; SEED=none unless set, so a
 * database `seed:scale` loaded such as scale_base is only read, besides sign-ins; SEED=demo loads the demo
 * data into an empty one) or else on the PGlite `--data-dir`
 * (default: a new temporary one, which the first server creates with the demo data). The first server must
 * leave the database as the second expects it: give a ref whose migrations the working tree also has.
 *
 * Signs in as the demo admin (src/server/config.ts DEMO_ADMIN), petani and mitra, and asks, per role that may
 * call it: every admin list of bench/lists.ts with each documented filter value, sort (desc and asc) and
 * search; the contracts a petani or mitra sees (/contract, /contract/user, /contract/petani|mitra,
 * /contract/lahan/{id}), their lahan, the category choices, the public downloads; each at page 1, 2, 10, 11
 * (the first read from its total), the middle ones, the one before the last, the last and the one past it;
 * then /admin/stats. `--writes` (the default on a new PGlite database) first makes a few admin writes, so
 * that the audit log has rows to list.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN } from '../src/server/config.js';
import { startServer } from '../test/fault/support/server.js';
import { listQueries, LISTS, type ListRoute } from '../bench/lists.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = '/api/v1';
const ROLES = {
  admin: { path: '/auth/admin-signin', ...DEMO_ADMIN },
  petani: { path: '/auth/signin', email: 'petani@tanimitra.id', password: 'Petani123!' },
  mitra: { path: '/auth/signin', email: 'mitra@tanimitra.id', password: 'Mitra123!' },
} as const;
type Role = keyof typeof ROLES | 'public';

const { values: args } = parseArgs({
  options: {
    ref: { type: 'string', default: 'main' },
    base: { type: 'string', multiple: true },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    writes: { type: 'boolean' },
  },
});

/** The lists a petani or mitra (and the public) may call, besides the admin lists. */
const memberLists = (lahanId: string | undefined): (ListRoute & { roles: Role[] })[] => [
  { name: 'contracts', path: '/contract', q: 'padi', roles: ['petani', 'mitra'] },
  { name: 'own contracts', path: '/contract/user', q: 'padi', roles: ['petani', 'mitra'] },
  { name: 'as petani', path: '/contract/petani', q: 'padi', roles: ['petani'] },
  { name: 'as mitra', path: '/contract/mitra', q: 'padi', roles: ['mitra'] },
  // A lahan with contracts (no lahan: a path no list answers, so its calls are 404s on both sides).
  {
    name: 'lahan contracts',
    path: `/contract/lahan/${lahanId ?? 0}`,
    doc: '/contract/lahan/{id}',
    q: 'padi',
    roles: ['admin', 'petani', 'mitra'],
  },
  { name: 'lahan', path: '/lahan', q: 'budi', roles: ['petani', 'mitra'] },
  { name: 'category choices', path: '/category', q: 'sawah', roles: ['admin', 'petani', 'mitra'] },
  { name: 'contract category choices', path: '/contract-category', roles: ['petani', 'mitra'] },
  { name: 'public downloads', path: '/downloads', roles: ['public'] },
];

interface Answer {
  status: number;
  body: unknown;
}

async function get(base: string, url: string, token: string | undefined): Promise<Answer> {
  const res = await fetch(base + API + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

async function signIn(base: string, role: keyof typeof ROLES): Promise<string | undefined> {
  const { path: url, email, password } = ROLES[role];
  const res = await fetch(base + API + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (!token) console.warn(`  ${role} (${email}) could not sign in (${res.status}): its lists are skipped`);
  return token;
}

/** Filter values that select rows, read from the lists themselves (so no database access is needed). */
async function samplesOf(base: string, token: string): Promise<Map<string, string>> {
  const first = async (url: string) =>
    ((await get(base, url, token)).body as { data?: Record<string, unknown>[] }).data?.[0] ?? {};
  const contract = await first('/contract?sort=created_at&order=asc');
  const land = await first('/lahan?sort=created_at&order=asc');
  const location = await first('/admin/location?sort=created_at&order=asc');
  const admin = await first('/admin?sort=created_at&order=asc');
  const samples = new Map<string, unknown>([
    ['contract_category_id', contract.contract_category_id],
    ['petani_id', contract.petani_id],
    ['mitra_id', contract.mitra_id],
    ['lahan_id', contract.lahan_id],
    ['category_id', land.category_id],
    ['location_id', land.location_id],
    ['province_id', location.province_id],
    ['district_id', location.district_id],
    ['sub_district_id', location.sub_district_id],
    ['actor_id', admin.id],
    ['luas_min', 1000],
    ['luas_max', 20000],
    ['resource', 'lahan'],
    ['resource_id', '1'],
    ['from', '2025-01-01'],
    ['to', '2026-12-31'],
  ]);
  return new Map(
    [...samples].filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]),
  );
}

/**
 * Admin writes before the first server's calls (`--writes`; by default on a new PGlite database only): audit
 * rows whose `changes` hold strings, numbers, booleans, arrays and null, and a download with a changelog.
 */
async function write(base: string, token: string) {
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(base + API + url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { data?: { id?: number } };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.data?.id;
  };
  // Enough rows for the audit log and the downloads to have several pages.
  for (let i = 0; i < 8; i++) {
    const stamp = `${Date.now().toString(36)}-${i}`;
    const category = await send('POST', '/admin/category', {
      type_name: `Paritas ${stamp}`,
      description: 'a',
    });
    await send('PUT', `/admin/category/${category}`, {
      type_name: `Paritas ${stamp} 2`,
      description: 'b "c"',
    });
    await send('DELETE', `/admin/category/${category}`);
    await send('POST', '/admin/downloads', {
      name: `Paritas ${stamp}`,
      version: `1.2.${i}`,
      size: '12 MB',
      description: 'Aplikasi — uji',
      downloadUrl: 'https://example.com/app.apk',
      changelog: ['satu', 'dua "tiga"'],
      rating: 4.25,
      downloads: 7 * i,
      isActive: i % 2 === 0,
      platform: i % 3 === 0 ? 'ios' : 'android',
    });
  }
}

/** The pages to ask for of a list of `totalPages` pages. */
function pagesOf(totalPages: number): number[] {
  const middle = Math.floor(totalPages / 2);
  const pages = [2, 10, 11, middle, middle + 1, totalPages - 1, totalPages, totalPages + 1];
  return [...new Set(pages.filter((p) => p >= 2 && p <= totalPages + 1))].sort((a, b) => a - b);
}

/** Every call's answer from the server at `base`, by `role URL`. */
async function collect(base: string, samplesIn?: Map<string, string>) {
  const tokens: Partial<Record<Role, string>> = {};
  for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) tokens[role] = await signIn(base, role);
  if (!tokens.admin) throw new Error('the admin could not sign in');
  if (!samplesIn && (args.writes ?? !args['database-url'])) await write(base, tokens.admin);
  const samples = samplesIn ?? (await samplesOf(base, tokens.admin));
  const answers = new Map<string, Answer>();
  const ask = async (role: Role, url: string) => {
    if (role !== 'public' && !tokens[role]) return undefined;
    const answer = await get(base, url, tokens[role as keyof typeof ROLES]);
    answers.set(`${role} ${url}`, answer);
    return answer;
  };
  const lists = [
    ...LISTS.map((list) => ({ ...list, roles: ['admin'] as Role[] })),
    ...memberLists(samples.get('lahan_id')),
  ];
  for (const { list, queries } of await listQueries(base, samples, lists)) {
    const cases = queries.flatMap((q) => (q.startsWith('sort=') ? [q, `${q}&order=asc`] : [q]));
    for (const role of (list as (typeof lists)[number]).roles) {
      for (const query of cases) {
        if (query.startsWith('(')) {
          if (!samplesIn) console.warn(`  ${role} ${list.name}: ${query}`);
          continue;
        }
        const url = `${list.path}?${query}`;
        const first = await ask(role, url);
        const totalPages = (first?.body as { pagination?: { totalPages: number } })?.pagination?.totalPages;
        for (const page of totalPages ? pagesOf(totalPages) : []) await ask(role, `${url}&page=${page}`);
      }
    }
  }
  await ask('admin', '/admin/stats');
  return { answers, samples };
}

/** `ref`'s `src` in a temporary directory that runs like the package (its node_modules linked). */
function unpack(ref: string, temp: string) {
  const dir = path.join(temp, 'ref');
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', ['-c', `git archive "$0" src | tar -x -C "$1"`, ref, dir], { cwd: ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return dir;
}

/** Runs the server under `root`, collects every answer, stops it. */
async function collectFrom(root: string, samples?: Map<string, string>) {
  const database = args['database-url']
    ? { DATABASE_URL: args['database-url'], SEED: process.env.SEED ?? 'none' }
    : { DATA_DIR: args['data-dir'], SEED: 'demo' };
  const server = await startServer({ ...database, WORKERS: '1' }, root);
  try {
    return await collect(server.baseUrl, samples);
  } finally {
    await server.kill('SIGTERM');
  }
}

/** Where two answers first differ: a path into them and the two values there. */
function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}${Array.isArray(a) ? `[${key}]` : `.${key}`}`,
      );
      if (found) return found;
    }
  }
  const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value).slice(0, 200));
  return `${at || '(answer)'}: ${show(a)} vs ${show(b)}`;
}

async function main() {
  let a: Awaited<ReturnType<typeof collect>>;
  let b: Awaited<ReturnType<typeof collect>>;
  let label: [string, string];
  if (args.base) {
    if (args.base.length !== 2) throw new Error('give --base twice: the old server, then the new one');
    label = [args.base[0]!, args.base[1]!];
    a = await collect(label[0]);
    b = await collect(label[1], a.samples);
  } else {
    const temp = mkdtempSync(path.join(os.tmpdir(), 'list-parity-'));
    try {
      args['data-dir'] ??= path.join(temp, 'data');
      const ref = execFileSync('git', ['rev-parse', '--short', args.ref!], { cwd: ROOT }).toString().trim();
      label = [`${args.ref} (${ref})`, 'working tree'];
      console.log(`old: ${label[0]}; database: ${args['database-url'] ?? `PGlite ${args['data-dir']}`}`);
      a = await collectFrom(unpack(ref, temp));
      b = await collectFrom(ROOT, a.samples);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }
  let differences = 0;
  for (const [call, answer] of a.answers) {
    const other = b.answers.get(call);
    if (isDeepStrictEqual(answer, other)) continue;
    differences++;
    console.log(`DIFFERENT ${call} at ${firstDifference(answer, other)}`);
  }
  for (const call of b.answers.keys()) {
    if (!a.answers.has(call)) {
      differences++;
      console.log(`ONLY IN ${label[1]}: ${call}`);
    }
  }
  const statuses = new Map<number, number>();
  for (const { status } of a.answers.values()) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  console.log(
    `${a.answers.size} calls (statuses ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}), ` +
      `${differences} differences`,
  );
  process.exitCode = differences === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 2;
});
