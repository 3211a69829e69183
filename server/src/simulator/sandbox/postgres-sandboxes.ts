// Sandboxes in team mode (PostgreSQL, decision 0069): each sandbox is a database of its own on the team's
// server, copied from a migrated and seeded template database (`CREATE DATABASE … TEMPLATE`), with its
// files in `{DATA_DIR}/sandboxes/worlds/{id}`, the folder every instance shares. The folder's
// `sandbox.json` names the sandbox (scenario, database, creation) and its modification time is when the
// sandbox was last used: any instance attaches to a sandbox another created, and any instance removes
// one left idle. Creation, attachment and removal of one sandbox hold an advisory lock on its name.
// Creating a database from a template takes a few hundred milliseconds once a team has many (its
// catalog alone is ~8 MB to copy), renaming one a few: each instance keeps a few spare databases of each
// template in use copied ahead (`SANDBOX_SPARES`, with their folders), a creation renames one to its
// sandbox's name and a refill follows in the background (decision 0083). A removal moves the folder out
// of `worlds/` and answers; the database is dropped in the background, one at a time, unless a sandbox of
// the same name was made again meanwhile (a database an instance died before dropping is dropped by the
// sweep: no folder names it). The store's own queries use one small pool on the main database.
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
/** The team signal's message when an instance removed a sandbox. */
export const SANDBOX_REMOVED = 'sandbox-removed';

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

const databaseExists = (client: pg.Client, name: string) =>
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
  /** A background refill failed (logged; the next creation copies the template itself). */
  onError?: (error: Error) => void;
}) {
  const { mainUrl, root } = options;
  const worldsDir = path.join(root, 'worlds');
  const templatesDir = path.join(root, 'templates');
  const sparesDir = path.join(root, 'spares');
  /** Folders of removed sandboxes, deleted in the background (and by the sweep after a crash). */
  const removedDir = path.join(root, 'removed');
  const templates = new Map<string, Promise<string>>();
  /** Templates this instance refills spares of now. */
  const refilling = new Set<string>();
  let pool: pg.Pool | undefined;
  let closed = false;
  /** Removed sandboxes' databases and folders still to delete, one at a time (one pooled connection). */
  let deleting: Promise<void> = Promise.resolve();

  /** A pooled connection to the main database for `fn` (holding `lock`, an advisory lock, when given). */
  async function onMain<T>(fn: (client: pg.PoolClient) => Promise<T>, lock?: [number, number]): Promise<T> {
    pool ??= createPostgresPool(mainUrl, { max: 3, onError: () => undefined });
    const client = await pool.connect();
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
   * Renames a spare database of `template` to `database`; false when there is none (or every one was
   * taken meanwhile by another instance: a rename is atomic, one instance wins each spare).
   */
  async function claimSpare(
    client: pg.ClientBase,
    template: string,
    database: string,
  ): Promise<string | null> {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname LIMIT 5',
      [sparePrefix(mainUrl, template)],
    );
    for (const { datname } of rows) {
      try {
        await client.query(
          `ALTER DATABASE ${quoteIdentifier(datname)} RENAME TO ${quoteIdentifier(database)}`,
        );
        return datname;
      } catch {
        // Taken by another instance meanwhile: the next one.
      }
    }
    return null;
  }

  /** Tops the spares of `template` up to `options.spares`, one instance at a time per template. */
  async function refill(template: string): Promise<void> {
    if (options.spares <= 0 || closed || refilling.has(template)) return;
    refilling.add(template);
    try {
      await onMain(async (client) => {
        const lock = lockOf(`${template}/spares`);
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS ok',
          lock,
        );
        if (!rows[0]?.ok) return;
        try {
          const prefix = sparePrefix(mainUrl, template);
          while (!closed) {
            const { rows: counted } = await client.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM pg_database WHERE starts_with(datname, $1)',
              [prefix],
            );
            if ((counted[0]?.n ?? 0) >= options.spares) break;
            const spare = `${prefix}${randomBytes(4).toString('hex')}`;
            // Its folder first: a spare database always has one (a creation falls back to a copy anyway).
            await copyTemplateFolder(template, path.join(sparesDir, spare));
            await client.query(
              `CREATE DATABASE ${quoteIdentifier(spare)} TEMPLATE ${quoteIdentifier(template)}`,
            );
          }
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, $2)', lock);
        }
      });
    } finally {
      refilling.delete(template);
    }
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
    ): Promise<SandboxRecord & { databaseUrl: string }> {
      const database = sandboxDatabaseName(mainUrl, id);
      const folder = path.join(worldsDir, id);
      const templateName = await template(scenario);
      const record = await onMain(async (client) => {
        const existing = await readRecord(folder);
        if (existing && !fresh && (await databaseExists(client, database))) return existing;
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
        await rm(folder, { recursive: true, force: true });
        const spare = await claimSpare(client, templateName, database);
        const spareFolder = spare && path.join(sparesDir, spare);
        if (
          !spareFolder ||
          !(await rename(spareFolder, folder).then(
            () => true,
            () => false,
          ))
        ) {
          if (!spare) {
            await client.query(
              `CREATE DATABASE ${quoteIdentifier(database)} TEMPLATE ${quoteIdentifier(templateName)}`,
            );
          }
          await copyTemplateFolder(templateName, folder);
        }
        const made: SandboxRecord = { id, scenario, database, createdAt: options.now().toISOString() };
        // Written last: a folder without it is a creation under way (or one that died).
        await writeFile(path.join(folder, SANDBOX_FILE), JSON.stringify(made));
        return made;
      }, lockOf(database));
      refill(templateName).catch((error: unknown) => options.onError?.(error as Error));
      return { ...record, databaseUrl: withDatabaseName(mainUrl, database) };
    },

    /**
     * Removes the sandbox (whichever instance made it): gone from the list when this answers; its
     * database and files are deleted in the background.
     */
    async drop(id: string): Promise<void> {
      const database = sandboxDatabaseName(mainUrl, id);
      const removed = path.join(removedDir, `${id}.${randomBytes(4).toString('hex')}`);
      await onMain(async (client) => {
        await mkdir(removedDir, { recursive: true });
        await rename(path.join(worldsDir, id), removed).catch(() => undefined);
        // The other instances close what they hold of it (sandboxes.ts listens on the team signal).
        const message = JSON.stringify({ kind: SANDBOX_REMOVED, id, from: INSTANCE_ID });
        await client.query('SELECT pg_notify($1, $2)', [TEAM_CHANNEL, message]);
      }, lockOf(database));
      deleting = deleting
        .then(async () => {
          await rm(removed, { recursive: true, force: true });
          if (closed) return; // the sweep of an instance drops it
          await onMain(async (client) => {
            // Made again meanwhile (a creation holds the same lock): that one stays.
            if (await readRecord(path.join(worldsDir, id))) return;
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
          }, lockOf(database));
        })
        .catch((error: unknown) => options.onError?.(error as Error));
    },

    /** Starts topping up the spares of the scenario's template (in the background after a creation). */
    prepareSpares: (scenario: string) => template(scenario).then(refill),

    /** Ends the store's connections; refills stop after the database they are making. */
    async close(): Promise<void> {
      await deleting;
      closed = true;
      const ending = pool;
      pool = undefined;
      await ending?.end();
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

    /**
     * Drops what no sandbox names any more: template databases of other days or migrations, and sandbox
     * databases whose folder is gone (an instance killed while removing one). Skips what is being built.
     */
    async dropOrphans(): Promise<void> {
      const current = new Set(await Promise.all(options.scenarios.map(templateName)));
      const spares = [...current].map((template) => sparePrefix(mainUrl, template));
      const named = new Set<string>();
      for (const { id } of await this.list()) named.add(sandboxDatabaseName(mainUrl, id));
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
          if (spares.some((prefix) => datname.startsWith(prefix))) continue;
          const [classId, objectId] = lockOf(datname);
          const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
            classId,
            objectId,
          ]);
          if (!locked.rows[0]?.ok) continue;
          try {
            // Checked again under the lock: a creation may have finished meanwhile.
            const isTemplate = datname.startsWith(`${prefix}t_`);
            const stillNamed =
              !isTemplate && (await this.list()).some((s) => sandboxDatabaseName(mainUrl, s.id) === datname);
            if (!stillNamed) {
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
