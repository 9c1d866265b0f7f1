import path from 'node:path';

const HASHED_ASSET = `${path.sep}assets${path.sep}`;

/**
 * The installed /akun's service worker and web app manifest (issue 32): the browser must see a new worker
 * at once after a deploy (the worker then updates the pages it keeps), so they are revalidated like pages.
 */
const REVALIDATED = ['sw.js', 'manifest.webmanifest'];

/**
 * Cache-Control of a built file (its .br/.gz twin included): Vite puts a content hash in every name
 * under assets/, so those never change; pages, the service worker and the manifest are revalidated on every
 * visit so that a deploy shows at once; other files (favicon, images) may be a day old.
 */
export function cacheControlFor(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, '');
  if (file.includes(HASHED_ASSET)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html') || REVALIDATED.includes(path.basename(file))) return 'no-cache';
  return 'public, max-age=86400';
}

/** For @fastify/static's `setHeaders` (with its own `cacheControl: false`, which would overwrite this). */
export function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
}
