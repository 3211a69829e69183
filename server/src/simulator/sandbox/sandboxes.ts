import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { isPostgres } from '../../db/engine.ts';
import type { PortalDeps } from '../../deps.ts';
import { type Clock, createSimulationClock } from '../../lib/clock.ts';
import { DEFAULT_SCENARIO } from '../scenarios/registry.ts';
import { createTemplates } from './templates.ts';
import { createSimulatedWorld, type SimulatedWorld as World } from './world.ts';
import { databaseUrlIn } from './world-files.ts';

/** Sandbox names: what `X-Sandbox` and the sandbox cookie may carry. */
export const SANDBOX_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SWEEP_MS = 60_000;

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

/**
 * Where sandboxes live. On SQLite: `{DATA_DIR}/sandboxes`, wiped at every start. In team mode DATA_DIR
 * is shared by every instance, so each instance keeps its (SQLite) sandboxes in a folder of its own.
 */
function sandboxesRoot(config: Config): string {
  const root = path.join(config.dataDir, 'sandboxes');
  return isPostgres(config.databaseUrl) ? path.join(root, `instance-${hostname()}-${process.pid}`) : root;
}

export interface SandboxesOptions {
  config: Config;
  wallClock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Private worlds, one per browser session or API client: a copy of a scenario's template database and
 * files under `{DATA_DIR}/sandboxes`, created on first use, removed after `idleMinutes` without a call,
 * at most `max` of them and `maxDiskMb` on disk (the least recently used go first). Everything under
 * that folder is throwaway: it is wiped at start, so a crash leaves nothing behind.
 */
export function createSandboxes({ config, wallClock, log }: SandboxesOptions) {
  const root = sandboxesRoot(config);
  const worldsDir = path.join(root, 'worlds');
  const templates = createTemplates(path.join(root, 'templates'), createSimulationClock());
  const live = new Map<string, World>();
  const pending = new Map<string, Promise<World>>();
  const removing = new Map<string, Promise<void>>();
  const databases = new Map<World, Database>();
  const { max, idleMinutes, maxDiskMb, prepare } = config.sandboxes;
  let sweeper: NodeJS.Timeout | null = null;

  async function build(id: string, scenario: string): Promise<World> {
    // A late call for a sandbox being removed recreates it, but only once its old folder is gone.
    await removing.get(id);
    const dataDir = path.join(worldsDir, id);
    await templates.copyTo(scenario, dataDir);
    const databaseUrl = databaseUrlIn(dataDir);
    const database = openDatabase(databaseUrl);
    const { prisma, reads } = database;
    const clock = createSimulationClock();
    const deps: PortalDeps = { config: { ...config, dataDir, databaseUrl }, prisma, reads, clock, wallClock };
    // An idle sandbox costs nothing: its job runner sets a timer only for work that falls due.
    const world = createSimulatedWorld({ id, scenario, deps }, log);
    databases.set(world, database);
    await world.runners.start();
    return world;
  }

  async function remove(id: string): Promise<boolean> {
    const world = live.get(id);
    if (!world) return false;
    live.delete(id);
    const removal = (async () => {
      await world.runners.stop();
      await databases.get(world)?.close();
      databases.delete(world);
      await rm(world.dataDir, { recursive: true, force: true });
    })();
    removing.set(id, removal);
    try {
      await removal;
    } finally {
      removing.delete(id);
    }
    log.info({ sandbox: id }, 'sandbox removed');
    return true;
  }

  const leastRecentlyUsed = () => [...live.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);

  async function create(id: string, scenario: string): Promise<World> {
    if (live.has(id)) await remove(id);
    while (live.size >= max) {
      const oldest = leastRecentlyUsed()[0];
      if (!oldest?.id) break;
      await remove(oldest.id);
    }
    const world = await build(id, scenario);
    live.set(id, world);
    log.info({ sandbox: id, scenario }, 'sandbox created');
    return world;
  }

  /** Removes sandboxes idle too long, then the least recently used while over the disk limit. */
  async function sweep(): Promise<void> {
    const idleBefore = Date.now() - idleMinutes * 60_000;
    for (const world of leastRecentlyUsed()) {
      if (world.id && world.lastUsedAt < idleBefore) await remove(world.id);
    }
    let used = await folderSize(worldsDir);
    for (const world of leastRecentlyUsed()) {
      if (used <= maxDiskMb * 1024 * 1024 || !world.id) break;
      const size = await folderSize(world.dataDir);
      await remove(world.id);
      used -= size;
    }
  }

  /**
   * Before the server is ready (start runs in Fastify's onReady; /api/v1/health answers 503 until then): the
   * default scenario's template (a migration and a seed, most of a second), then one throwaway
   * sandbox made and removed, which loads and warms every code path a creation takes (the copy, a
   * Prisma client on a new file, the services). The first sandbox a client asks for then costs what
   * every later one does. A failure is logged, not fatal: the first sandbox then retries the template.
   */
  async function prepareAtStart(): Promise<void> {
    const warmUp = `warm-up-${randomBytes(6).toString('base64url')}`;
    try {
      const world = await create(warmUp, DEFAULT_SCENARIO);
      await world.prisma.user.count();
    } catch (error) {
      log.error({ err: error }, 'sandbox template could not be prepared');
    } finally {
      await remove(warmUp).catch(() => undefined);
    }
  }

  /** One creation per name at a time, even when several first calls arrive together. */
  function once(id: string, make: () => Promise<World>): Promise<World> {
    const inFlight = pending.get(id);
    if (inFlight) return inFlight;
    const made = make().finally(() => pending.delete(id));
    pending.set(id, made);
    return made;
  }

  return {
    scenarios: templates.names,
    get count() {
      return live.size;
    },
    /** The sandbox called `id`, created from the default scenario when it does not exist yet. */
    async resolve(id: string): Promise<World> {
      const world = live.get(id) ?? (await once(id, () => create(id, DEFAULT_SCENARIO)));
      world.lastUsedAt = Date.now();
      return world;
    },
    /** A fresh sandbox from `scenario`; an existing one of the same name is replaced. */
    async create(scenario: string, id = randomBytes(9).toString('base64url')): Promise<World> {
      const world = await once(id, () => create(id, scenario));
      world.lastUsedAt = Date.now();
      return world;
    },
    remove,
    sweep,
    expiresAt: (world: World) => new Date(world.lastUsedAt + idleMinutes * 60_000),
    async start(): Promise<void> {
      // Whatever a previous process left (even after kill -9) is stale: sandboxes never outlive it.
      await rm(root, { recursive: true, force: true });
      await mkdir(worldsDir, { recursive: true });
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => log.error({ err: error }, 'sandbox sweep failed'));
      }, SWEEP_MS);
      sweeper.unref();
      if (prepare) await prepareAtStart();
    },
    async stop(): Promise<void> {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await Promise.all(pending.values()).catch(() => undefined);
      for (const id of [...live.keys()]) await remove(id);
      if (isPostgres(config.databaseUrl)) await rm(root, { recursive: true, force: true });
    },
  };
}

export type Sandboxes = ReturnType<typeof createSandboxes>;
