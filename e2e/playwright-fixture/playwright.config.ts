import { defineConfig } from '@playwright/test';

// Runs the contract package's Playwright fixture as a team would (e2e/contract-fixture.test.ts starts
// it against the browser tests' reference server, named by PORTAL_URL).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  fullyParallel: true,
  reporter: 'line',
  timeout: 60_000,
  outputDir: process.env.FIXTURE_OUTPUT ?? 'test-results',
  use: {
    baseURL: process.env.PORTAL_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    },
  },
});
