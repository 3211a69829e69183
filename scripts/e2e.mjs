// Runs the browser tests (e2e/) in Debian's Chromium against the real reference server.
// Under CI (CI=true) a missing browser is a failure; elsewhere it is reported in one line and skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const chromium = candidates.find((path) => existsSync(path));
if (!chromium) {
  const hint = 'Browser tests need Chromium: run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.';
  if (process.env.CI === 'true') {
    console.error(`FAIL: ${hint}`);
    process.exit(1);
  }
  console.log(`Skipping browser tests. ${hint}`);
  process.exit(0);
}

const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(result.status ?? 1);
