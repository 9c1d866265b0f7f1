import { performance } from 'node:perf_hooks';

/**
 * One request at a time over every admin list of docs/API.md, with each documented filter, sort and search
 * and the last page, median of 3 — shared by bench:scale (PostgreSQL) and bench:embedded (PGlite).
 */
const API = '/api/v1';

/** A list: its path under /api/v1 (`doc`: as the OpenAPI document names it, when it has a path parameter). */
export interface ListRoute {
  name: string;
  path: string;
  doc?: string;
  /**
   * A search word that finds rows in the scale set: it is searched as typed, one more character at a time
   * (`b`, `bu`, `bud`, `budi`), as the panel's search box and autocompletes ask while someone types.
   */
  q?: string;
  /** Other searches: the forms of a phone number people type. */
  moreQ?: string[];
}

/** The phone forms an account search finds (docs/API.md: 08… as typed, +62… as stored). */
const PHONE_Q = ['08', '+62'];

/** The admin lists. */
export const LISTS: ListRoute[] = [
  { name: 'admins', path: '/admin', q: 'budi', moreQ: PHONE_Q },
  { name: 'users', path: '/admin/users', q: 'budi', moreQ: PHONE_Q },
  { name: 'petani', path: '/admin/petani', q: 'budi', moreQ: PHONE_Q },
  { name: 'mitra', path: '/admin/mitra', q: 'budi', moreQ: PHONE_Q },
  { name: 'lahan', path: '/lahan', q: 'budi' },
  { name: 'contracts', path: '/contract', q: 'padi' },
  { name: 'categories', path: '/admin/category', q: 'sawah' },
  { name: 'contract categories', path: '/admin/contract-category', q: 'panen' },
  { name: 'locations', path: '/admin/location', q: 'jawa' },
  { name: 'downloads', path: '/admin/downloads', q: 'android' },
  { name: 'audit', path: '/admin/audit' },
];

/** A value for each id filter, read from the loaded data, so that the filter selects rows. */
const SAMPLES: Record<string, string> = {
  category_id: 'SELECT id FROM land_categories ORDER BY id LIMIT 1',
  contract_category_id: 'SELECT id FROM contract_categories ORDER BY id LIMIT 1',
  petani_id: 'SELECT petani_id FROM contracts WHERE petani_id IS NOT NULL ORDER BY id LIMIT 1',
  mitra_id: 'SELECT mitra_id FROM contracts WHERE mitra_id IS NOT NULL ORDER BY id LIMIT 1',
  lahan_id: 'SELECT lahan_id FROM contracts WHERE lahan_id IS NOT NULL ORDER BY id LIMIT 1',
  location_id: 'SELECT location_id FROM lahan WHERE location_id IS NOT NULL ORDER BY id LIMIT 1',
  province_id: `SELECT id FROM provinces WHERE code = '32'`,
  district_id: `SELECT id FROM districts WHERE code = '32.03'`,
  sub_district_id: 'SELECT sub_district_id FROM locations ORDER BY id LIMIT 1',
  actor_id: `SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
  resource_id: `SELECT '1'`,
  resource: `SELECT 'lahan'`,
  luas_min: `SELECT '10000'`,
  luas_max: `SELECT '5000'`,
  from: `SELECT '2025-01-01'`,
  to: `SELECT '2026-12-31'`,
};

/** `SAMPLES` read through `query` (a pg client's or PGlite's: both answer `{ rows }`). */
export async function sampleValues(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Map<string, string>> {
  const samples = new Map<string, string>();
  for (const [param, text] of Object.entries(SAMPLES)) {
    const value = (await query(text)).rows[0];
    if (value) samples.set(param, String(Object.values(value)[0]));
  }
  return samples;
}

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { pagination?: { totalPages: number } };
  return { ms: performance.now() - started, status: res.status, body };
}

/** The value below which a share `q` (0–1) of `xs` falls (the sorted values' element at that share). */
export const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export const median = (xs: number[]) => quantile(xs, 0.5);

/** One URL three times in a row: the median time, and the first answer. */
export async function single(url: string, headers: Record<string, string>) {
  const runs = [await timed(url, headers), await timed(url, headers), await timed(url, headers)];
  return { ms: median(runs.map((r) => r.ms)), status: runs[0]!.status, body: runs[0]!.body };
}

interface QueryParameter {
  in: string;
  name: string;
  schema?: { type?: string; enum?: string[]; anyOf?: { const?: string; enum?: string[] }[] };
}

/** The query strings to try on one list: its documented filters, sorts and search. */
function listCases(list: ListRoute, parameters: QueryParameter[], samples: Map<string, string>) {
  const cases: string[] = [''];
  for (const p of parameters.filter((p) => p.in === 'query')) {
    const schema = p.schema ?? {};
    const values =
      schema.enum ?? schema.anyOf?.flatMap((s) => (s.const !== undefined ? [s.const] : (s.enum ?? [])));
    if (p.name === 'page' || p.name === 'limit') continue;
    if (p.name === 'order') cases.push('order=asc');
    else if (p.name === 'q') {
      const typed = [...(list.q ?? '')].map((_, i, chars) => chars.slice(0, i + 1).join(''));
      cases.push(...[...typed, ...(list.moreQ ?? [])].map((q) => `q=${encodeURIComponent(q)}`));
    } else if (values && values.length > 0)
      cases.push(...values.map((v) => `${p.name}=${encodeURIComponent(v)}`));
    else if (schema.type === 'boolean') cases.push(`${p.name}=true`, `${p.name}=false`);
    else if (samples.has(p.name)) cases.push(`${p.name}=${encodeURIComponent(samples.get(p.name)!)}`);
    else cases.push(`(no sample value for ${p.name})`);
  }
  return cases;
}

export interface Single {
  list: string;
  query: string;
  ms: number;
  status: number;
}

/** Each list with the query strings to try on it (`(…)`: a case that cannot be tried), from the OpenAPI document. */
export async function listQueries(
  base: string,
  samples: Map<string, string>,
  lists: ListRoute[] = LISTS,
): Promise<{ list: ListRoute; queries: string[] }[]> {
  const openapi = (await (await fetch(`${base}/api/docs/json`)).json()) as {
    paths: Record<string, { get?: { parameters?: QueryParameter[] } }>;
  };
  return lists.map((list) => {
    const doc = API + (list.doc ?? list.path);
    // A resource's list is declared as `/` under its prefix, so its path may end with a slash.
    const parameters = (openapi.paths[doc] ?? openapi.paths[`${doc}/`])?.get?.parameters;
    if (!parameters) return { list, queries: ['(route not in the OpenAPI document)'] };
    return { list, queries: listCases(list, parameters, samples) };
  });
}

/** Every list case of the server at `base`, and its last page, one request at a time. */
export async function listSingles(
  base: string,
  headers: Record<string, string>,
  samples: Map<string, string>,
): Promise<Single[]> {
  const singles: Single[] = [];
  for (const { list, queries } of await listQueries(base, samples)) {
    const url = (query: string) => `${base}${API}${list.path}${query ? `?${query}` : ''}`;
    for (const query of queries) {
      if (query.startsWith('(')) {
        singles.push({ list: list.name, query, ms: NaN, status: 0 });
        continue;
      }
      const r = await single(url(query), headers);
      singles.push({ list: list.name, query: query || '(page 1)', ms: r.ms, status: r.status });
      if (query === '' && r.body.pagination && r.body.pagination.totalPages > 1) {
        const last = `page=${r.body.pagination.totalPages}`;
        const l = await single(url(last), headers);
        singles.push({ list: list.name, query: `${last} (last)`, ms: l.ms, status: l.status });
      }
    }
  }
  return singles;
}
