import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@portal/test-support/server-process';
import { afterEach, describe, expect, it } from 'vitest';

// Whole-process behaviour of `src/main.ts`: what the operator sees at start, the data-directory
// lock and the clean-up after a crash.
const started: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  started.push(server);
  return server;
}

describe('starting the server', () => {
  it('refuses production without an external identity provider, and development off this machine', async () => {
    const production = await start({ PORTAL_MODE: 'production', DATA_DIR: dataDir() });
    expect(await production.exited).toBe(1);
    expect(production.output()).toContain('PORTAL_MODE=production needs an external identity provider');
    const exposed = await start({ PORTAL_MODE: 'development', HOST: '0.0.0.0', DATA_DIR: dataDir() });
    expect(await exposed.exited).toBe(1);
    expect(exposed.output()).toContain('use PORTAL_MODE=demo to show the portal on a network');
  }, 90_000);

  it('states its mode; unset PORTAL_MODE runs demo, which ignores X-User-Id', async () => {
    const server = await start({ PORTAL_MODE: '', DATA_DIR: dataDir() });
    await server.healthy();
    expect(server.output()).toContain('demo mode (PORTAL_MODE is not set)');
    const config = await (await fetch(`${server.url}/api/v1/config`)).json();
    expect(config).toMatchObject({ mode: 'demo', devMode: true });
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { 'x-user-id': 'admin@example.com' },
    });
    expect(me.status).toBe(401);
  }, 90_000);

  it('stops a second server on the same data directory at once, naming the directory and the first process', async () => {
    const dir = dataDir();
    const first = await start({ PORTAL_MODE: 'test', DATA_DIR: dir });
    await first.healthy();
    const second = await start({ PORTAL_MODE: 'test', DATA_DIR: dir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another portal server (process ${first.child.pid}) is already using the data directory ${dir}.`,
    );
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/v1/health`)).status).toBe(200);
  }, 90_000);

  it('after kill -9, takes over the stale lock and removes files no row points to', async () => {
    const dir = dataDir();
    const first = await start({ PORTAL_MODE: 'test', DATA_DIR: dir });
    await first.healthy();
    const documents = path.join(dir, 'agent-files');
    const exports = path.join(dir, 'exports');
    mkdirSync(exports, { recursive: true });
    const kept = readdirSync(documents);
    expect(kept.length).toBeGreaterThan(0);
    // The zips of the seeded finished downloads have their rows.
    const keptExports = readdirSync(exports);
    // What a crash between writing a file and committing its row leaves behind.
    writeFileSync(path.join(documents, '00000000-orphan-upload'), 'half an upload');
    writeFileSync(path.join(exports, 'orphan-job.zip'), 'zip without a job');
    writeFileSync(path.join(exports, 'job.zip.tmp-123'), 'half an export');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(true);

    const second = await start({ PORTAL_MODE: 'test', DATA_DIR: dir });
    await second.healthy();
    expect(readdirSync(documents).sort()).toEqual([...kept].sort());
    expect(readdirSync(exports).sort()).toEqual([...keptExports].sort());
  }, 120_000);
});

describe('process life', () => {
  const messages = (server: ServerProcess) =>
    server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('writes only JSON log lines to stdout (the banner goes to stderr), and stops on SIGTERM', async () => {
    const server = await start({ PORTAL_MODE: 'test', DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
    await server.healthy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Data Act Portal is running at');
    expect(server.stdout()).not.toContain('Data Act Portal is running at');
    const logged = messages(server); // throws on a line that is not JSON
    expect(logged).toContainEqual(expect.stringMatching(/^portal listening at http:\/\/\S+:\d+$/));
    expect(logged.slice(-2)).toEqual(['portal stopping', 'portal stopped']);
  }, 90_000);

  it('answers from its first moment: alive (liveness 200) and not ready (readiness 503) until its start is over', async () => {
    const server = await start({ PORTAL_MODE: 'test', DATA_DIR: dataDir() });
    const readiness: number[] = [];
    for (const deadline = Date.now() + 120_000; Date.now() < deadline && readiness.at(-1) !== 200; ) {
      const live = await fetch(`${server.url}/api/v1/health/live`).then(
        (response) => response.status,
        () => 0,
      );
      if (live === 200) readiness.push((await fetch(`${server.url}/api/v1/health`)).status);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Migrating and seeding an empty database takes longer than one round trip.
    expect(readiness[0]).toBe(503);
    expect(readiness.at(-1)).toBe(200);
    expect(new Set(readiness)).toEqual(new Set([503, 200]));
  }, 150_000);

  it('exits after SHUTDOWN_TIMEOUT_MS when a call being answered never ends, and logs it', async () => {
    const server = await start({
      PORTAL_MODE: 'test',
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '1500',
    });
    await server.healthy();
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    // A body that never arrives (its time limit is 120 s): closing the server waits for it.
    socket.write(
      'POST /api/v1/invitations HTTP/1.1\r\nHost: localhost\r\nX-User-Id: owner@example.com\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"productIds":',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    socket.destroy();
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    expect(messages(server)).toContain('portal stop did not finish in time; exiting');
  }, 90_000);
});
