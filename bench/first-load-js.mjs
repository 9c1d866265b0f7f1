// First-load JavaScript of a client page, gzipped, from the Vite manifest of a build (dist/client/.vite/
// manifest.json): the page's entry chunk and the screens it renders at first paint (lazy modules), each with
// every chunk it imports statically. Dynamic imports are not followed: they load later (a form, a map).
// Run after a build: `node bench/first-load-js.mjs` prints /akun's figure and fails above its budget;
// bench:site (bench/site.mjs) checks the same budget with firstLoadJs. This is the first paint only: what the
// page loads after it (the offline store, the bell) is counted by first-visit-js.mjs, in a browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const CLIENT_DIR = 'dist/client';

/** /akun's page (its own entry, akun/index.html) and what it renders at first paint: its screen and the
 * react-query cache the screen is wrapped in. */
export const AKUN = ['akun/index.html', 'src/app/account/AccountPage.tsx', 'src/app/api/queryClient.tsx'];
/** Issue 32: /akun's first load at most 150 KB of gzipped JavaScript. */
export const AKUN_BUDGET_KB = 150;

/** `{ files, bytes }`: the JS files (under dist/client) a page loads first and their gzipped sum. `keys`: the
 * page's HTML entry and its first screens, as the manifest names them. */
export function firstLoadJs(keys, clientDir = CLIENT_DIR) {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
    0,
  );
  return { files: js, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, bytes } = firstLoadJs(AKUN);
  const kb = bytes / 1024;
  console.log(
    `/akun first-load JS: ${kb.toFixed(1)} KB gzip in ${files.length} files (budget ${AKUN_BUDGET_KB} KB)`,
  );
  if (process.env.VERBOSE) for (const file of files) console.log(`  ${file}`);
  if (kb > AKUN_BUDGET_KB) process.exitCode = 1;
}
