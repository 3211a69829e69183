import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from '../../config.ts';
import type { PortalPrisma } from '../../db/client.ts';
import type { PortalDeps } from '../../deps.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PortalServices } from '../../services.ts';
import type { Faults } from '../faults.ts';
import { type CallLog, createCallLog } from './call-log.ts';

/**
 * One simulated world: a database, its files, its clock and its services (faults, download jobs).
 * The shared world (id null) is what every caller sees by default; a sandbox is a private copy.
 */
export interface World {
  readonly id: string | null;
  readonly scenario: string;
  readonly prisma: PortalPrisma;
  readonly clock: Clock;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly services: PortalServices;
  readonly faults: Faults;
  readonly calls: CallLog;
  readonly createdAt: Date;
  lastUsedAt: number;
}

const current = new AsyncLocalStorage<World>();

/** Runs `fn` (and everything it awaits) in `world`: routes and services then see its database. */
export function runInWorld<T>(world: World, fn: () => T): T {
  return current.run(world, fn);
}

/** The world of the request being handled, when there is one. */
export const activeWorld = (): World | undefined => current.getStore();

export function createWorld(
  fields: Omit<World, 'calls' | 'createdAt' | 'lastUsedAt'> & { createdAt?: Date },
): World {
  return {
    ...fields,
    calls: createCallLog(),
    createdAt: fields.createdAt ?? new Date(),
    lastUsedAt: Date.now(),
  };
}

/** Forwards every property read to the object `pick` answers now, binding methods to it. */
function forwarding<T extends object>(pick: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const target = pick();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_target, key) => Reflect.has(pick(), key),
  });
}

/**
 * Deps and services that resolve to the current request's world on every use. Route modules and
 * services keep closing over `deps.prisma` or `deps.clock` as before; the sandbox plugin decides per
 * request which world they reach. Outside a request (start-up, timers) they reach the shared world.
 */
export function worldScoped(
  deps: PortalDeps,
  shared: World,
): { deps: PortalDeps; services: { faults: Faults; jobs: PortalServices['jobs'] } } {
  const world = () => current.getStore() ?? shared;
  const config = new Proxy(deps.config, {
    get(target, key, receiver) {
      if (key === 'dataDir') return world().dataDir;
      if (key === 'databaseUrl') return world().databaseUrl;
      return Reflect.get(target, key, receiver);
    },
  }) satisfies Config;
  return {
    deps: {
      config,
      prisma: forwarding(() => world().prisma),
      clock: forwarding(() => world().clock),
      wallClock: deps.wallClock,
    },
    services: {
      faults: forwarding(() => world().faults),
      jobs: forwarding(() => world().services.jobs),
    },
  };
}
