// SQLite work that must not run on the event loop (decision 0118), in one worker thread per process:
//
// - WAL checkpoints. By default the connection that commits runs a checkpoint inside its COMMIT whenever
//   the WAL passes 1,000 pages: it copies the pages into the database file and fsyncs both files, 5–14 ms
//   on this machine, on the event loop, once every ~50 invitation creates (a timing probe of
//   `createInvitation` at 50 connections: COMMIT p50 125 µs, p99 7.8 ms, two thirds of all COMMIT time in
//   those checkpoints). The worker keeps a connection per watched database and runs PASSIVE checkpoints
//   (they never block a writer or a reader) shortly after another connection committed; the writer's own
//   checkpoint stays as a safety net far above the default, for a burst that leaves no quiet moment.
// - Whole-database copies (snapshots saved and restored). SQLite's online backup locks the destination
//   from its first step to its last; run in steps on the event loop, a write of the server between two
//   steps found the file locked and, its busy wait blocking the loop the backup needed, waited the whole
//   lock timeout (5 s) and failed. In the worker the copy is one step, and a write meanwhile waits for it.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { lookAgain } from './read-freshness.ts';

/** The writer's own checkpoint threshold (pages) while the worker checkpoints: 40 MB of WAL at most. */
export const SAFETY_NET_PAGES = 10_000;
/** How often the worker looks for new commits (ms); a look costs one `PRAGMA data_version` per database. */
const INTERVAL_MS = 25;

type Message =
  | { type: 'watch'; id: number; path: string }
  | { type: 'unwatch'; id: number; path: string }
  | { type: 'copy'; id: number; from: string; to: string };
type Reply =
  | { type: 'done'; id: number; failure?: string }
  | { type: 'checkpoint-failed'; path: string; message: string };

/**
 * The worker's whole program, started as source text (`eval`) so that it runs the same from the
 * repository, under the test runner and bundled in the package: it may use only its arguments.
 */
function sqliteWorker(load: (id: string) => unknown, settings: { driver: string; intervalMs: number }): void {
  type Statement = { get(): unknown };
  type Connection = {
    prepare(sql: string): Statement;
    pragma(sql: string): unknown;
    backup(to: string, options: { progress(): number }): Promise<unknown>;
    close(): void;
  };
  const { parentPort } = load('node:worker_threads') as {
    parentPort: {
      on(event: 'message', listener: (message: Message) => void): void;
      postMessage(reply: Reply): void;
    };
  };
  const Driver = load(settings.driver) as new (path: string, options: object) => Connection;
  const watched = new Map<string, { db: Connection; version: Statement; seen: unknown; users: number }>();
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  const watch = (path: string) => {
    const entry = watched.get(path);
    if (entry) {
      entry.users += 1;
      return;
    }
    const db = new Driver(path, { fileMustExist: true });
    const version = db.prepare('PRAGMA data_version');
    watched.set(path, { db, version, seen: version.get(), users: 1 });
  };
  const unwatch = (path: string) => {
    const entry = watched.get(path);
    if (!entry || --entry.users > 0) return;
    watched.delete(path);
    entry.db.close();
  };
  // The whole file in one step (after the backup's first, empty one): no write of another connection
  // can slip between two steps and make SQLite start over.
  const copy = async (from: string, to: string) => {
    const source = new Driver(from, { readonly: true, fileMustExist: true });
    try {
      await source.backup(to, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  };

  parentPort.on('message', async (message) => {
    let failure: string | undefined;
    try {
      if (message.type === 'watch') watch(message.path);
      else if (message.type === 'unwatch') unwatch(message.path);
      else await copy(message.from, message.to);
    } catch (error) {
      failure = messageOf(error);
    }
    parentPort.postMessage({ type: 'done', id: message.id, ...(failure ? { failure } : {}) });
  });
  setInterval(() => {
    for (const [path, entry] of watched) {
      try {
        // data_version moves when another connection commits: nothing new, nothing to copy.
        const version = entry.version.get();
        if (version === entry.seen) continue;
        entry.seen = version;
        entry.db.pragma('wal_checkpoint(PASSIVE)');
      } catch (error) {
        parentPort.postMessage({ type: 'checkpoint-failed', path, message: messageOf(error) });
      }
    }
  }, settings.intervalMs);
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

function startWorker(): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const source = `(${sqliteWorker.toString()})(require, require('node:worker_threads').workerData);`;
  const started = new Worker(source, { eval: true, workerData: { driver, intervalMs: INTERVAL_MS } });
  started.unref();
  started.on('message', (reply: Reply) => {
    if (reply.type === 'checkpoint-failed') {
      console.error(`WAL checkpoint of ${reply.path} failed in the background: ${reply.message}`);
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    // A copy may have written a database the remembered reads follow (db/read-freshness.ts).
    lookAgain();
    if (reply.failure) waiting?.reject(new Error(reply.failure));
    else waiting?.resolve();
  });
  started.on('error', (error) => console.error(`The SQLite worker stopped: ${error.message}`));
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(new Error('The SQLite worker stopped'));
    pending.clear();
  });
  return started;
}

type Request = Message extends infer M ? (M extends Message ? Omit<M, 'id'> : never) : never;

function send(message: Request): Promise<void> {
  worker ??= startWorker();
  const id = ++nextId;
  const answered = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ ...message, id });
  return answered;
}

/**
 * Checkpoints the SQLite database at `path` in the background until the returned function is called;
 * that function resolves once the worker has closed its connection to the file. The caller sets its own
 * writer's `wal_autocheckpoint` to SAFETY_NET_PAGES.
 */
export function checkpointInBackground(path: string): () => Promise<void> {
  const watching = send({ type: 'watch', path }).catch((error: Error) => {
    console.error(`WAL checkpoints of ${path} stay with its writer: ${error.message}`);
  });
  let released: Promise<void> | undefined;
  return () => {
    released ??= watching.then(() => send({ type: 'unwatch', path }).catch(() => undefined));
    return released;
  };
}

/**
 * Copies the SQLite database at `from` over the one at `to` (a file, or a live database other
 * connections use: they see the copy on their next statement), consistently, off the event loop.
 */
export function copyDatabase(from: string, to: string): Promise<void> {
  return send({ type: 'copy', from, to });
}
