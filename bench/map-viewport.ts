/**
 * `npm run bench:map`: the map's view, `GET /api/v1/lahan?bbox=…` (modules/lahan/viewport.ts), at every zoom
 * from Indonesia down to a village, on databases loaded by `seed:scale` (issue 30: within 50 ms at 300k and 3M
 * lahan, at most 2,000 features).
 *
 * Each database is opened in this process and served by the app itself, answered by `app.inject` (the whole
 * route: guard, query rules, the statements, the JSON text), one request at a time. Views are a 1280 × 800 px
 * desktop map at zooms 4…16 centred on the busiest place of the data (the most populated level-12 cell of
 * lahan_grid), plus Indonesia and a Java-sized box, each asked as an admin without filters, a mitra (active
 * lahan), an admin with the grid's keys (status, category, verified owner), the busiest province and area ranges
 * on the area classes' edges (`luas_min=10000`, a mitra's search `luas_min=5000&luas_max=20000`), which the grid
 * counts zoomed out, and filters it does not carry (`q=budi`, the petani with the most lahan, `luas_min=12345`),
 * read from the rows (at most LIVE_ROWS_MAX, the answer saying `capped` when there were more). The peers:
 * the admin's lahan list page 1 (`/lahan?limit=10`) and `/health`. Then EXPLAIN (ANALYZE, BUFFERS) of each
 * statement shape.
 *
 *   BENCH_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 *   BENCH_DATABASES     databases loaded by seed:scale (default h_viewport_300k,h_viewport_3m)
 *   BENCH_DATA_DIR      also an embedded database (PGlite) loaded by `DATA_DIR=… npm run seed:scale`
 *   BENCH_RUNS          timed requests of each call (default 15); p99 of so few is their maximum
 *   BENCH_WARMUP        untimed requests of each call first (default 2)
 *   BENCH_LABEL         writes the figures to bench/RESULTS.md under "bench:map $BENCH_LABEL"
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/server/db/engine/client.js';
import { readingRows, viewportStatements } from '../src/server/modules/lahan/viewport.js';
import type { Viewer } from '../src/server/http/context.js';
import { benchApp, benchDatabases } from './app.js';
import { explainAnalyze, planFigures } from './explain.js';
import { runBench } from './cleanup.js';
import { quantile } from './lists.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const LABEL = process.env.BENCH_LABEL;
const TARGET_MS = 50;
const MAX_FEATURES = 2000;

type Box = [number, number, number, number];
interface View {
  name: string;
  box: Box;
}
interface Variant {
  name: string;
  who: 'admin' | 'mitra';
  filters: string;
}

const VARIANTS: Variant[] = [
  { name: 'admin', who: 'admin', filters: '' },
  { name: 'mitra', who: 'mitra', filters: '' },
  {
    name: 'admin, grid keys',
    who: 'admin',
    filters: '&status=active&petani_verified=true&category_id={category}',
  },
  { name: 'admin, q=budi', who: 'admin', filters: '&q=budi' },
  { name: 'admin, luas_min', who: 'admin', filters: '&luas_min=10000' },
  { name: 'admin, province', who: 'admin', filters: '&province_id={province}' },
  { name: 'admin, petani', who: 'admin', filters: '&petani_id={petani}' },
  {
    name: "mitra's area search",
    who: 'mitra',
    filters: '&status=active&petani_verified=true&luas_min=5000&luas_max=20000',
  },
  { name: 'admin, luas_min off the edges', who: 'admin', filters: '&luas_min=12345' },
];

/** A 1280 × 800 px map at `zoom` around [lon, lat] (256 px tiles; Mercator is near-linear at Indonesia's latitudes). */
function desktop(zoom: number, [lon, lat]: [number, number]): Box {
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const w = ((1280 / 256) * 360) / 2 ** zoom / 2;
  const h = ((800 / 256) * 360) / 2 ** zoom / 2;
  return [clamp(lon - w, 180), clamp(lat - h, 90), clamp(lon + w, 180), clamp(lat + h, 90)];
}

const round = (v: number, digits = 1) => Number(v.toFixed(digits));
const fixed = (box: Box) => box.map((v) => v.toFixed(6)).join(',');

interface Figures {
  p50: number;
  p99: number;
  features: number;
  mode: string;
}

async function measureDatabase(label: string, database: Database) {
  const { app, db, one, tokenFor } = await benchApp(label, database);
  const admin = await one<{ id: number }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`);
  const mitra = await one<{ id: number }>(
    `SELECT id FROM users WHERE role = 'mitra' AND status_verifikasi ORDER BY id LIMIT 1`,
  );
  const category = (await one<{ id: number }>(`SELECT id FROM land_categories ORDER BY id LIMIT 1`)).id;
  // The province and the petani with the most lahan: the place and owner filters at their largest.
  const province = (
    await one<{ id: number }>(
      `SELECT s.province_id AS id FROM lahan l JOIN locations o ON o.id = l.location_id
       JOIN sub_districts d ON d.id = o.sub_district_id JOIN districts s ON s.id = d.district_id
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    )
  ).id;
  const petani = (
    await one<{ id: number }>(
      `SELECT petani_id AS id FROM lahan GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    )
  ).id;
  const fill = (filters: string) =>
    filters
      .replace('{category}', String(category))
      .replace('{province}', String(province))
      .replace('{petani}', String(petani));
  const lahanCount = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM lahan`)).n;
  const busiest = await one<{ lon: number; lat: number }>(
    `SELECT sum(sum_lon) / sum(n) AS lon, sum(sum_lat) / sum(n) AS lat FROM lahan_grid WHERE level = 12
     GROUP BY cell_x, cell_y ORDER BY sum(n) DESC LIMIT 1`,
  );
  const centre: [number, number] = [busiest.lon, busiest.lat];
  const tokens = {
    admin: await tokenFor({ id: admin.id, role: 'admin' }),
    mitra: await tokenFor({ id: mitra.id, role: 'mitra' }),
  };
  const viewers: Record<'admin' | 'mitra', Viewer> = {
    admin: { id: admin.id, role: 'admin' },
    mitra: { id: mitra.id, role: 'mitra' },
  };
  const views: View[] = [
    { name: 'Indonesia', box: [94, -11.5, 142, 6.5] },
    { name: 'Java-sized (10° × 3.5°)', box: [105, -9, 115, -5.5] },
    ...Array.from({ length: 13 }, (_, i) => ({ name: `zoom ${i + 4}`, box: desktop(i + 4, centre) })),
  ];

  const get = async (url: string, token?: string) => {
    const started = performance.now();
    const res = await app.inject({
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, body: res.body };
  };
  const calls = views.flatMap((view) =>
    VARIANTS.map((variant) => ({
      view,
      variant,
      url: `/api/v1/lahan?bbox=${fixed(view.box)}${fill(variant.filters)}`,
    })),
  );
  const peers = [
    { name: 'peer: lahan list page 1 (admin)', url: '/api/v1/lahan?limit=10', token: tokens.admin },
    { name: 'peer: /health', url: '/api/v1/health', token: undefined },
  ];
  const times = new Map<string, number[]>();
  const seen = new Map<string, { features: number; mode: string }>();
  const record = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const call of calls) {
      const { ms, body } = await get(call.url, tokens[call.variant.who]);
      const data = (JSON.parse(body) as { data: { mode: string; capped?: boolean; features: unknown[] } })
        .data;
      const key = call.url + call.variant.who;
      const before = seen.get(key);
      const mode = data.capped ? `${data.mode} (capped)` : data.mode;
      seen.set(key, { features: Math.max(before?.features ?? 0, data.features.length), mode });
      if (round >= WARMUP) record(key, ms);
      // The peers between the calls, so that both see the same load.
      for (const peer of peers) {
        const { ms: peerMs } = await get(peer.url, peer.token);
        if (round >= WARMUP) record(peer.name, peerMs);
      }
    }
  }
  const figures = (key: string): Figures => {
    const xs = times.get(key)!;
    return {
      p50: quantile(xs, 0.5),
      p99: quantile(xs, 0.99),
      features: seen.get(key)?.features ?? 0,
      mode: seen.get(key)?.mode ?? '',
    };
  };
  const list = figures(peers[0]!.name);
  const health = figures(peers[1]!.name);
  const rows = calls.map((call) => {
    const f = figures(call.url + call.variant.who);
    return {
      view: call.view.name,
      variant: call.variant.name,
      ...f,
      overList: f.p50 / list.p50,
      overHealth: f.p50 / health.p50,
    };
  });

  // EXPLAIN ANALYZE of each statement shape the calls above ran: the grid's, and the rows' read (`found`) with
  // the box on the centroid's index or, for a box holding most lahan, on the coordinates (`found wide`).
  type Statement = 'grid' | 'found' | 'found wide';
  // [name, view, variant, statement], views and variants by their index above.
  const shapes = (
    [
      ['Indonesia, admin: grid', 0, 0, 'grid'],
      ['zoom 10, mitra: grid', 8, 1, 'grid'],
      ['zoom 10, grid keys: grid', 8, 2, 'grid'],
      ['zoom 14, admin: found', 12, 0, 'found'],
      ['zoom 16, admin: found', 14, 0, 'found'],
      ['zoom 12, admin: found', 10, 0, 'found'],
      ['Indonesia, province: grid', 0, 5, 'grid'],
      ["Indonesia, mitra's search: grid", 0, 7, 'grid'],
      ['Indonesia, q=budi: found wide', 0, 3, 'found wide'],
      ['Indonesia, luas_min: found wide', 0, 4, 'found wide'],
      ['Indonesia, province: found wide', 0, 5, 'found wide'],
      ['Indonesia, petani: found wide', 0, 6, 'found wide'],
      ["Indonesia, mitra's search: found wide", 0, 7, 'found wide'],
      ['Java-sized, luas_min: found', 1, 4, 'found'],
      ['zoom 8, luas_min: found', 6, 4, 'found'],
      ['zoom 8, q=budi: found', 6, 3, 'found'],
      ['zoom 9, q=budi: found', 7, 3, 'found'],
      ['zoom 12, luas_min: found', 10, 4, 'found'],
    ] as const
  ).map(([name, view, variant, statement]) => ({
    name,
    view: views[view]!,
    variant: VARIANTS[variant]!,
    statement: statement as Statement,
  }));
  const plans = [];
  for (const shape of shapes) {
    const query = Object.fromEntries(
      new URLSearchParams(`bbox=${fixed(shape.view.box)}${fill(shape.variant.filters)}`),
    ) as Record<string, unknown>;
    for (const numeric of ['category_id', 'luas_min', 'luas_max', 'province_id', 'petani_id'])
      if (query[numeric]) query[numeric] = Number(query[numeric]);
    if (query.petani_verified) query.petani_verified = query.petani_verified === 'true';
    const statements = viewportStatements(viewers[shape.variant.who], query as { bbox: string });
    const statement =
      shape.statement === 'grid' ? statements.grid : statements.found(shape.statement === 'found wide');
    if (!statement) throw new Error(`${shape.name}: no ${shape.statement} statement`);
    // The rows are read with the settings viewportJson reads them with.
    const plan =
      shape.statement === 'grid'
        ? await explainAnalyze(db, statement)
        : await readingRows(db, (tx) => explainAnalyze(tx, statement));
    const { planning, execution, scans, text } = planFigures(plan);
    console.log(`\n--- ${label}: ${shape.name}\n${text}`);
    plans.push({ name: shape.name, planning, execution, scans });
  }
  return { label, kind: database.kind, lahanCount, centre, list, health, rows, plans };
}

type Measured = Awaited<ReturnType<typeof measureDatabase>>;

function section(results: Measured[], load: number[]) {
  const lines = [
    `## bench:map ${LABEL}`,
    '',
    `What: \`GET /api/v1/lahan?bbox=…\` one request at a time through the whole app (\`app.inject\`), ${RUNS} ` +
      `timed of each after ${WARMUP} untimed, on databases loaded by \`seed:scale\`; a desktop map (1280 × 800 px) ` +
      'at zooms 4–16 around the busiest level-12 cell, Indonesia and a 10° × 3.5° box; the peers (the admin’s ' +
      'lahan list page 1, `/health`) are asked between the calls. Ratio = the call’s p50 over the peer’s p50. ' +
      `Target: ${TARGET_MS} ms, ≤ ${MAX_FEATURES} features. Load average ${load.map((l) => l.toFixed(1)).join(', ')} ` +
      `at the end (${new Date().toISOString().slice(0, 16)} UTC). Command: \`BENCH_LABEL=… npm run bench:map\`.`,
  ];
  for (const r of results) {
    lines.push(
      '',
      `### ${r.label} (${r.kind}, ${r.lahanCount.toLocaleString('en')} lahan; centre ${r.centre.map((v) => v.toFixed(3)).join(', ')})`,
      '',
      `Peers: lahan list page 1 p50 ${round(r.list.p50)} ms (p99 ${round(r.list.p99)}), /health p50 ${round(r.health.p50, 2)} ms.`,
      '',
      '| view | caller, filters | answer | features (max) | p50 ms | p99 ms | p50 / list page 1 | p50 / health |',
      '| --- | --- | --- | --: | --: | --: | --: | --: |',
      ...r.rows.map(
        (row) =>
          `| ${row.view} | ${row.variant} | ${row.mode} | ${row.features} | ${round(row.p50)} | ${round(row.p99)} | ` +
          `${round(row.overList, 2)} | ${round(row.overHealth, 1)} |`,
      ),
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of each statement shape:',
      '',
      '| shape | planning ms | execution ms | scans |',
      '| --- | --: | --: | --- |',
      ...r.plans.map((p) => `| ${p.name} | ${p.planning} | ${p.execution} | ${p.scans.join('; ')} |`),
    );
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const results: Measured[] = [];
  for (const { label, open } of benchDatabases('h_viewport_300k,h_viewport_3m'))
    results.push(await measureDatabase(label, await open()));
  const text = section(results, loadavg());
  console.log(`\n${text}`);
  if (LABEL) await writeSection(`## bench:map ${LABEL}`, text);
}

runBench(main);
