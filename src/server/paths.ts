import { fileURLToPath } from 'node:url';

// This file sits two levels below the package root both as src/server/paths.ts and dist/server/paths.js.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
export const CLIENT_DIST_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
