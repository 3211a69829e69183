import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { baseUrl } from './support/world.ts';

// The contract package's Playwright fixture (@portal/contract/playwright) run by Playwright's own
// runner, as a front-end team runs it, against the reference server: each test in a sandbox of its
// own, signed in as its persona, the sandbox removed after the test.
const dir = mkdtempSync(path.join(tmpdir(), 'portal-pw-fixture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

it('gives each test its own sandbox and signs its persona in', async () => {
  const log = path.join(dir, 'sandboxes.txt');
  writeFileSync(log, '');
  const output: string[] = [];
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [cli, 'test', '-c', path.join(import.meta.dirname, 'playwright-fixture/playwright.config.ts')],
      {
        env: {
          ...process.env,
          PORTAL_URL: baseUrl(),
          FIXTURE_LOG: log,
          FIXTURE_OUTPUT: path.join(dir, 'out'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk) => output.push(String(chunk)));
    child.stderr.on('data', (chunk) => output.push(String(chunk)));
    child.on('close', resolve);
  });
  expect(status, output.join('')).toBe(0);
  const seen = readFileSync(log, 'utf8').trim().split('\n').sort();
  expect(seen.map((line) => line.split(' ')[0])).toEqual(['empty', 'owner', 'visitor']);
  expect(new Set(seen.map((line) => line.split(' ')[1])).size).toBe(3);
}, 180_000);
