import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, resetSimulation } from './browser.ts';
import { clearFaults, setClockSpeed } from './faults.ts';

// The browser test kit: every e2e file starts with `const browser = useBrowser()` in its describe.

export interface BrowserKitOptions {
  /** How fast simulated time runs during the file (download jobs, collection changes); back to 1 after. */
  clockSpeed?: number;
}

/**
 * The browser of one test file. Before its first test the simulation is reset to the seeded personas
 * (and the clock speed set); before each test injected faults are cleared; after its last test faults
 * and clock speed are restored and Chromium closes. Call it first in the file's `describe`, so the
 * file's own hooks run on fresh data, and read the getter inside tests and hooks only.
 */
export function useBrowser(options: BrowserKitOptions = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    await resetSimulation();
    if (options.clockSpeed !== undefined) await setClockSpeed(options.clockSpeed);
    browser = await launchBrowser();
  });
  beforeEach(() => clearFaults());
  afterAll(async () => {
    await clearFaults();
    if (options.clockSpeed !== undefined) await setClockSpeed(1);
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error('useBrowser(): the browser starts in beforeAll; read it inside tests and hooks');
    return browser;
  };
}
