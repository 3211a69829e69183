// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, trust
// authentication, a free port on 127.0.0.1 and a private socket folder; about a second to a running
// server. Debian's server binaries refuse to run as root, so as root they run as the `postgres` user.
// Nothing is started by hand: `npm test` (server/vitest.config.ts) starts one per run and stops it;
// `npm run db:migration` starts one to render the PostgreSQL migration.
import { execFile as execFileCallback, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCallback);

export interface PostgresCluster {
  port: number;
  /** `postgresql://postgres@127.0.0.1:{port}/{database}` */
  url(database?: string): string;
  /** Stops the server now (`immediate`: like a crash, or `fast`). Its data stays until `remove`. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data (after `stop`). */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL server binaries on the machine (`POSTGRES_BIN` overrides). */
export function postgresBinDir(): string | null {
  const configured = process.env.POSTGRES_BIN;
  if (configured) return existsSync(join(configured, 'initdb')) ? configured : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPostgres(options: { port?: number; settings?: Record<string, string> } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL server found (apt-get install postgresql, or set POSTGRES_BIN)');
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(join(tmpdir(), 'portal-pg-'));
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args])
      : execFile(join(bin, tool), args);
  const data = join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = options.port ?? (await freePort());
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    // Throwaway data: nothing needs to survive a power cut.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '400',
    ...options.settings,
  };
  const flags = [`-p ${port}`, ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`)].join(
    ' ',
  );
  const start = () =>
    run('pg_ctl', ['-D', data, '-w', '-t', '60', '-o', flags, '-l', join(dir, 'log'), 'start']);
  await start();
  watchOwner(bin, data, dir, asRoot);
  let running = true;
  const cluster: PostgresCluster = {
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode = 'fast') {
      if (!running) return;
      running = false;
      await run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']).catch(() => undefined);
    },
    async start() {
      if (running) return;
      await start();
      running = true;
    },
    async remove() {
      await cluster.stop('immediate');
      await rm(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/**
 * A throwaway server must not outlive the process that started it, even when that process is killed
 * (a test runner stopped by a timeout skips its teardown): a detached watchdog stops the server and
 * deletes its folder once the owner is gone.
 */
function watchOwner(bin: string, data: string, dir: string, asRoot: boolean): void {
  const stop = `${asRoot ? 'runuser -u postgres -- ' : ''}${join(bin, 'pg_ctl')} -D '${data}' -m immediate stop`;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stop} >/dev/null 2>&1; rm -rf '${dir}'`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await execFile('id', ['-u', 'postgres']);
  const { stdout: group } = await execFile('id', ['-g', 'postgres']);
  return [Number(stdout.trim()), Number(group.trim())];
}
