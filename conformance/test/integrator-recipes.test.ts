// The README's Portman recipe cannot go falsely green: the configuration is written as a file (valid
// JSON, no npm banner) and checks each operation's declared success status, not any 2xx.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'portal-recipes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('npm run portman:config -- FILE writes a configuration that checks each declared status', () => {
  const file = join(dir, 'nested', 'portman-config.json');
  execFileSync('npm', ['run', 'portman:config', '--', file], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: 'pipe',
  });
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    tests: {
      contractTests: Array<{
        openApiOperationId?: string;
        statusCode?: { code: number };
        statusSuccess?: unknown;
      }>;
    };
  };
  const tests = config.tests.contractTests;
  expect(tests.some((test) => test.statusSuccess)).toBe(false);
  const codes = new Map(tests.map((test) => [test.openApiOperationId, test.statusCode?.code]));
  expect(codes.get('login')).toBe(302);
  for (const operation of indexOperations(loadContract()).operations) {
    const declared = operation.statuses.find((status) => /^[23]\d\d$/.test(status));
    expect(codes.get(operation.operationId), operation.operationId).toBe(
      declared ? Number(declared) : undefined,
    );
  }
}, 60_000);

it('fails loudly without a file to write', () => {
  expect(() =>
    execFileSync('node', ['--import', 'tsx', 'src/portman-config.ts'], {
      cwd: join(import.meta.dirname, '..'),
      stdio: 'pipe',
    }),
  ).toThrow(/usage: portman-config.ts FILE/);
}, 60_000);
