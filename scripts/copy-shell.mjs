// The unprerendered SPA shell (empty #root) for /admin, /login and /akun; the prerender
// (scripts/prerender.mjs) then writes the public pages' HTML, index.html included, and 404.html.
import { copyFileSync } from 'node:fs';
copyFileSync('dist/client/index.html', 'dist/client/shell.html');
