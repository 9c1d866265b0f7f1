/**
 * The PostgREST-shaped peer of `npm run bench:scale`: a minimal Node `http` handler with a pg.Pool of 10 that
 * runs, per request, the one statement PostgREST builds for the same page (src/PostgREST/Query/Statements.hs,
 * `prepareRead`): the page in a `pgrst_source` CTE, with `Prefer: count=exact` the total as
 * `(SELECT pg_catalog.count(*) FROM pgrst_source_count)`, and the body as `coalesce(json_agg(_postgrest_t), '[]')`,
 * as a prepared statement. PostgREST's per-request transaction and its `set_config` statement (role, claims,
 * headers) are left out, so this peer is a little faster than PostgREST itself would be.
 *
 *   GET /petani?page=&limit=&q=   ≈ GET /users?select=…,petani_profiles(nik,alamat,fullname_petani)&role=eq.petani
 *                                   &search_text=like.*budi*&order=created_at.desc,id.desc&limit=&offset=
 *                                   (Prefer: count=exact)
 *   GET /lahan/{id}               ≈ GET /lahan?id=eq.{id}&select=*,petani:users(id,full_name),location:…,category:…
 *                                   (Accept: application/vnd.pgrst.object+json)
 *
 * What PostgREST would really run for TaniMitra's petani list, and why (QueryBuilder.hs):
 * - The profile is a to-one LEFT embed (`LEFT JOIN LATERAL … ON TRUE`): the list shows a petani without a
 *   profile row too (records.ts reads users ⟕ petani_profiles). Only an `!inner` embed puts the embedded table
 *   into the count (`readPlanToCountQuery` adds an `EXISTS` for inner joins only), so the count is
 *   `SELECT 1 FROM users WHERE role = $1 [AND search]`: an index-only scan of users_role_id_idx. An earlier
 *   version counted through the inner-joined profile, a 92k × 92k hash join with parallel workers per request,
 *   which no PostgREST request for this list makes: that peer answered ~29 page-1 requests a second where
 *   the issue measured 375.
 * - A PostgREST filter is `column op value` on a column: it cannot OR `lower()` or `replace()` expressions
 *   across the user and the embedded profile. The table's own trigger-kept `search_text` (the same words,
 *   lower-cased, phones in both forms, the profile's NIK; trigram GIN index) is a column PostgREST exposes,
 *   so the client asks `search_text=like.*budi*` with the word lower-cased, and the search and its count are
 *   served by the same index TaniMitra's are.
 * - Counts over index-only scans depend on the visibility map: seed:scale ends with VACUUM ANALYZE, so both
 *   sides run on fresh statistics and an all-visible map (Heap Fetches: 0).
 *
 * Run by bench/scale.ts as its own process: DATABASE_URL, PORT.
 */
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { likePattern } from '../src/server/db/search/search.js';
import { LAHAN_ONE, petaniStatement } from './peer-sql.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface Row {
  total_result_set: string | null;
  page_total: string;
  body: string;
}

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
};

async function answer(url: URL, res: ServerResponse) {
  const lahan = /^\/lahan\/(\d+)$/.exec(url.pathname);
  if (lahan) {
    const { rows } = await pool.query<Row>({
      name: 'lahan_one',
      text: LAHAN_ONE,
      values: [Number(lahan[1])],
    });
    const row = rows[0]!;
    return row.page_total === '0' ? send(res, 406, '{"code":"PGRST116"}') : send(res, 200, row.body);
  }
  if (url.pathname === '/petani') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const q = url.searchParams.get('q')?.trim();
    const values: unknown[] = ['petani', limit, (page - 1) * limit];
    if (q) values.push(likePattern(q.toLowerCase()));
    const { rows } = await pool.query<Row>({
      name: q ? 'petani_search' : 'petani_page',
      text: petaniStatement(Boolean(q)),
      values,
    });
    const row = rows[0]!;
    const first = (page - 1) * limit;
    const range = Number(row.page_total) > 0 ? `${first}-${first + Number(row.page_total) - 1}` : '*';
    return send(res, 200, row.body, { 'content-range': `${range}/${row.total_result_set}` });
  }
  send(res, 404, '{}');
}

const server = createServer((req, res) => {
  answer(new URL(req.url ?? '/', 'http://peer'), res).catch((err: unknown) => {
    send(res, 500, JSON.stringify({ message: String(err) }));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`peer listening on ${typeof address === 'object' && address ? address.port : '?'}`);
});
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
