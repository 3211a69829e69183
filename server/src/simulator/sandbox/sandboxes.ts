import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { isPostgres } from '../../db/engine.ts';
import { listenToTeam, type TeamListener } from '../../db/team-signal.ts';
import type { PortalDeps } from '../../deps.ts';
import { type Clock, createSimulationClock } from '../../lib/clock.ts';
import { DEFAULT_SCENARIO } from '../scenarios/registry.ts';
import { createPostgresSandboxStore, SANDBOX_REMOVED } from './postgres-sandboxes.ts';
import { createTemplates } from './templates.ts';
import { createSimulatedWorld, type SimulatedWorld as World } from './world.ts';
import { databaseUrlIn } from './world-files.ts';

/** Sandbox names: what `X-Sandbox` and the sandbox cookie may carry. */
export const SANDBOX_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SWEEP_MS = 60_000;
/** Team mode: an instance closes its handle on a sandbox it has not served for this long. */
const HANDLE_IDLE_MS = 5 * 60_000;

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

/**
 * Where sandboxes' files live: `{DATA_DIR}/sandboxes` (`worlds/{id}` per sandbox). On SQLite it holds
 * their database files too and is wiped at every start; in team mode it is the folder every instance
 * shares, beside one PostgreSQL database per sandbox (postgres-sandboxes.ts).
 */
export function sandboxesRoot(config: Config): string {
  return path.join(config.dataDir, 'sandboxes');
}

export interface SandboxesOptions {
  config: Config;
  wallClock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Private worlds, one per browser session or API client, created on first use, removed after
 * `idleMinutes` without a call, at most `max` of them and `maxDiskMb` of files (the least recently used
 * go first). On SQLite a sandbox is a copy of a scenario's template database file and files under
 * `{DATA_DIR}/sandboxes`, all throwaway: wiped at start, so a crash leaves nothing behind. In team mode
 * (PostgreSQL) a sandbox is a database of its own copied from a template database, its files in the
 * shared folder: made through one instance, used through any, removed by whichever instance notices it
 * idle (decision 0069). An instance then holds only a handle (pool, runners) on the sandboxes it serves.
 */
export function createSandboxes({ config, wallClock, log }: SandboxesOptions) {
  const root = sandboxesRoot(config);
  const worldsDir = path.join(root, 'worlds');
  const templates = createTemplates(path.join(root, 'templates'), createSimulationClock());
  const team = isPostgres(config.databaseUrl)
    ? createPostgresSandboxStore({
        mainUrl: config.databaseUrl,
        root,
        scenarios: templates.names,
        now: () => new Date(),
        spares: config.sandboxes.spares,
        sparesMax: config.sandboxes.sparesMax,
        copies: config.sandboxes.spareCopies,
        onError: (error) =>
          log.warn(
            { err: error },
            'sandbox databases: a spare refill or a removal failed (the sweep retries)',
          ),
        onSpare: (name, databaseUrl) => warmUp(name, databaseUrl),
        preferred: () => warmFirst(),
        onSpareDropped: (name) => dropWarm(name),
      })
    : null;
  /**
   * Team mode: the spare databases this instance made, with the two connections a sandbox's handle
   * starts with (its listening one and its pool's first) opened ahead, each a new PostgreSQL backend
   * (hundreds of milliseconds under load). A creation through this instance takes one of these spares
   * first and its handle starts on them (decision 0106).
   */
  const warm = new Map<
    string,
    {
      database: Database;
      hold: TeamListener;
      timer: NodeJS.Timeout;
      opened: boolean;
      /** Settles once the warm-up's connections are open (or failed). */
      ready: Promise<void>;
    }
  >();
  let stopped = false;

  function warmUp(name: string, databaseUrl: string): void {
    if (stopped || warm.has(name)) return;
    const database = openDatabase(databaseUrl, { poolSize: 3 });
    const hold = listenToTeam(databaseUrl, {
      onMessage: () => undefined,
      onConnected: async () => undefined,
      onError: () => undefined,
    });
    // A call now and then keeps the pool's connection from closing after 30 s idle.
    const ping = () =>
      Promise.resolve()
        .then(() => database.reads.lists.ping())
        .catch(() => undefined);
    // The Prisma client's first model query sets its engine up (a few hundred milliseconds under load):
    // the read a handle's start makes first (the clock's stored state), made ahead, on the pool's one
    // connection (side by side with the ping it would open a second backend, for nothing).
    const ready = Promise.all([
      ping().then(() => database.prisma.simState.findUnique({ where: { id: 1 } })),
      hold.ready,
    ]).then(
      () => {
        held.opened = true;
      },
      () => undefined,
    );
    const held = { database, hold, timer: setInterval(ping, 20_000), opened: false, ready };
    held.timer.unref();
    warm.set(name, held);
  }

  /** The spares this instance holds connections to, those whose connections are open first. */
  const warmFirst = () =>
    [...warm].sort(([, a], [, b]) => Number(b.opened) - Number(a.opened)).map(([name]) => name);

  /** The connections opened ahead to the spare `name`, now this caller's (or undefined). */
  function takeWarm(name: string) {
    const held = warm.get(name);
    if (!held) return undefined;
    warm.delete(name);
    clearInterval(held.timer);
    return held;
  }

  /** Ends the connections opened ahead to `name` (a spare another instance took, or dropped). */
  async function dropWarm(name: string): Promise<void> {
    const held = takeWarm(name);
    if (!held) return;
    await held.hold.close();
    await held.database.close();
  }
  const live = new Map<string, World>();
  const pending = new Map<string, Promise<World>>();
  const removing = new Map<string, Promise<void>>();
  const databases = new Map<World, Database>();
  const { max, idleMinutes, maxDiskMb, prepare } = config.sandboxes;
  let sweeper: NodeJS.Timeout | null = null;
  let signal: TeamListener | undefined;

  /** The sandbox's world on this instance: `fresh` makes it anew from `scenario` even when it exists. */
  async function build(
    id: string,
    scenario: string,
    fresh: boolean,
  ): Promise<{ world: World; steps?: Record<string, number | string> }> {
    // A late call for a sandbox being removed recreates it, but only once its old folder is gone.
    await removing.get(id);
    const dataDir = path.join(worldsDir, id);
    let databaseUrl = databaseUrlIn(dataDir);
    let createdAt: Date | undefined;
    let held: ReturnType<typeof takeWarm>;
    /** Team mode: where the creation's time went (its log line), to tell a copy's wait from the rest. */
    let steps: Record<string, number | string> | undefined;
    const begun = performance.now();
    if (team) {
      const record = await team.open(id, scenario, fresh);
      steps = { spare: record.source.spare, waitedMs: record.source.waitedMs };
      steps.openMs = Math.round(performance.now() - begun);
      databaseUrl = record.databaseUrl;
      createdAt = new Date(record.createdAt);
      scenario = record.scenario;
      held = takeWarm(record.database);
      // A spare whose warm-up is still under way (a creation that waited for its copy takes it as the
      // copy ends): the world starts on the connections being opened instead of opening more beside them.
      if (held && !held.opened) {
        steps.warmUp = 'joined';
        await held.ready;
      } else steps.warmUp = held ? 'open' : 'none';
    } else {
      await templates.copyTo(scenario, dataDir);
    }
    // A sandbox's pool stays small (idle connections close after 30 s): many sandboxes share one server.
    const database = held?.database ?? openDatabase(databaseUrl, team ? { poolSize: 3 } : {});
    const { prisma, reads } = database;
    const clock = createSimulationClock();
    const deps: PortalDeps = { config: { ...config, dataDir, databaseUrl }, prisma, reads, clock, wallClock };
    // An idle sandbox costs nothing: its job runner sets a timer only for work that falls due. A pool
    // opened ahead has its connection: the world's start then opens no second one beside it. In team
    // mode the creation answers once the world listens; its job runner starts after (decision 0116).
    const world = createSimulatedWorld(
      { id, scenario, deps, createdAt, poolOpen: held?.opened, jobsAfterStart: team !== null },
      log,
    );
    databases.set(world, database);
    try {
      await world.runners.start();
    } finally {
      // The world's own listeners hold the listening connection now.
      await held?.hold.close();
    }
    if (steps) steps.totalMs = Math.round(performance.now() - begun);
    return { world, steps };
  }

  /** Closes this instance's handle on the sandbox (the sandbox itself stays, in team mode). */
  async function close(id: string): Promise<World | undefined> {
    const world = live.get(id);
    if (!world) return undefined;
    live.delete(id);
    await world.runners.stop();
    await databases.get(world)?.close();
    databases.delete(world);
    return world;
  }

  /** Removes the sandbox: its database and files (in team mode for every instance). */
  async function remove(id: string): Promise<boolean> {
    const removal = (async () => {
      const world = await close(id);
      if (team) {
        const existed = (await team.list()).some((sandbox) => sandbox.id === id);
        await team.drop(id);
        return existed || world !== undefined;
      }
      if (world) await rm(world.dataDir, { recursive: true, force: true });
      return world !== undefined;
    })();
    const done = removal.then(
      () => undefined,
      () => undefined,
    );
    removing.set(id, done);
    try {
      const removed = await removal;
      if (removed) log.info({ sandbox: id }, 'sandbox removed');
      return removed;
    } finally {
      if (removing.get(id) === done) removing.delete(id);
    }
  }

  const leastRecentlyUsed = () => [...live.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);

  /** Every sandbox (the team's in team mode) with its last use, least recently used first. */
  async function everySandbox(): Promise<{ id: string; lastUsedAt: number }[]> {
    if (team) return team.list();
    return leastRecentlyUsed().map((world) => ({ id: world.id as string, lastUsedAt: world.lastUsedAt }));
  }

  async function create(id: string, scenario: string, fresh: boolean): Promise<World> {
    if (live.has(id)) {
      if (team && !fresh) return live.get(id) as World;
      if (team) await close(id);
      else await remove(id);
    }
    // Attaching to a sandbox of the team adds none; a new one makes room first. Below the limit the
    // team's folders are only counted: listing them reads every record (it grew with the sandboxes alive).
    const all = team && (await team.count()) < max ? [] : await everySandbox();
    if (!(team && !fresh && all.some((sandbox) => sandbox.id === id))) {
      const others = all.filter((sandbox) => sandbox.id !== id);
      while (others.length >= max) await remove((others.shift() as { id: string }).id);
    }
    const { world, steps } = await build(id, scenario, fresh);
    live.set(id, world);
    log.info({ sandbox: id, scenario: world.scenario, ...steps }, 'sandbox created');
    return world;
  }

  /** Removes sandboxes idle too long, then the least recently used while over the disk limit. */
  async function sweep(): Promise<void> {
    const idleBefore = Date.now() - idleMinutes * 60_000;
    if (team) {
      // Handles on sandboxes another instance removed (while this one was not listening) are closed.
      // So are handles this instance has not used for a while: the sandbox stays, its connections go.
      const alive = new Set((await team.list()).map((sandbox) => sandbox.id));
      const unusedBefore = Date.now() - HANDLE_IDLE_MS;
      for (const [id, world] of [...live]) {
        if (!alive.has(id) || world.lastUsedAt < unusedBefore) await close(id);
      }
      // The stock of spares back to what the creations of the last minute want (idle: the floor).
      await team.trimSpares();
      // Spares another instance took (or the sweep dropped): their connections opened ahead go.
      for (const name of [...warm.keys()]) if (!(await team.isSpare(name))) await dropWarm(name);
    }
    for (const sandbox of await everySandbox()) {
      if (sandbox.lastUsedAt < idleBefore) await remove(sandbox.id);
    }
    let used = await folderSize(worldsDir);
    for (const sandbox of await everySandbox()) {
      if (used <= maxDiskMb * 1024 * 1024) break;
      const size = await folderSize(path.join(worldsDir, sandbox.id));
      await remove(sandbox.id);
      used -= size;
    }
    await team?.dropOrphans();
  }

  /**
   * Before the server is ready (start runs in Fastify's onReady; /api/v1/health answers 503 until then): the
   * default scenario's template (a migration and a seed, most of a second), then one throwaway
   * sandbox made and removed, which loads and warms every code path a creation takes (the copy, a
   * Prisma client on a new database, the services). The first sandbox a client asks for then costs what
   * every later one does. A failure is logged, not fatal: the first sandbox then retries the template.
   */
  async function prepareAtStart(): Promise<void> {
    const warmUp = `warm-up-${randomBytes(6).toString('base64url')}`;
    try {
      const world = await create(warmUp, DEFAULT_SCENARIO, true);
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

  /** Marks the sandbox used: in team mode where every instance sees it (the record's modification time). */
  function used(world: World): World {
    world.lastUsedAt = Date.now();
    if (team && world.id) {
      const at = new Date(world.lastUsedAt);
      utimes(path.join(worldsDir, world.id, 'sandbox.json'), at, at).catch(() => undefined);
    }
    return world;
  }

  return {
    scenarios: templates.names,
    /** Sandboxes this instance holds (in team mode: serves now). */
    get count() {
      return live.size;
    },
    /** The sandbox called `id`, created from the default scenario when it does not exist yet. */
    async resolve(id: string): Promise<World> {
      return used(live.get(id) ?? (await once(id, () => create(id, DEFAULT_SCENARIO, false))));
    },
    /** A fresh sandbox from `scenario`; an existing one of the same name is replaced. */
    async create(scenario: string, id = randomBytes(9).toString('base64url')): Promise<World> {
      return used(await once(id, () => create(id, scenario, true)));
    },
    remove,
    sweep,
    expiresAt: (world: World) => new Date(world.lastUsedAt + idleMinutes * 60_000),
    async start(): Promise<void> {
      if (team) {
        // Shared with the other instances: nothing is wiped; other instances' removals close our handles.
        await mkdir(worldsDir, { recursive: true });
        signal = listenToTeam(config.databaseUrl, {
          onMessage(message) {
            if (message.kind !== SANDBOX_REMOVED || typeof message.id !== 'string') return;
            close(message.id).catch((error: unknown) =>
              log.warn({ err: error }, 'sandbox handle close failed'),
            );
            // A spare this instance made, taken by another instance's creation and now removed.
            if (typeof message.database === 'string') void dropWarm(message.database);
          },
          onConnected: async () => undefined,
          onError: (error) =>
            log.warn({ err: error }, 'team signal (sandboxes): connection lost; reconnecting'),
        });
        await signal.ready;
      } else {
        // Whatever a previous process left (even after kill -9) is stale: sandboxes never outlive it.
        await rm(root, { recursive: true, force: true });
        await mkdir(worldsDir, { recursive: true });
      }
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => log.error({ err: error }, 'sandbox sweep failed'));
      }, SWEEP_MS);
      sweeper.unref();
      if (prepare) await prepareAtStart();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await Promise.all(pending.values()).catch(() => undefined);
      // In team mode the sandboxes stay for the other instances (and this one's next start).
      for (const id of [...live.keys()]) await (team ? close(id) : remove(id));
      for (const name of [...warm.keys()]) await dropWarm(name);
      await signal?.close();
      signal = undefined;
      await team?.close();
    },
  };
}

export type Sandboxes = ReturnType<typeof createSandboxes>;
