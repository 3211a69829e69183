// The real server as a child process, started as `npm start` starts it (src/start.mjs: Node strips
// the types, with its compile cache), for what only a whole process shows: start-up
// refusals, the data-directory lock, recovery after kill -9; also what the benchmarks measure.
// The one place that starts a server process (tests, scripts/bench-*.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** What the process wrote to stdout alone (its JSON log lines). */
  stdout(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once /api/v1/health answers 200; rejects if the process ends first. */
  healthy(): Promise<void>;
}

/** Listens on `port` (0: any) of the loopback for a moment: the port it got, or 0 when it is taken. */
function tryPort(port: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `BENCH_PORTS=FIRST-LAST` keeps what this process starts (servers, a browser's debugging port) inside
 * a range, as scripts/bench/processes.ts does (a machine shared by several people): each call takes the
 * next free port of it, never one handed out before. Without it, any free port.
 */
const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
let nextInRange = Number(range?.[1] ?? 0);

export async function freePort(): Promise<number> {
  if (!range) return tryPort(0);
  for (; nextInRange <= Number(range[2]); nextInRange++) {
    const port = await tryPort(nextInRange);
    if (port) {
      nextInRange = port + 1;
      return port;
    }
  }
  throw new Error(`BENCH_PORTS=${process.env.BENCH_PORTS}: no free port left in the range`);
}

/** Starts the server on `port` (a free one by default); call `healthy()` before using it. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--experimental-wasm-modules',
      '--disable-warning=ExperimentalWarning',
      'src/start.mjs',
    ],
    {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  return {
    child,
    url,
    output: () => printed,
    stdout: () => stdout,
    exited,
    async healthy() {
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
        if (ended) throw new Error(`The server exited early:\n${printed}`);
        const ok = await fetch(`${url}/api/v1/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`The server did not become healthy:\n${printed}`);
    },
  };
}

/** Starts the server and waits until it answers; a server that never does is killed. */
export async function startHealthyServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const server = await startServerProcess(env, port);
  try {
    await server.healthy();
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return server;
}
