// An integrator's Playwright set-up: Debian's Chromium, the portal under test at PORTAL_URL.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testMatch: '*.spec.ts',
  reporter: 'line',
  // A loaded CI machine: a cold Chromium and the first page take longer than Playwright's defaults.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: process.env.PORTAL_URL,
    // Debian's Chromium: Playwright's own browser downloads are never used.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
      ],
    },
  },
});
