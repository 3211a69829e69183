import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // One real server is shared: files run one after another, each resetting the simulation first.
    fileParallelism: false,
    testTimeout: 60_000,
    // A real browser against a real server on a shared 2-core machine: one retry under CI absorbs a timing
    // hiccup; a test that fails twice is a failure. Locally nothing is retried, so flakiness stays visible.
    retry: process.env.CI === 'true' ? 1 : 0,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
