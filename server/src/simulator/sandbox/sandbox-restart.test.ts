import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startHealthyServer } from '../../../test/server-process.ts';

// A real server process killed with SIGKILL while sandboxes exist starts again clean.
let dataDir = '';
let child: ChildProcess | null = null;

const startServer = async (port: number) =>
  (await startHealthyServer({ PORTAL_MODE: 'test', DATA_DIR: dataDir }, port)).child;

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
