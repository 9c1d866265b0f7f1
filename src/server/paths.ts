import { fileURLToPath } from 'node:url';

/** The package root: this file sits two levels below it both as src/server/paths.ts and dist/server/paths.js. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
export const CLIENT_DIST_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
