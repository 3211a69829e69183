// The README's integrator recipes (Portman + newman, Specmatic), run as the README writes them against
// the reference server and against the deliberately broken one (broken-server.ts): every assertion
// passes on the first; the second fails loudly, with a non-zero exit and the broken answers named.
// The tools come from the npm registry through npx, as an integrator gets them (Specmatic needs Java).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrokenServer, startBrokenServer } from './broken-server.ts';
import { testEngine } from './engine.ts';
import { type ListeningServer, startListeningServer } from './listening-server.ts';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The commands of the README's first `sh` block after `heading`, as written there. */
function recipe(heading: string): string {
  const at = readme.indexOf(heading);
  const block = at < 0 ? null : /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error(`the README has no sh block after ${heading}`);
  return block[1];
}

/** Runs a recipe with the README's server address replaced by `target`; its exit code and output. */
function runRecipe(commands: string, target: string): Promise<{ code: number; output: string }> {
  const script = commands.replaceAll('http://localhost:3000', target);
  return new Promise((done) => {
    execFile(
      'bash',
      ['-euo', 'pipefail', '-c', script],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 600_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stripVTControlCharacters(`${stdout}\n${stderr}`),
        }),
    );
  });
}

// The recipes are about the README's commands, not the database: once per CI run, on SQLite.
const once = testEngine() === 'sqlite';

const portman = recipe('**Portman + newman**');
const specmatic = recipe('**Specmatic**');

/** newman's summary line for assertions: [executed, failed]. */
const newmanAssertions = (output: string) => {
  const row = /assertions\s*│\s*(\d+)\s*│\s*(\d+)/.exec(output);
  return row ? [Number(row[1]), Number(row[2])] : null;
};

describe.runIf(once)('the README recipes against the reference server', () => {
  let reference: ListeningServer;
  beforeAll(async () => {
    reference = await startListeningServer();
  }, 120_000);
  afterAll(() => reference?.close());

  it('Portman + newman: every declared status and schema assertion passes', async () => {
    const { code, output } = await runRecipe(portman, reference.url);
    const [executed, failed] = newmanAssertions(output) ?? [];
    expect(executed, output.slice(-4000)).toBeGreaterThan(100);
    expect(failed, output.slice(-4000)).toBe(0);
    expect(code).toBe(0);
  }, 900_000);

  it('Specmatic: every example passes', async () => {
    const { code, output } = await runRecipe(specmatic, reference.url);
    expect(output.slice(-4000)).toMatch(/Tests run: [1-9]\d*, Successes: \d+, Failures: 0/);
    expect(code).toBe(0);
  }, 900_000);
});

describe.runIf(once)('the README recipes against the deliberately broken server', () => {
  let reference: ListeningServer;
  let broken: BrokenServer;
  beforeAll(async () => {
    reference = await startListeningServer();
    broken = await startBrokenServer(reference.url);
  }, 120_000);
  afterAll(async () => {
    await broken?.close();
    await reference?.close();
  });

  it('Portman + newman fails, naming the renamed field and the 500', async () => {
    const { code, output } = await runRecipe(portman, broken.url);
    const [executed, failed] = newmanAssertions(output) ?? [];
    expect(executed, output.slice(-4000)).toBeGreaterThan(100);
    expect(failed, output.slice(-4000)).toBeGreaterThan(0);
    expect(output).toContain('dataCollectionEnabled');
    expect(output).toMatch(/expected 500 to equal 200|status code 200 but got 500/);
    expect(code).not.toBe(0);
  }, 900_000);

  it('Specmatic fails, naming the broken answers', async () => {
    const { code, output } = await runRecipe(specmatic, broken.url);
    expect(output.slice(-4000)).toMatch(/Tests run: \d+, Successes: \d+, Failures: [1-9]/);
    expect(output).toContain("the example 'listProducts' has FAILED");
    expect(output).toContain("the example 'listDownloadJobs' has FAILED");
    expect(code).not.toBe(0);
  }, 900_000);
});

describe.runIf(once)('the README recipes in the checkout', () => {
  it('write only into the ignored .integrators/', () => {
    for (const file of ['build', 'collection.json', 'portman-config.json', 'specmatic-examples'])
      expect(existsSync(join(root, file)), file).toBe(false);
    expect(existsSync(join(root, '.integrators/specmatic.log'))).toBe(true);
  });
});
