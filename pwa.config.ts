import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

/** The /akun entry (akun/index.html): its page and every chunk it may load are what the worker keeps. */
const AKUN_ENTRY = 'akun/index.html';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files of the /akun entry from the build's Vite manifest: its page, its chunks, the ones it imports
 * later (a form's map, a contract's screen, the offline store) and their CSS and assets. The main entry
 * (the public site and the admin panel) is not followed: those stay network-only.
 */
function akunFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>([AKUN_ENTRY]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === 'index.html') return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(AKUN_ENTRY);
  return files;
}

/**
 * The service worker of the installable /akun (issue 32), /sw.js, registered by src/app/account/main.tsx with
 * scope /akun: it precaches /akun's page and chunks and answers every /akun navigation with that page, also
 * offline. API calls are not its business (the app queues its writes itself). The web app manifest is
 * public/manifest.webmanifest, linked from akun/index.html only.
 */
export function akunServiceWorker(outDir: string) {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    scope: '/akun',
    manifest: false,
    injectRegister: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      globIgnores: ['**/node_modules/**', 'sw.js', 'workbox-*.js'],
      manifestTransforms: [
        async (entries) => {
          if (!existsSync(path.join(outDir, '.vite/manifest.json')))
            return { manifest: entries, warnings: ['no Vite manifest: everything precached'] };
          const keep = akunFiles(outDir);
          keep.add('favicon.svg');
          for (const icon of ['icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png'])
            keep.add(icon);
          return { manifest: entries.filter((e) => keep.has(e.url.replace(/^\//, ''))) };
        },
      ],
      navigateFallback: `/${AKUN_ENTRY}`,
      navigateFallbackAllowlist: [/^\/akun(\/|$)/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      inlineWorkboxRuntime: true,
    },
  });
}
