import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { akunServiceWorker } from './pwa.config';

/**
 * Replaces the module `source` imported by the react-admin file ending in `importer` with `code` (given that
 * file's folder, for its own imports).
 */
function replaceModule(
  name: string,
  source: string,
  importer: string,
  code: (dir: string) => string,
): Plugin {
  const stub = `\0tanimitra:${name}`;
  let dir = '';
  return {
    name: `tanimitra:${name}`,
    enforce: 'pre',
    resolveId(id, from) {
      const file = from?.replaceAll('\\', '/');
      if (id === source && file?.endsWith(importer)) {
        dir = file.slice(0, file.lastIndexOf('/'));
        return stub;
      }
    },
    load(id) {
      if (id === stub) return code(dir);
    },
  };
}

/**
 * react-admin's `<Admin>` keeps its default login screen as the `loginPage` fallback, and that screen's form
 * brings react-hook-form into the panel's first chunk (about 24 KB gzip) although the panel passes its own
 * login page (admin/login/LoginPage.tsx). The default screen's form is replaced by an empty component here,
 * so react-hook-form loads with the first screen that has a form or a filter. `npm run bench:site` checks
 * the admin's first load against its target.
 */
const withoutDefaultLoginForm = replaceModule(
  'default-login-form',
  './LoginForm.js',
  'ra-ui-materialui/dist/auth/Login.js',
  () => 'export const LoginForm = () => null;',
);

/**
 * Every list's controller imports react-admin's default CSV exporter, and with it the CSV writer (jsonexport),
 * although the panel's lists export through admin/export/csvExporter.ts. The same exporter, with the writer
 * loaded when an export runs, keeps it out of every list's first load.
 */
const csvWriterOnExport = replaceModule(
  'default-exporter',
  './defaultExporter.js',
  'ra-core/dist/export/index.js',
  (dir) => `import { downloadCSV } from ${JSON.stringify(`${dir}/downloadCSV.js`)};
export const defaultExporter = async (data, _, __, resource) => {
  const { default: jsonExport } = await import('jsonexport/dist/index.js');
  jsonExport(data, (err, csv) => downloadCSV(csv, resource));
};`,
);

/**
 * axios bundles its fetch adapter (about 5 KB gzip) beside the XMLHttpRequest one, which every browser the app
 * supports takes first (axios's default order: xhr, http, fetch); the fetch adapter is never chosen in the
 * browser build. It answers "not available" here, as it does where fetch is missing. Tests (jsdom) choose
 * fetch themselves and do not go through this build.
 */
const xhrOnlyAxios = replaceModule(
  'axios-fetch-adapter',
  './fetch.js',
  'axios/lib/adapters/adapters.js',
  () => 'export const getFetch = () => false;',
);

/**
 * react-admin makes a hash router of its own (createHashRouter, RouterProvider: react-router's data router,
 * about 16 KB gzip) only when <Admin> is outside a router; the panel always opens inside the site's
 * BrowserRouter (main.tsx, `/admin/*`). The react-router that every page and /akun share — one chunk — then
 * keeps the data router out. Should the panel ever render outside a router, it says so.
 */
function adminInSiteRouter(): Plugin {
  const file = 'ra-core/dist/routing/adapters/reactRouterProvider.js';
  const taken = ['createHashRouter, ', 'RouterProvider as ReactRouterProvider, '];
  return {
    name: 'tanimitra:admin-in-site-router',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(file)) return;
      if (!taken.every((name) => code.includes(name))) throw new Error(`${file}: its imports changed`);
      const outside =
        "() => { throw new Error('The admin panel renders inside the BrowserRouter of main.tsx'); }";
      return `${taken.reduce((rest, name) => rest.replace(name, ''), code)}
const createHashRouter = ${outside};
const ReactRouterProvider = ${outside};`;
    },
  };
}

/**
 * The panel's i18n (node-polyglot) takes Object.entries from the `object.entries` polyfill, which brings
 * es-abstract's intrinsics (get-intrinsic, object-keys, call-bind…, about 5 KB gzip) into the panel's first
 * chunk; every browser the panel supports has Object.entries.
 */
function nativeObjectEntries(): Plugin {
  const stub = '\0tanimitra:object-entries';
  return {
    name: 'tanimitra:native-object-entries',
    enforce: 'pre',
    resolveId: (id) => (id === 'object.entries' ? stub : undefined),
    load: (id) => (id === stub ? 'module.exports = Object.entries;' : undefined),
  };
}

export default defineConfig({
  plugins: [
    withoutDefaultLoginForm,
    csvWriterOnExport,
    xhrOnlyAxios,
    adminInSiteRouter(),
    nativeObjectEntries(),
    react(),
    akunServiceWorker('dist/client'),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The site's page and /akun's own (the installable app, issue 32); the manifest names each one's chunks
    // for its service worker (pwa.config.ts) and bench/first-load-js.mjs.
    manifest: true,
    rollupOptions: { input: { main: 'index.html', akun: 'akun/index.html' } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
