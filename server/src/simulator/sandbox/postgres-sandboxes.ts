// Sandboxes in team mode (PostgreSQL, decision 0069): each sandbox is a database of its own on the team's
// server, copied from a migrated and seeded template database (`CREATE DATABASE … TEMPLATE`), with its
// files in `{DATA_DIR}/sandboxes/worlds/{id}`, the folder every instance shares. The folder's
// `sandbox.json` names the sandbox (scenario, database, creation) and its modification time is when the
// sandbox was last used: any instance attaches to a sandbox another created, and any instance removes
// one left idle. Creation, attachment and removal of one sandbox hold an advisory lock on its name.
// Creating a database from a template takes a few hundred milliseconds once a team has many (its
// catalog alone is ~8 MB to copy): the instances keep a few spare databases of each template in use
// copied ahead (`SANDBOX_SPARES`, each with its folder under `spares/`), a creation takes one and a refill
// follows in the background, copies side by side as many as are missing (decisions 0083, 0109); a creation
// that finds none while any instance has a copy under way (its spare's lock held) waits for it rather than
// copy the template (decision 0116). A spare is taken by moving its folder into `worlds/` (one
// instance wins each: a rename is atomic) and keeps its database's name, which the sandbox's record
// names: the database is not renamed, so the instance that made a spare may hold connections to it ahead
// (`onSpare`, decision 0106) and the sandbox's first calls find them open. A removal moves the folder out
// of `worlds/` and answers; the database is dropped in the background, one at a time (a database an
// instance died before dropping is dropped by the sweep: no record names it and it has no spare folder).
// The store's own queries use one small pool on the main database.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { createPrisma } from '../../db/client.ts';
import { ANNOUNCED_TABLES } from '../../db/data-changes.ts';
import { databaseNameOf, ENGINE_FILES, quoteIdentifier, withDatabaseName } from '../../db/engine.ts';
import { applyMigrations, withAdvisoryLock } from '../../db/migrate.ts';
import { listMigrationNames } from '../../db/migrations-dir.ts';
import { loadPg } from '../../db/postgres-driver.ts';
import { createPostgresPool, postgresPoolConfig } from '../../db/postgres-pool.ts';
import { INSTANCE_ID, TEAM_CHANNEL } from '../../db/team-signal.ts';
import { agentFilesDir } from '../../services/agent-files.ts';
import { loadScenario } from '../scenarios/load.ts';

/** The file that makes a folder under `worlds/` a sandbox (its modification time: last use). */
const SANDBOX_FILE = 'sandbox.json';
/** Advisory locks of sandboxes ('SBX1', hash of the database name). */
const SANDBOX_LOCK_CLASS = 0x53425831;
/** Spare databases an instance copies side by side at most (when as many are missing), by default. */
export const SPARE_COPIES = 2;
/** The window in which creations through an instance size its stock of spares (decision 0119). */
export const SPARE_RATE_WINDOW_MS = 60_000;
/** The team signal's message when an instance removed a sandbox. */
export const SANDBOX_REMOVED = 'sandbox-removed';

/**
 * How a creation got its database: a spare `ready` to take, a copy under way it `awaited`, or a
 * template it `copied` itself (none under way); `waitedMs` is the time that step took (logged).
 */
export interface SandboxSource {
  spare: 'ready' | 'awaited' | 'copied' | 'attached';
  waitedMs: number;
}

export interface SandboxRecord {
  id: string;
  scenario: string;
  /** Name of its database on the team's server. */
  database: string;
  createdAt: string;
}

const hash = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);
const lockOf = (name: string): [number, number] => [SANDBOX_LOCK_CLASS, Number.parseInt(hash(name, 7), 16)];

/** Database names are at most 63 bytes: the main database's name (shortened), a kind, a hash. */
const prefixOf = (mainUrl: string) => `${databaseNameOf(mainUrl).slice(0, 30)}_sbx`;
/**
 * The name a sandbox's creation and removal lock (and the database of a sandbox made before spares kept
 * their names); a sandbox made without a spare gets a database of a new name each time.
 */
export const sandboxDatabaseName = (mainUrl: string, id: string) => `${prefixOf(mainUrl)}_${hash(id, 24)}`;
/** Spare databases of a template: `…_sbxp_{template's hash}_{random}`. */
const sparePrefix = (mainUrl: string, template: string) => `${prefixOf(mainUrl)}p_${hash(template, 10)}_`;

async function onServer<T>(mainUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new (loadPg().Client)(postgresPoolConfig(mainUrl));
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const databaseExists = (client: pg.ClientBase, name: string) =>
  client
    .query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    .then((result) => result.rowCount === 1);

async function readRecord(folder: string): Promise<SandboxRecord | null> {
  try {
    return JSON.parse(await readFile(path.join(folder, SANDBOX_FILE), 'utf8')) as SandboxRecord;
  } catch {
    return null;
  }
}

export function createPostgresSandboxStore(options: {
  mainUrl: string;
  root: string;
  scenarios: readonly string[];
  now: () => Date;
  /** Spare databases kept per template in use (0: every creation copies the template). */
  spares: number;
  /**
   * At most this many spares per template: a burst grows the stock up to it (one spare per creation
   * through this instance in the last minute), idle time shrinks it back to `spares` (decision 0119).
   */
  sparesMax?: number;
  /** Copies side by side at most when spares are missing (`SPARE_COPIES` by default; decisions 0133, 0147, 0174). */
  copies?: number;
  /** A background refill failed (logged; the next creation copies the template itself). */
  onError?: (error: Error) => void;
  /** This instance made the spare database `name` (at `databaseUrl`): it may open connections ahead. */
  onSpare?: (name: string, databaseUrl: string) => void;
  /** Spare databases a creation through this instance takes first, in this order (those it holds connections to). */
  preferred?: () => Iterable<string>;
  /** This instance drops its spare `name` (a stock shrunk back): close what it holds of it first. */
  onSpareDropped?: (name: string) => Promise<void>;
  /**
   * A spare begun this long ago (ms, by its name) that no connection holds is an orphan: the instance
   * that made it and held its connections ahead is gone (killed, or scaled away). Another instance's trim
   * drops it beyond its own stock (default 2 minutes: a spare's warm-up connects within that).
   */
  orphanAfterMs?: number;
}) {
  const { mainUrl, root } = options;
  const spareCopies = Math.max(1, options.copies ?? SPARE_COPIES);
  const worldsDir = path.join(root, 'worlds');
  const templatesDir = path.join(root, 'templates');
  const sparesDir = path.join(root, 'spares');
  /** Folders of removed sandboxes, deleted in the background (and by the sweep after a crash). */
  const removedDir = path.join(root, 'removed');
  const templates = new Map<string, Promise<string>>();
  /** Templates this instance refills spares of now. */
  const refilling = new Set<string>();
  /** Wakes a template's running refill (a spare was taken). */
  const nudges = new Map<string, () => void>();
  let pool: pg.Pool | undefined;
  /** The refill's copies (`CREATE DATABASE`), side by side. */
  let copyPool: pg.Pool | undefined;
  let closed = false;
  /** When each recent creation through this instance took (or made) a sandbox of a template. */
  const creations = new Map<string, number[]>();
  /** Removed sandboxes' databases and folders still to delete, one at a time (one pooled connection). */
  let deleting: Promise<void> = Promise.resolve();

  /** A pooled connection to the main database for `fn` (holding `lock`, an advisory lock, when given). */
  function onMain<T>(fn: (client: pg.PoolClient) => Promise<T>, lock?: [number, number]): Promise<T> {
    pool ??= createPostgresPool(mainUrl, { max: 3, onError: () => undefined });
    return withClient(pool, fn, lock);
  }

  async function withClient<T>(
    from: pg.Pool,
    fn: (client: pg.PoolClient) => Promise<T>,
    lock?: [number, number],
  ): Promise<T> {
    const client = await from.connect();
    let broken: Error | undefined;
    try {
      if (!lock) return await fn(client);
      await client.query('SELECT pg_advisory_lock($1, $2)', lock);
      try {
        return await fn(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', lock).catch((error: Error) => {
          // A lock that could not be released must not stay with the pool's connection.
          broken = error;
        });
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * The stock of spares of `template` this instance keeps: one per creation through it in the last
   * minute, at least `options.spares` and at most `options.sparesMax` (decision 0119).
   */
  function wanted(template: string): number {
    const recent = recentCreations(template).length;
    return Math.min(Math.max(options.spares, options.sparesMax ?? 0), Math.max(options.spares, recent));
  }

  /** The creations of `template` through this instance in the last minute (older ones forgotten). */
  function recentCreations(template: string): number[] {
    const since = options.now().getTime() - SPARE_RATE_WINDOW_MS;
    const recent = (creations.get(template) ?? []).filter((at) => at > since);
    if (recent.length > 0) creations.set(template, recent);
    else creations.delete(template);
    return recent;
  }

  /**
   * The spares of `template`, oldest first (their names begin with the time they were begun): `ready` to
   * take (a folder under `spares/` and its database made) and `underWay` (a folder, no database yet: a
   * copy holding the spare's lock, or one an instance left when it died).
   */
  async function sparesOf(client: pg.ClientBase, template: string) {
    const prefix = sparePrefix(mainUrl, template);
    const folders = (await readdir(sparesDir).catch(() => [] as string[]))
      .filter((name) => name.startsWith(prefix))
      .sort();
    if (folders.length === 0) return { ready: [], underWay: [] };
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = ANY($1::text[])',
      [folders],
    );
    const made = new Set(rows.map((row) => row.datname));
    return {
      ready: folders.filter((name) => made.has(name)),
      underWay: folders.filter((name) => !made.has(name)),
    };
  }

  /** Which of the databases `names` some connection is open to (an instance holds the spare ahead). */
  async function connectedTo(client: pg.ClientBase, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const { rows } = await client.query<{ datname: string }>(
      'SELECT DISTINCT datname FROM pg_stat_activity WHERE datname = ANY($1::text[])',
      [names],
    );
    return new Set(rows.map((row) => row.datname));
  }

  /** When the spare `name` was begun (ms; its name's first 9 characters after the prefix, base 36). */
  const begunAt = (name: string, prefix: string) =>
    Number.parseInt(name.slice(prefix.length, prefix.length + 9), 36);

  /** Takes the advisory lock of the database `name` (held by a creation until its record names it). */
  const tryLock = async (client: pg.ClientBase, name: string) =>
    (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', lockOf(name))).rows[0]
      ?.ok === true;
  const unlock = (client: pg.ClientBase, name: string) =>
    client.query('SELECT pg_advisory_unlock($1, $2)', lockOf(name));
  /** Moves the spare `name`'s folder to `folder`: false when another creation took it first. */
  const take = (name: string, folder: string) =>
    rename(path.join(sparesDir, name), folder).then(
      () => true,
      () => false,
    );

  /**
   * Takes a spare database of `template` for the sandbox whose folder is `folder` (its folder becomes
   * the sandbox's): answers its name, its lock held, or null when there is none (or every one was taken
   * meanwhile by another instance: moving the folder is atomic, one instance wins each spare).
   */
  async function claimSpare(client: pg.ClientBase, template: string, folder: string): Promise<string | null> {
    const { ready } = await sparesOf(client, template);
    const preferred = [...(options.preferred?.() ?? [])];
    const ordered = [
      ...preferred.filter((name) => ready.includes(name)),
      ...ready.filter((name) => !preferred.includes(name)),
    ];
    for (const name of ordered.slice(0, 5)) {
      // Locked: another creation or the sweep has it now.
      if (!(await tryLock(client, name))) continue;
      if (await take(name, folder)) return name;
      await unlock(client, name);
    }
    return null;
  }

  /**
   * Waits for a spare of `template` that an instance (this one or another) is copying now, the oldest
   * copy first, and takes it like `claimSpare`: a copy under way ends sooner than one begun now and is
   * not slowed down by it. A copy holds its spare's lock from before its folder exists until its database
   * is made, so the lock's release is its end. Null when no copy is under way (or each one ended taken
   * by another creation, or failed).
   */
  async function awaitCopy(client: pg.ClientBase, template: string, folder: string): Promise<string | null> {
    for (const name of (await sparesOf(client, template)).underWay) {
      await client.query('SELECT pg_advisory_lock($1, $2)', lockOf(name));
      if ((await databaseExists(client, name)) && (await take(name, folder))) return name;
      await unlock(client, name);
    }
    return null;
  }

  /**
   * Tops the spares of `template` up to what this instance wants, one instance at a time per template: as
   * many copies side by side as spares are missing, at most `spareCopies` (a burst that takes spares faster
   * than one copy at a time makes them no longer wait for the copies before theirs; decision 0133).
   */
  async function refill(template: string): Promise<void> {
    if (options.spares <= 0 || closed) return;
    // Under way: a spare was taken meanwhile, the running refill looks again now.
    if (refilling.has(template)) return nudges.get(template)?.();
    refilling.add(template);
    try {
      // Another round while spares are missing once it let its lock go: a creation through another
      // instance may have taken one while this instance held it (that instance's refill found it held).
      while (!closed && (await onMain((client) => topUp(client, template)))) {}
    } finally {
      nudges.delete(template);
      refilling.delete(template);
    }
  }

  /**
   * One round of a refill, under the template's try-lock: false when another instance holds it, else
   * whether spares are missing after it let the lock go.
   */
  async function topUp(client: pg.ClientBase, template: string): Promise<boolean> {
    const lock = lockOf(`${template}/spares`);
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', lock);
    if (!rows[0]?.ok) return false;
    const copies = new Set<Promise<void>>();
    let failed: Error | undefined;
    try {
      while (!closed && !failed) {
        const missing = wanted(template) - (await sparesOf(client, template)).ready.length - copies.size;
        if (missing <= 0 && copies.size === 0) break;
        if (missing > 0 && copies.size < spareCopies) {
          const copy: Promise<void> = makeSpare(template)
            .catch((error: Error) => {
              failed ??= error;
            })
            .finally(() => copies.delete(copy));
          copies.add(copy);
          continue;
        }
        // Until a copy ends or a creation takes a spare.
        await new Promise<void>((resolve) => {
          nudges.set(template, resolve);
          for (const copy of copies) copy.then(resolve);
        });
      }
      await Promise.all(copies);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', lock);
    }
    if (failed) throw failed;
    return (await sparesOf(client, template)).ready.length < wanted(template);
  }

  /** One spare database of `template`, its folder copied first (the sweep leaves a folder's database). */
  async function makeSpare(template: string): Promise<void> {
    // Named by the time it was begun (oldest first), then 2 random bytes.
    const begun = Date.now().toString(36).padStart(9, '0');
    const spare = `${sparePrefix(mainUrl, template)}${begun}${randomBytes(2).toString('hex')}`;
    // On connections of their own: a creation waiting for this copy holds one of the store's. The
    // spare's lock, taken before its folder exists, tells creations through any instance that it is
    // under way (awaitCopy).
    copyPool ??= createPostgresPool(mainUrl, { max: spareCopies, onError: () => undefined });
    const made = await withClient(
      copyPool,
      async (client) => {
        await copyTemplateFolder(template, path.join(sparesDir, spare));
        if (closed) return false; // its folder alone is the sweep's to remove
        await client.query(`CREATE DATABASE ${quoteIdentifier(spare)} TEMPLATE ${quoteIdentifier(template)}`);
        return true;
      },
      lockOf(spare),
    );
    if (made) options.onSpare?.(spare, withDatabaseName(mainUrl, spare));
  }

  /** The template's files as a new world's folder. */
  async function copyTemplateFolder(template: string, folder: string): Promise<void> {
    await rm(folder, { recursive: true, force: true });
    await cp(path.join(templatesDir, template), folder, { recursive: true });
    await rm(path.join(folder, 'ready'), { force: true });
    await mkdir(agentFilesDir(folder), { recursive: true });
  }

  /**
   * The scenario's template database, built once for the team: named by the migrations it has and the
   * day it was seeded (a new day or a new migration builds a new one; older ones are dropped by the sweep).
   */
  async function templateName(scenario: string): Promise<string> {
    const migrations = await listMigrationNames(ENGINE_FILES.postgresql.migrationsDir);
    const day = options.now().toISOString().slice(0, 10).replace(/-/g, '');
    // The announced tables too: a template made before a table got its trigger is not reused.
    const made = `${scenario}/${migrations.join(',')}/${ANNOUNCED_TABLES.join(',')}`;
    return `${prefixOf(mainUrl)}t_${hash(made, 12)}_${day}`;
  }

  async function template(scenario: string): Promise<string> {
    const name = await templateName(scenario);
    let ready = templates.get(name);
    if (!ready) {
      ready = buildTemplate(name, scenario).catch((error: unknown) => {
        templates.delete(name);
        throw error;
      });
      templates.set(name, ready);
    }
    return ready;
  }

  async function buildTemplate(name: string, scenario: string): Promise<string> {
    const folder = path.join(templatesDir, name);
    const marker = path.join(folder, 'ready');
    return withAdvisoryLock(mainUrl, lockOf(name), async () => {
      const built = await stat(marker).then(
        () => true,
        () => false,
      );
      if (built && (await onServer(mainUrl, (client) => databaseExists(client, name)))) return name;
      // A build that died half-way left something behind: start over.
      await onServer(mainUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
      );
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      const url = withDatabaseName(mainUrl, name);
      await applyMigrations(url);
      const prisma = createPrisma(url, { poolSize: 2 });
      try {
        await loadScenario(prisma, {
          now: options.now(),
          filesDir: agentFilesDir(folder),
          dataDir: folder,
          scenario,
        });
      } finally {
        await prisma.$disconnect();
      }
      await writeFile(marker, scenario);
      return name;
    });
  }

  return {
    worldsDir,
    /**
     * The sandbox `id`: attached when some instance made it already, else made from `scenario`'s template
     * (`fresh`: made anew even when it exists). Answers its record and the URL of its database.
     */
    async open(
      id: string,
      scenario: string,
      fresh: boolean,
    ): Promise<SandboxRecord & { databaseUrl: string; source: SandboxSource }> {
      const folder = path.join(worldsDir, id);
      const templateName = await template(scenario);
      const source: SandboxSource = { spare: 'attached', waitedMs: 0 };
      const record = await onMain(
        async (client) => {
          const existing = await readRecord(folder);
          if (existing && !fresh && (await databaseExists(client, existing.database))) return existing;
          // A database no record names (an instance killed half-way) is the sweep's to drop.
          if (existing)
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(existing.database)} WITH (FORCE)`);
          await rm(folder, { recursive: true, force: true });
          // A creation (not an attachment): it counts towards the stock this instance wants.
          creations.set(templateName, [...recentCreations(templateName), options.now().getTime()]);
          const begun = performance.now();
          let spare = await claimSpare(client, templateName, folder);
          source.spare = spare ? 'ready' : 'awaited';
          spare ??= await awaitCopy(client, templateName, folder);
          if (!spare) source.spare = 'copied';
          // Without a spare, a database of a new name (a removed one of the same sandbox may still be dropping).
          const database = spare ?? `${prefixOf(mainUrl)}_${randomBytes(12).toString('hex')}`;
          if (!spare) await tryLock(client, database);
          try {
            if (!spare) {
              await client.query(
                `CREATE DATABASE ${quoteIdentifier(database)} TEMPLATE ${quoteIdentifier(templateName)}`,
              );
              await copyTemplateFolder(templateName, folder);
            }
            source.waitedMs = Math.round(performance.now() - begun);
            const made: SandboxRecord = { id, scenario, database, createdAt: options.now().toISOString() };
            // Written last: a folder without it is a creation under way (or one that died).
            await writeFile(path.join(folder, SANDBOX_FILE), JSON.stringify(made));
            return made;
          } finally {
            await unlock(client, database);
          }
        },
        lockOf(sandboxDatabaseName(mainUrl, id)),
      );
      refill(templateName).catch((error: unknown) => options.onError?.(error as Error));
      return { ...record, databaseUrl: withDatabaseName(mainUrl, record.database), source };
    },

    /**
     * Removes the sandbox (whichever instance made it): gone from the list when this answers; its
     * database and files are deleted in the background.
     */
    async drop(id: string): Promise<void> {
      const lock = lockOf(sandboxDatabaseName(mainUrl, id));
      const removed = path.join(removedDir, `${id}.${randomBytes(4).toString('hex')}`);
      let database: string | undefined;
      await onMain(async (client) => {
        database = (await readRecord(path.join(worldsDir, id)))?.database;
        await mkdir(removedDir, { recursive: true });
        await rename(path.join(worldsDir, id), removed).catch(() => undefined);
        // The other instances close what they hold of it (sandboxes.ts listens on the team signal).
        const message = JSON.stringify({ kind: SANDBOX_REMOVED, id, database, from: INSTANCE_ID });
        await client.query('SELECT pg_notify($1, $2)', [TEAM_CHANNEL, message]);
      }, lock);
      deleting = deleting
        .then(async () => {
          await rm(removed, { recursive: true, force: true });
          if (closed || !database) return; // the sweep of an instance drops it
          const dropped = database;
          await onMain(async (client) => {
            // Made again meanwhile on the same database (a creation holds the same lock): that one stays.
            if ((await readRecord(path.join(worldsDir, id)))?.database === dropped) return;
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(dropped)} WITH (FORCE)`);
          }, lock);
        })
        .catch((error: unknown) => options.onError?.(error as Error));
    },

    /** Starts topping up the spares of the scenario's template (in the background after a creation). */
    prepareSpares: (scenario: string) => template(scenario).then(refill),

    /**
     * Shrinks each template's stock back to what this instance wants now (idle time: `options.spares`):
     * drops the spares it made beyond that, newest first. Spares of other instances are theirs to trim.
     */
    async trimSpares(): Promise<void> {
      const orphanBefore = Date.now() - (options.orphanAfterMs ?? 120_000);
      for (const template of await Promise.all(options.scenarios.map(templateName))) {
        if (closed || refilling.has(template)) continue;
        const own = new Set(options.preferred?.() ?? []);
        const { ready, held } = await onMain(async (client) => {
          const { ready } = await sparesOf(client, template);
          return { ready, held: await connectedTo(client, ready) };
        });
        // Orphans first (no instance holds them, the least use to a creation), then this instance's, newest first.
        const prefix = sparePrefix(mainUrl, template);
        const orphans = ready.filter(
          (name) => !own.has(name) && !held.has(name) && begunAt(name, prefix) < orphanBefore,
        );
        const extra = [...orphans, ...ready.filter((name) => own.has(name)).reverse()];
        for (const name of extra.slice(0, Math.max(0, ready.length - wanted(template)))) {
          await onMain(async (client) => {
            const removed = path.join(removedDir, `${name}.trimmed`);
            await mkdir(removedDir, { recursive: true });
            if (!(await tryLock(client, name))) return; // a creation is taking it
            try {
              if (!(await take(name, removed))) return;
              await options.onSpareDropped?.(name);
              await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
              await rm(removed, { recursive: true, force: true });
            } finally {
              await unlock(client, name);
            }
          });
        }
      }
    },

    /** Ends the store's connections; refills stop after the database they are making. */
    async close(): Promise<void> {
      await deleting;
      closed = true;
      const ending = [pool, copyPool];
      pool = undefined;
      copyPool = undefined;
      await Promise.all(ending.map((each) => each?.end()));
    },

    /** Marks the sandbox used now (the folder's record's modification time). */
    async touch(id: string): Promise<void> {
      const now = new Date();
      await utimes(path.join(worldsDir, id, SANDBOX_FILE), now, now).catch(() => undefined);
    },

    /**
     * How many sandboxes the team has, made or being made (one directory read; `list` reads each
     * record's time as well): at least as many as `list` answers.
     */
    async count(): Promise<number> {
      const entries = await readdir(worldsDir, { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory()).length;
    },

    /** Every sandbox of the team with when it was last used (ms), least recently used first. */
    async list(): Promise<{ id: string; lastUsedAt: number }[]> {
      const entries = await readdir(worldsDir, { withFileTypes: true }).catch(() => []);
      const found = await Promise.all(
        entries
          .filter((entry) => entry.isDirectory())
          .map(async (entry) => {
            const info = await stat(path.join(worldsDir, entry.name, SANDBOX_FILE)).catch(() => null);
            return info ? { id: entry.name, lastUsedAt: info.mtimeMs } : null;
          }),
      );
      return found.filter((item) => item !== null).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    },

    /** Whether `name` is still a spare (not taken by a creation, not dropped by the sweep). */
    isSpare: (name: string) =>
      stat(path.join(sparesDir, name)).then(
        () => true,
        () => false,
      ),

    /**
     * Drops what no sandbox names any more: template databases of other days or migrations, spares of
     * those, and sandbox databases no record names (an instance killed while removing one). Skips what
     * is being built.
     */
    async dropOrphans(): Promise<void> {
      const current = new Set(await Promise.all(options.scenarios.map(templateName)));
      const spares = [...current].map((template) => sparePrefix(mainUrl, template));
      /** The databases the sandboxes' records name, and the spares of current templates (folders). */
      const kept = async () => {
        const entries = await readdir(worldsDir).catch(() => [] as string[]);
        const records = await Promise.all(entries.map((entry) => readRecord(path.join(worldsDir, entry))));
        const names = new Set(records.flatMap((record) => (record ? [record.database] : [])));
        for (const entry of await readdir(sparesDir).catch(() => [] as string[]))
          if (spares.some((prefix) => entry.startsWith(prefix))) names.add(entry);
        return names;
      };
      const named = await kept();
      const prefix = prefixOf(mainUrl);
      await onServer(mainUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
          [prefix],
        );
        const existing = new Set(rows.map((row) => row.datname));
        // Folders of removed sandboxes an instance did not get to delete.
        for (const entry of await readdir(removedDir).catch(() => [] as string[]))
          await rm(path.join(removedDir, entry), { recursive: true, force: true });
        // Spare folders whose database was never made (an instance stopped in between).
        for (const entry of await readdir(sparesDir).catch(() => [] as string[])) {
          const info = await stat(path.join(sparesDir, entry)).catch(() => null);
          if (!existing.has(entry) && info && info.mtimeMs < Date.now() - 600_000)
            await rm(path.join(sparesDir, entry), { recursive: true, force: true });
        }
        for (const { datname } of rows) {
          if (named.has(datname) || current.has(datname)) continue;
          const [classId, objectId] = lockOf(datname);
          const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
            classId,
            objectId,
          ]);
          if (!locked.rows[0]?.ok) continue;
          try {
            // Checked again under the lock: a creation may have finished meanwhile.
            const isTemplate = datname.startsWith(`${prefix}t_`);
            if (isTemplate || !(await kept()).has(datname)) {
              await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)} WITH (FORCE)`);
              if (isTemplate) await rm(path.join(templatesDir, datname), { recursive: true, force: true });
              await rm(path.join(sparesDir, datname), { recursive: true, force: true });
            }
          } finally {
            await client.query('SELECT pg_advisory_unlock($1, $2)', [classId, objectId]);
          }
        }
      });
    },
  };
}
