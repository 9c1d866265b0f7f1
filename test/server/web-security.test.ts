import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './support/app.js';

/** A tiny built app: pages with an inline script each (as a prerender could emit), a hashed asset. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-client-'));
const page = (inline: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script>` +
  `<script>${inline}</script></head><body><div id="root"></div></body></html>`;
const files: Record<string, string | Buffer> = {
  'index.html': page('window.tmPage = 1;'),
  'shell.html': page('window.tmShell = 1;'),
  '404.html': page('window.tmPage = 1;'),
  'assets/index-Ab12Cd34.js': 'console.log("TaniMitra");'.repeat(100),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"TaniMitra","start_url":"/akun"}',
};
files['assets/index-Ab12Cd34.js.gz'] = gzipSync(files['assets/index-Ab12Cd34.js']!);
for (const [name, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
  writeFileSync(path.join(clientDir, name), content);
}
// sha256 of the two inline scripts above, base64 (`printf 'window.tmPage = 1;' | openssl dgst -sha256 -binary | base64`).
const PAGE_HASH = "'sha256-LLf1sjQYnFz1RWknUfvPB6JwpYKupSdwCq8hG70lRis='";
const SHELL_HASH = "'sha256-0WZP9wrdHmNM+Rzm3HlnKtj5o5qbNQFwb8f5h3CU3g8='";

const ctx = useTestApp({}, { clientDir });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header = '') =>
  Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers of the pages', () => {
  it.each(['/', '/admin/petani', '/no-such-page'])(
    '%s has a strict CSP allowing only the built inline scripts',
    async (url) => {
      const res = await call(ctx, { url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", SHELL_HASH, PAGE_HASH].sort());
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['worker-src']).toEqual(["'self'"]);
      expect(csp['manifest-src']).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets for a year, immutable, compressed or not; other files for a day', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const res = await call(ctx, {
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const icon = await call(ctx, { url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the service worker and the web app manifest revalidated on every visit', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await call(ctx, { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the app routes with the shell and any other unknown page with the 404 page', async () => {
    for (const url of [
      '/akun',
      '/login',
      '/daftar',
      '/verifikasi',
      '/verifikasi/ABCD-1234-EF56-7890?sha256=ab',
    ]) {
      const res = await call(ctx, { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('window.tmShell = 1;');
    }
    const missing = await call(ctx, { url: '/verifikasian' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('window.tmShell');
  });

  it('sends the addresses people type for the privacy policy, terms and help to those pages', async () => {
    for (const [url, to] of [
      ['/privacy', '/help/privacy-policy'],
      ['/kebijakan-privasi', '/help/privacy-policy'],
      ['/terms', '/help/terms'],
      ['/bantuan', '/help'],
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it("answers the API with the REST set of headers, out of every cache, and no page's", async () => {
    for (const url of ['/api/v1/health', '/api/v1/nothing-here']) {
      const res = await call(ctx, { url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(directives(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });
});
