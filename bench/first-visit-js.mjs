// /akun's whole first visit in a real browser (issue 32): the demo petani, signed in, opens /akun on a phone
// (390×844) with nothing cached and no service worker yet; every JavaScript file the page and its worker's
// registration download until the home is idle (its lists shown, then no request but the notification stream
// for QUIET_MS) is gzip-sized from the build (as first-load-js.mjs does). The worker then keeps /akun's chunks
// for offline use in the background (its precache): that is reported beside, not counted in the visit.
// Run after a build: `node bench/first-visit-js.mjs` starts the server on a free port with a fresh DATA_DIR,
// prints the figure and fails above AKUN_BUDGET_KB; bench:site (bench/site.mjs) checks it with firstVisitJs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { AKUN_BUDGET_KB } from './first-load-js.mjs';

/** The demo petani (seeded on a new DATA_DIR). */
export const PETANI = { email: 'petani@tanimitra.id', password: 'Petani123!' };
const PHONE = { width: 390, height: 844 };
const QUIET_MS = 3_000;
/** Open for as long as the page is: never counted as activity. */
const LIVE_STREAM = /\/notifications\/stream(\?|$)/;

const gzipped = (clientDir, url) => {
  const file = path.join(clientDir, new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
};

/** Signs `account` in through /login in a context of its own; answers the storage it leaves (the session). */
async function signedInStorage(browser, base, account) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/akun', { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * `{ visit, precache }`, each `{ files, bytes }` (gzip): the JS of /akun's first visit (the page's scripts and
 * /sw.js) and what its worker then keeps on its own. `browser`: a Playwright Chromium; `base`: the app's origin.
 */
export async function firstVisitJs(browser, base, { account = PETANI, clientDir = 'dist/client' } = {}) {
  const context = await browser.newContext({
    storageState: await signedInStorage(browser, base, account),
    viewport: PHONE,
  });
  try {
    const visit = new Map();
    const precache = new Map();
    const open = new Set();
    let quietSince = Date.now();
    context.on('request', (request) => {
      if (LIVE_STREAM.test(request.url())) return;
      open.add(request);
      const url = request.url();
      if (!new URL(url).pathname.endsWith('.js')) return;
      // The worker's own fetches are its precache, but for its script itself (requested by the registration).
      const byWorker = request.serviceWorker() !== null && !url.endsWith('/sw.js');
      (byWorker ? precache : visit).set(url, gzipped(clientDir, url));
    });
    const done = (request) => {
      open.delete(request);
      quietSince = Date.now();
    };
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    const page = await context.newPage();
    await page.goto(`${base}/akun`);
    await page.getByRole('region', { name: 'Daftar kontrak' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    const deadline = Date.now() + 60_000;
    while (open.size > 0 || Date.now() - quietSince < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`/akun never idle: ${[...open].map((r) => r.url())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sum = (files) => ({
      files: [...files.keys()].map((url) => new URL(url).pathname),
      bytes: [...files.values()].reduce((a, b) => a + b, 0),
    });
    return { visit: sum(visit), precache: sum(precache) };
  } finally {
    await context.close();
  }
}

/** A port nothing listens on now (the bench's servers and Chromium's debugging port). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-first-visit-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (let tries = 0; ; tries++) {
      if (server.exitCode !== null || tries > 600) throw new Error('the server did not start');
      if (
        await fetch(`${base}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const { visit, precache } = await firstVisitJs(browser, base);
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    console.log(
      `/akun whole first visit JS: ${kb(visit.bytes)} KB gzip in ${visit.files.length} files ` +
        `(budget ${AKUN_BUDGET_KB} KB); then precached by its worker: ${kb(precache.bytes)} KB in ${precache.files.length}`,
    );
    if (process.env.VERBOSE) for (const file of visit.files) console.log(`  ${file}`);
    if (visit.bytes > AKUN_BUDGET_KB * 1024) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
