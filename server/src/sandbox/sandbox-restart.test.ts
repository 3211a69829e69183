import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// A real server process killed with SIGKILL while sandboxes exist starts again clean.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dataDir = '';
let child: ChildProcess | null = null;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(port: number): Promise<ChildProcess> {
  const started = spawn(
    process.execPath,
    [
      '--experimental-wasm-modules',
      '--disable-warning=ExperimentalWarning',
      '--import',
      'tsx',
      'src/main.ts',
    ],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORTAL_MODE: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy');
}

afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 with sandboxes alive', () => {
  it('restarts with no sandbox left over and fresh sandboxes on demand', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-sandbox-restart-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const admin = { 'x-user-id': 'admin@example.com', 'content-type': 'application/json' };
    const suspendedIn = async (sandbox: string) => {
      const response = await fetch(`${base}/api/v1/admin/sharings`, {
        headers: { ...admin, 'x-sandbox': sandbox },
      });
      const sharings = (await response.json()) as { id: string; status: string }[];
      return sharings.find((sharing) => sharing.id === 'inv-second-accepted')?.status;
    };
    child = await startServer(port);
    const fresh = await suspendedIn('one');
    await fetch(`${base}/api/v1/admin/sharings/inv-second-accepted/suspend`, {
      method: 'PUT',
      headers: { 'x-user-id': 'admin@example.com', 'x-sandbox': 'one' },
    });
    expect(await suspendedIn('one')).not.toBe(fresh);
    await suspendedIn('two');
    const worlds = path.join(dataDir, 'sandboxes', 'worlds');
    expect((await readdir(worlds)).sort()).toEqual(['one', 'two']);

    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = await startServer(port);
    expect(await readdir(worlds)).toEqual([]);
    // Same name, new sandbox: it starts from the scenario, not from the killed process's copy.
    expect(await suspendedIn('one')).toBe(fresh);
    expect(await readdir(worlds)).toEqual(['one']);
  });
});
