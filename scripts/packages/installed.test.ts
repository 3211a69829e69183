// The packages as an integrator gets them: packed, installed into an empty project with their
// dependencies from the registry (nothing from this workspace), then used through their commands.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.ts';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'portal-packages-'));
chmodSync(work, 0o755); // the image's command runs as another user below
const project = join(work, 'project');
let tarballs: string[] = [];
const tarball = (name: string) => {
  const found = tarballs.find((file) => file.endsWith(`/${name}-${version()}.tgz`));
  if (!found) throw new Error(`no tarball for ${name}`);
  return found;
};
const version = () => (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** What the integrator installs by name beside the tarballs: never pinned by `lockedVersions`. */
const integratorTools = ['vitest', '@playwright/test', 'msw', 'openapi-fetch'];

/**
 * The registry's packages at the versions this repository's lockfile holds, for every name it holds
 * at one version only. An integrator's project has its own lockfile; without one, each run would take
 * whatever the registry published that morning, and a registry caught between two publishes (one
 * package released, the one it requires not yet) fails the suite for nothing in these packages.
 */
function lockedVersions(): Record<string, string> {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version?: string; link?: boolean }>;
  };
  const versions = new Map<string, Set<string>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (at < 0 || entry.link || !entry.version) continue;
    const name = path.slice(at + 'node_modules/'.length);
    versions.set(name, (versions.get(name) ?? new Set()).add(entry.version));
  }
  return Object.fromEntries(
    [...versions]
      .filter(([name, seen]) => seen.size === 1 && !integratorTools.includes(name))
      .map(([name, seen]) => [name, [...seen][0] as string]),
  );
}

/** An empty npm project with these packages installed from their tarballs and the registry. */
async function emptyProject(dir: string, specs: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'integrator', private: true, type: 'module', overrides: lockedVersions() }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Every package in an installed tree (npm's own count, the project itself left out). */
async function installedPackages(dir: string): Promise<string[]> {
  const { stdout } = await run('npm', ['ls', '--all', '--parseable'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim().split('\n').slice(1);
}

const servers: ChildProcess[] = [];

beforeAll(async () => {
  tarballs = await packAll();
  await emptyProject(project, tarballs);
}, 600_000);

afterAll(() => {
  for (const server of servers)
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

describe('the tarballs', () => {
  it('hold built JavaScript with declarations, a README and a licence, and no TypeScript source', () => {
    for (const name of ['data-act-portal', 'portal-conformance', 'data-act-portal-contract']) {
      const dir = join(project, 'node_modules', name);
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
      expect(files, name).toEqual(
        expect.arrayContaining(['README.md', 'LICENSE', 'package.json', 'openapi.yaml']),
      );
      expect(
        files.filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts')),
        name,
      ).toEqual([]);
      expect(
        files.some((file) => file.endsWith('.d.mts')),
        name,
      ).toBe(true);
    }
  });

  it('install without tsx, TypeScript or the Prisma CLI', async () => {
    const names = (await installedPackages(project)).map((path) => path.split('node_modules/').at(-1));
    for (const tool of ['tsx', 'typescript', 'prisma', 'vite']) expect(names).not.toContain(tool);
  });
});

describe('the type declarations', () => {
  it("type an integrator's code against all three packages, and refuse a wrong call", async () => {
    const typescript = JSON.parse(readFileSync('node_modules/typescript/package.json', 'utf8'))
      .version as string;
    const dir = join(project, 'typed');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { parseCommandLine } from 'data-act-portal/cli';
import { createAnswerChecker } from 'data-act-portal-contract/answers';
import { loadContract } from 'data-act-portal-contract/document';
import type { components, paths } from 'data-act-portal-contract/schema';
import { type RunReport, runConformance } from 'portal-conformance/run';

type Product = components['schemas']['Product'];
export const product: Pick<Product, 'id'> = { id: 'prod-veh-1' };
export type Health = paths['/api/v1/health']['get']['responses'][200]['content']['application/json'];
const check = createAnswerChecker(loadContract());
export const problems: string[] = check({ operationId: 'getHealth', status: 200, body: '{}' });
export const line = parseCommandLine(['--port', '4000'], {}, '/');
export const report: Promise<RunReport> = runConformance({ target: 'http://localhost:3000' });
// @ts-expect-error the target is a URL string
runConformance({ target: 3000 });
// @ts-expect-error products have no such field
export const wrong: Product['noSuchField'] = 1;
`,
    );
    const options = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
    };
    // skipLibCheck: the declarations refer to Node's types, which an integrator's project has its own of.
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { ...options, skipLibCheck: true, types: [] },
        files: ['consumer.ts'],
      }),
    );
    // TypeScript from the registry through npx: the project's own tree stays free of it.
    const compiled = await run(
      'npx',
      ['-y', '-p', `typescript@${typescript}`, 'tsc', '-p', 'tsconfig.json'],
      {
        cwd: dir,
      },
    ).catch((error: { stdout: string }) => error);
    expect(compiled.stdout).toBe('');
  }, 300_000);
});

describe('data-act-portal-contract/msw', () => {
  /** The bare specifiers `file` imports, its own relative imports followed. */
  function importsOf(file: string, seen = new Set<string>()): Set<string> {
    const bare = new Set<string>();
    if (seen.has(file)) return bare;
    seen.add(file);
    // TypeScript's pre-processor reads the import and export statements, comments left out.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith('.'))
        for (const each of importsOf(join(dirname(file), fileName), seen)) bare.add(each);
      else bare.add(fileName);
    }
    return bare;
  }

  it('imports only msw: no file is read, nothing of Node is loaded (it runs in a browser too)', () => {
    const dir = join(project, 'node_modules/data-act-portal-contract');
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const imported = [...importsOf(join(dir, manifest.exports['./msw'].default))];
    expect(imported).toEqual(['msw']);
  });
});

describe('portal-conformance', () => {
  it('installs alone with at most 40 packages', async () => {
    const alone = join(work, 'kit-alone');
    await emptyProject(alone, [tarball('portal-conformance')]);
    const installed = await installedPackages(alone);
    expect(installed.length).toBeGreaterThan(0);
    expect(installed.length).toBeLessThanOrEqual(40);
  }, 300_000);

  it('answers --help with its own command name and its exit codes', async () => {
    const help = await run('npx', ['portal-conformance', '--help'], { cwd: project });
    expect(help.stdout).toMatch(/^Usage: portal-conformance --target URL/);
    expect(help.stdout).toContain('2 when the run could not judge the target');
  });
});

describe('data-act-portal', () => {
  it('answers --help and --version', async () => {
    const help = await run('npx', ['data-act-portal', '--help'], { cwd: project });
    expect(help.stdout).toContain('--proxy-target URL');
    expect(help.stdout).toContain('[DATABASE_URL]');
    const shown = await run('npx', ['data-act-portal', '--version'], { cwd: project });
    expect(shown.stdout.trim()).toBe(version());
  });
});

describe('data-act-portal started with npx, used from the integrator project', () => {
  let target = '';
  const integrator = join(project, 'integrator');

  beforeAll(async () => {
    const port = await freePort();
    target = `http://localhost:${port}`;
    const server = spawn(
      'npx',
      ['data-act-portal', '--mode', 'test', '--port', String(port), '--data-dir', 'portal-data'],
      {
        cwd: project,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    servers.push(server);
    let log = '';
    server.stdout?.on('data', (chunk) => (log += chunk));
    server.stderr?.on('data', (chunk) => (log += chunk));
    // The integrator's own tests and tools, from the registry, while the server starts.
    const versions = (file: string) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    const tools = run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `vitest@${versions('node_modules/vitest/package.json')}`,
        `@playwright/test@${versions('node_modules/playwright-core/package.json')}`,
        // The contract package's peer dependencies for its MSW handlers and typed client.
        `msw@${versions('node_modules/msw/package.json')}`,
        `openapi-fetch@${versions('node_modules/openapi-fetch/package.json')}`,
      ],
      { cwd: project, maxBuffer: 16 * 1024 * 1024 },
    );
    cpSync(join(here, 'integrator'), integrator, { recursive: true });
    const deadline = Date.now() + 180_000;
    for (;;) {
      const health = await fetch(`${target}/api/v1/health`).catch(() => null);
      if (health?.ok) break;
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start:\n${log}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    await tools;
  }, 600_000);

  it('serves the built web app from the package, its database migrated', async () => {
    const page = await fetch(`${target}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(readdirSync(join(project, 'portal-data'))).toContain('portal.db');
  });

  it('scores 100 % with npx portal-conformance', async () => {
    const junit = join(work, 'conformance.xml');
    const kit = await run('npx', ['portal-conformance', '--target', target, '--junit', junit], {
      cwd: project,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { code: number; stdout: string }) => error);
    expect(stripVTControlCharacters(kit.stdout)).toMatch(/Total: 100 % \(\d+ passed, 0 failed/);
    expect('code' in kit ? kit.code : 0).toBe(0);
    expect(readFileSync(junit, 'utf8')).toContain('<testsuites');
  }, 600_000);

  it("passes the integrator's vitest tests: the contract package's MSW handlers, and its answer checker on the server", async () => {
    const tests = await run('npx', ['vitest', 'run'], {
      cwd: integrator,
      env: { ...process.env, PORTAL_URL: target },
    });
    expect(stripVTControlCharacters(tests.stdout)).toMatch(/Test Files\s+2 passed/);
    expect(stripVTControlCharacters(tests.stdout)).toMatch(/Tests\s+3 passed/);
  }, 300_000);

  it("passes the integrator's Playwright tests with the contract package's fixture in Debian's Chromium", async () => {
    const tests = await run('npx', ['playwright', 'test'], {
      cwd: integrator,
      env: { ...process.env, PORTAL_URL: target },
    });
    expect(stripVTControlCharacters(tests.stdout)).toMatch(/2 passed/);
  }, 300_000);
});

/** The Dockerfile's stages: each stage's instructions as [keyword, arguments], continuations joined. */
function dockerStages(text: string): { from: string; name?: string; steps: [string, string][] }[] {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n');
  const stages: { from: string; name?: string; steps: [string, string][] }[] = [];
  for (const line of lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, steps: [] });
    } else stages.at(-1)?.steps.push([keyword.toUpperCase(), args]);
  }
  return stages;
}

// No container engine runs on these machines: the image is checked by what can be checked without one.
describe('the Docker image', () => {
  const stages = dockerStages(readFileSync('Dockerfile', 'utf8'));
  const final = stages.at(-1) as (typeof stages)[number];
  const step = (keyword: string) => final.steps.filter(([k]) => k === keyword).map(([, args]) => args);
  const env = Object.fromEntries(
    step('ENV').flatMap((args) => args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );

  it('is Node 24 LTS in every stage, and its final stage runs the packaged command, not npm or tsx', () => {
    for (const stage of stages) expect(stage.from).toMatch(/^node:24-/);
    expect(JSON.parse(step('CMD')[0] as string)).toEqual(['/app/node_modules/.bin/data-act-portal']);
    expect(JSON.parse(step('ENTRYPOINT')[0] as string)).toEqual(['/usr/bin/tini', '--']);
  });

  it('holds production dependencies only: /app is an --omit=dev install of the server tarball', () => {
    const install = stages.find((stage) => stage.name === 'install');
    expect(install?.steps.find(([k]) => k === 'RUN')?.[1]).toMatch(
      /npm install --omit=dev .*data-act-portal-\*\.tgz/,
    );
    expect(final.steps.filter(([k]) => k === 'COPY')).toEqual([['COPY', '--from=install /app /app']]);
    expect(final.steps.some(([k, args]) => k === 'RUN' && /npm (ci|install)/.test(args))).toBe(false);
    // A package manifest has no devDependencies to leave out: what the image installs is what runs here.
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules/data-act-portal/package.json'), 'utf8'),
    );
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('runs as the unprivileged node user with NODE_ENV=production and a health check', () => {
    expect(step('USER')).toEqual(['node']);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: '/data' });
    expect(step('HEALTHCHECK')[0]).toContain('/api/v1/health');
  });

  it("starts with the image's environment and command as a non-root user, and its health check passes", async () => {
    if (process.getuid?.() !== 0) return; // runuser needs root (CI and these machines run as root)
    const port = await freePort();
    const data = join(work, 'image-data');
    mkdirSync(data);
    await run('chown', ['nobody', data]); // as the image gives /data to its user
    // As the image gives the contract's cache to its user: every path its RUN steps give to `node`.
    const owned = final.steps
      .filter(([k]) => k === 'RUN')
      .flatMap(([, args]) => [...args.matchAll(/chown node:node (\/app\/\S+)/g)].map((m) => m[1] as string));
    const cache = join(project, 'node_modules/data-act-portal/node_modules/.cache/portal-contract');
    expect(owned.map((path) => path.replace('/app', project))).toContain(cache);
    for (const path of owned) {
      // Empty, as in the image: the servers started above as root filled the cache already.
      rmSync(path.replace('/app', project), { recursive: true, force: true });
      mkdirSync(path.replace('/app', project), { recursive: true });
      await run('chown', ['nobody', path.replace('/app', project)]);
    }
    const command = JSON.parse(step('CMD')[0] as string)[0].replace('/app', project);
    const server = spawn('runuser', ['-u', 'nobody', '--', command], {
      cwd: project,
      detached: true,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    let log = '';
    server.stdout?.on('data', (chunk) => (log += chunk));
    server.stderr?.on('data', (chunk) => (log += chunk));
    const check = JSON.parse(/CMD (\[.*\])$/.exec(step('HEALTHCHECK')[0] as string)?.[1] ?? '[]') as string[];
    const deadline = Date.now() + 120_000;
    for (;;) {
      const passed = await run(check[0] as string, check.slice(1), {
        env: { ...process.env, PORT: String(port) },
      })
        .then(() => true)
        .catch(() => false);
      if (passed) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`no healthy start:\n${log}`);
      await new Promise((done) => setTimeout(done, 500));
    }
    expect(readdirSync(data)).toContain('portal.db');
    // The parsed contract was written where the image's user may write: the next start skips the parse.
    expect(readdirSync(cache).filter((file) => file.endsWith('.json'))).toHaveLength(1);
  }, 300_000);
});

describe('docker-compose.yml', () => {
  it('is valid for docker-compose', async () => {
    const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', 'config']);
    expect(stdout).toContain('portal:');
  });
});
