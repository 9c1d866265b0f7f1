import { DEMO_ADMIN } from '../../../src/server/config.js';

export const TEST_SEED_CONFIG = {
  seed: 'demo',
  adminEmail: DEMO_ADMIN.email,
  adminPassword: DEMO_ADMIN.password,
} as const;

/** The same server URL pointing at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The maintenance connection used to create and drop test databases. */
export const adminUrl = (serverUrl: string) => serverUrl;
