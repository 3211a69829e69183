import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { clearFaults, setClockSpeed } from './faults.ts';
import { enterSandbox, leaveSandbox, resetSharedWorld } from './world.ts';

// The browser test kit: every e2e file starts with `const browser = useBrowser()` in its describe.

export interface BrowserKitOptions {
  /** How fast simulated time runs during the file (download jobs, collection changes). */
  clockSpeed?: number;
  /** The scenario the file's sandbox is a copy of (default `demo`). */
  scenario?: string;
  /**
   * `shared`: the file works in the server's shared world, reset first (only files of the serial
   * group in e2e/vitest.config.ts may, since a reset would pull the world from under another file).
   */
  world?: 'sandbox' | 'shared';
}

/**
 * The browser of one test file. Before its first test the file gets a fresh sandbox of its scenario
 * (every context of the kit and every direct call reaches it, so files run in parallel without
 * resets), and the clock speed is set; before each test injected faults are cleared; after its last
 * test the sandbox is removed and Chromium closes. Call it first in the file's `describe`, so the
 * file's own hooks run on fresh data, and read the getter inside tests and hooks only.
 */
export function useBrowser(options: BrowserKitOptions = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (options.world === 'shared') await resetSharedWorld();
    else await enterSandbox(options.scenario ?? 'demo');
    if (options.clockSpeed !== undefined) await setClockSpeed(options.clockSpeed);
    browser = await launchBrowser();
  });
  beforeEach(() => clearFaults());
  afterAll(async () => {
    // The browser first: a page left open by a failed test must not call into a sandbox being removed.
    await browser?.close();
    if (options.world === 'shared') {
      await clearFaults();
      if (options.clockSpeed !== undefined) await setClockSpeed(1);
    } else await leaveSandbox();
  });
  return () => {
    if (!browser)
      throw new Error('useBrowser(): the browser starts in beforeAll; read it inside tests and hooks');
    return browser;
  };
}
