// Writes dist/client/<route>/index.html for every public page: the HTML of the page rendered by
// react-dom/server (from the SSR build of src/app/site/entry-server.tsx), so text paints before any script runs.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const clientDir = 'dist/client';
const ssrEntry = path.resolve('dist/ssr/entry-server.js');
// Vite's index.html, kept as the unprerendered shell (empty #root) for /admin, /login and /akun before
// the public pages' HTML (index.html included) is written over it.
copyFileSync(path.join(clientDir, 'index.html'), path.join(clientDir, 'shell.html'));
const template = readFileSync(path.join(clientDir, 'shell.html'), 'utf8');
const { render, pages, notFound } = await import(pathToFileURL(ssrEntry).href);

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Each placeholder must be found in index.html, or the build fails. */
function replaceOnce(html, pattern, replacement) {
  if (!html.match(pattern)) throw new Error(`prerender: index.html has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

function fill(html, { title, description, body }) {
  let out = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"/,
    `<meta name="description" content="${escapeHtml(description)}"`,
  );
  return replaceOnce(out, /<div id="root"><\/div>/, `<div id="root">${body}</div>`);
}

for (const page of pages) {
  const file = path.join(clientDir, page.path, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, fill(template, { ...page, body: render(page.path) }));
}
// What the server answers, with status 404, for an unknown page outside the client-only app routes.
writeFileSync(path.join(clientDir, '404.html'), fill(template, { ...notFound, body: render('/404') }));
rmSync('dist/ssr', { recursive: true, force: true });
console.log(`prerendered ${pages.length} pages and 404.html`);
