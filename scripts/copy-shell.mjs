// The unprerendered SPA shell (empty #root) for /admin, /login, /akun and the 404 page; the prerender
// (scripts/prerender.mjs) then writes the public pages' HTML, index.html included.
import { copyFileSync } from 'node:fs';
copyFileSync('dist/client/index.html', 'dist/client/shell.html');
