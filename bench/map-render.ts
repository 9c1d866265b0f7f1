/**
 * `npm run bench:map-render`: the admin's lahan map of all plots, as a browser draws it (issue 30: within 1 s).
 * The built server runs on PostgreSQL with 300k lahan; Debian's Chromium (Playwright, 1280×800) opens
 * /admin/lahan with the map chosen and times navigation start to the first plots or clusters drawn on the map
 * (SVG paths or cluster markers in the page, checked on animation frames), median of BENCH_RUNS (5) after one
 * unmeasured load. The peer, in the same run on the same server: the lahan list's first paint, navigation start
 * to the first row of lahan on screen (the tab as it opened before the map).
 *
 *   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432)  the server to create the database on
 *   BENCH_SCALE_URL     a database seed:scale already loaded, used as it is; else a copy of h_viewport_300k
 *                       (part VIEWPORT's 300k database) is made and dropped; else the demo data set (said so)
 *   BENCH_SKIP_BUILD=1  use dist/ as it is (else `npm run build` first)
 *   BENCH_SCREENSHOT    a PNG path: the map as the last run drew it
 *
 * Results go to the terminal and to bench/RESULTS.md (section "bench:map-render").
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { databaseUrlFor } from '../test/server/support/database.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';
import { median } from './lists.js';
import { startProcess } from './processes.js';
import { writeSection } from './results.js';
import { adminPage } from './admin-browser.js';
import { cleanups, runBench } from './cleanup.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const GIVE_UP_MS = 20_000;
const SCALE_TEMPLATE = 'h_viewport_300k';

const psql = (command: string, database = SERVER_URL) =>
  execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', database, '-c', command])
    .toString()
    .trim();

/** The database to measure on, and what it holds. */
function database(): { url: string; what: string; seed: string } {
  if (process.env.BENCH_SCALE_URL)
    return { url: process.env.BENCH_SCALE_URL, what: 'BENCH_SCALE_URL', seed: 'none' };
  const name = `h_mapviews_${randomBytes(3).toString('hex')}`;
  const hasTemplate = psql(`SELECT 1 FROM pg_database WHERE datname = '${SCALE_TEMPLATE}'`) === '1';
  // A template must have no session open while it is copied.
  psql(hasTemplate ? `CREATE DATABASE ${name} TEMPLATE ${SCALE_TEMPLATE}` : `CREATE DATABASE ${name}`);
  cleanups.push(() => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return hasTemplate
    ? { url: databaseUrlFor(SERVER_URL, name), what: `a copy of ${SCALE_TEMPLATE}`, seed: 'none' }
    : {
        url: databaseUrlFor(SERVER_URL, name),
        what: 'the demo data set (no 300k database here)',
        seed: 'demo',
      };
}

/** Navigation start to the first element matching `selector` in the page, in ms (the page's own clock). */
async function firstDrawn(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (wanted) => document.querySelector(wanted) !== null && performance.now(),
    selector,
    { polling: 'raf', timeout: GIVE_UP_MS },
  );
  return (await handle.jsonValue()) as number;
}

const LIST_ROW = '.RaDatagrid-tbody tr td';
const MAP_DRAWN = '.leaflet-overlay-pane path.tm-plot, .leaflet-marker-pane .tm-cluster';

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1')
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const db = database();
  const server = await startProcess(
    ['dist/server/main.js'],
    {
      ...process.env,
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      SEED: db.seed,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      MAP_TILE_URL: 'none',
    },
    ROOT,
  );
  cleanups.push(() => server.stop());
  const lahan = psql('SELECT count(*) FROM lahan', db.url);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  cleanups.push(() => browser.close());

  const listPage = (await adminPage(browser, server.baseUrl)).page;
  const mapPage = (await adminPage(browser, server.baseUrl)).page;
  // The map is chosen once, as an admin would, and the panel keeps the choice.
  await mapPage.goto('/admin/lahan');
  await mapPage.getByRole('button', { name: 'Peta' }).click();

  const list: number[] = [];
  const map: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    // Interleaved, so that a passing load on the machine falls on both alike; run 0 is not counted.
    const l = await firstDrawn(listPage, '/admin/lahan', LIST_ROW).catch(() => NaN);
    const m = await firstDrawn(mapPage, '/admin/lahan', MAP_DRAWN).catch(() => NaN);
    if (i === 0) continue;
    list.push(l);
    map.push(m);
    console.log(`  run ${i}: map ${Math.round(m)} ms, list ${Math.round(l)} ms`);
  }
  if (process.env.BENCH_SCREENSHOT) await mapPage.screenshot({ path: process.env.BENCH_SCREENSHOT });
  const features = await mapPage.evaluate(
    (selector) => document.querySelectorAll(selector).length,
    MAP_DRAWN,
  );
  const loadAtEnd = loadavg()[0]!.toFixed(1);

  const [mapMs, listMs] = [median(map), median(list)];
  const fmt = (ms: number) => (Number.isNaN(ms) ? 'failed' : `${Math.round(ms)} ms`);
  const section = [
    '## bench:map-render',
    '',
    `Written by \`npm run bench:map-render\` (bench/map-render.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
      `the admin's lahan tab in Chromium (1280×800) against the built server on PostgreSQL with ${Number(lahan).toLocaleString('en')} ` +
      `lahan (${db.what}), base tiles off (MAP_TILE_URL=none: the shipped outline). Navigation start to the first plots or ` +
      `clusters drawn on the map, against the list's first row on screen (the peer) in the same run, interleaved; ` +
      `median of ${RUNS} after one unmeasured load. Load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
    '',
    '| view | runs (ms) | median | ratio to the list | ≤ 1 s |',
    '| --- | --- | --- | --- | --- |',
    `| map of all plots (${features} features drawn) | ${map.map(Math.round).join(', ')} | ${fmt(mapMs)} | ${(mapMs / listMs).toFixed(2)}× | ${mapMs <= TARGET_MS ? 'yes' : 'NO'} |`,
    `| list, first row (peer) | ${list.map(Math.round).join(', ')} | ${fmt(listMs)} | 1.00× | ${listMs <= TARGET_MS ? 'yes' : 'NO'} |`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeSection('## bench:map-render', section);
  if (!(mapMs <= TARGET_MS)) process.exitCode = 1;
}

runBench(main);
