import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Password hashes at the test cost (src/server/auth/passwords.ts): the suite signs in and signs contracts
// hundreds of times. Set here, not in `test.env`, so that global setup's seed (run in this process) and the
// servers the app tests spawn hash at it too.
process.env.PASSWORD_HASH_COST ??= 'test';

// `isolate: false` reuses each worker's module graph across test files: react-admin, MUI, Fastify and
// PGlite are imported once per worker instead of once per file, which is most of the suite's time on
// two cores. Files still get their own database (server) and a cleared DOM and storage (app).
export default defineConfig({
  plugins: [react()],
  test: {
    isolate: false,
    // Measured on 2 cores: two workers keep only ~1.2 cores busy (tests wait on debounces, timers and
    // loopback HTTP); a third fills that idle time (143 s → 106 s for the whole suite), and a fourth still
    // helps (same tree, back to back: 3 workers 126 s wall and 245 s CPU, 4 workers 112 s and 218 s).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          // A file's first hook may wait for the run's seeded database (test/support/seeded-embedded.ts), made
          // beside the first files: on a loaded machine that can take longer than the hook itself.
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['test/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globalSetup: ['test/app/global-setup.ts'],
          setupFiles: ['test/app/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
