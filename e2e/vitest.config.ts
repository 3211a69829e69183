import { defineConfig } from 'vitest/config';
import type { ProjectConfig } from 'vitest/node';

// Browser test files run in parallel workers, each in its own sandbox of the reference server
// (e2e/support/world.ts, decision 0033): no file resets the world another is using. Files that must
// measure or see the shared world run afterwards, one at a time, against a server of their own.
const SERIAL = ['e2e/lighthouse.test.ts'];

/** Parallel workers: E2E_WORKERS, else the count measured fastest on a shared 2-core machine. */
const workers = Number(process.env.E2E_WORKERS ?? 3);
if (!Number.isInteger(workers) || workers < 1) throw new Error('E2E_WORKERS must be a whole number ≥ 1');

const shared = {
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 60_000,
  // A real browser against a real server on a shared 2-core machine: one retry under CI absorbs a timing
  // hiccup; a test that fails twice is a failure. Locally nothing is retried, so flakiness stays visible.
  retry: process.env.CI === 'true' ? 1 : 0,
  hookTimeout: 120_000,
  pool: 'forks',
} satisfies ProjectConfig;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'sandboxed',
          include: ['e2e/**/*.test.ts'],
          exclude: SERIAL,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'shared-world',
          include: SERIAL,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
