import { defineConfig } from 'vitest/config';

/** Browser tests: Playwright drives Debian's Chromium against `npm start` on a free port (see test/e2e/support). */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
