import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Fault tests: a real server process over real HTTP while its database connections are cut or the process is
 * killed (test/fault). Needs DATABASE_URL (a PostgreSQL server where databases may be created). Stopping and
 * starting the whole PostgreSQL cluster cuts every other client of that server too, so that file runs only
 * with FAULT_RESTART_POSTGRES=1 (CI's own fault step).
 */
export default defineConfig({
  test: {
    name: 'fault',
    include: ['test/fault/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.FAULT_RESTART_POSTGRES === '1' ? [] : ['test/fault/postgres-restart.test.ts']),
    ],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
