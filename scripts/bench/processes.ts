// Child processes for benchmarks: start on a free loopback port, wait until they answer, stop them.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Listens on `port` (0: any) of the loopback for a moment: the port it got, or the error. */
function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const got = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(got));
    });
  });
}

/**
 * `BENCH_PORTS=FIRST-LAST` keeps the benchmarks' servers inside a range (a machine shared by several
 * people, each with their own ports): each call takes the next free port of it, never one handed out
 * before. Without it, any free port.
 */
const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
let nextInRange = Number(range?.[1] ?? 0);

export async function freePort(): Promise<number> {
  if (!range) return tryPort(0);
  for (; nextInRange <= Number(range[2]); nextInRange++) {
    const port = await tryPort(nextInRange).catch(() => 0);
    if (port) {
      nextInRange = port + 1;
      return port;
    }
  }
  throw new Error(`BENCH_PORTS=${process.env.BENCH_PORTS}: no free port left in the range`);
}

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a command (its output discarded, unless `logFile` names a file to keep it in), and resolves
 * once `readyUrl` answers below 500.
 */
export async function startProcess(
  command: string,
  args: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    /** The working directory (default this process's). */
    cwd?: string;
    readyUrl: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
    name: string;
    /** How often to ask `readyUrl` (default 250 ms). */
    pollMs?: number;
    /** Ready only on this status (default: any below 500). */
    readyStatus?: number;
    /** Keeps standard output (the server's log) in this file, e.g. to print its end after a failure. */
    logFile?: string;
  },
): Promise<Started> {
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    stdio: ['ignore', log, 'pipe'],
    detached: true,
  });
  // The child holds its own copy of the descriptor.
  if (typeof log === 'number') closeSync(log);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // The whole group: npx starts Prism, and `npm run` the server, as a grandchild, which may still be
  // answering on its port after the npm process has exited: stopped means every process of the group gone.
  const groupAlive = () => {
    try {
      if (child.pid) process.kill(-child.pid, 0);
      return Boolean(child.pid);
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (!groupAlive()) return;
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    for (const deadline = Date.now() + 5_000; groupAlive() && Date.now() < deadline; ) await sleep(10);
    if (groupAlive() && child.pid) process.kill(-child.pid, 'SIGKILL');
    for (const deadline = Date.now() + 5_000; groupAlive() && Date.now() < deadline; ) await sleep(10);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(options.readyUrl, { headers: options.headers ?? {} });
      await response.arrayBuffer();
      if (options.readyStatus ? response.status === options.readyStatus : response.status < 500) {
        return { child, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(options.pollMs ?? 250);
  }
  await stop();
  throw new Error(`${options.name} did not answer ${options.readyUrl} in time: ${stderr}`);
}

/**
 * The Node flags `npm start` gives the server of the checkout at `root` (its script in
 * server/package.json), so the server is measured as it runs, e.g. with its larger young generation
 * (--max-semi-space-size, decision 0034).
 */
export function serverStart(root: string): { flags: string[]; entry: string } {
  const manifest = JSON.parse(readFileSync(join(root, 'server/package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(' ');
  const entry = words.findIndex((word) => word.startsWith('src/'));
  return { flags: words.slice(1, entry), entry: join(root, 'server', words[entry] as string) };
}
