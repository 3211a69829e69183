import { type Browser, chromium } from 'playwright-core';

// No vitest import here: the scripts (screenshots, benchmarks) launch the browser the same way.

/** Debian's Chromium, headless, with the flags this machine's closed network needs (plus `extraArgs`). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}
