import type { Config } from './config.ts';
import type { HotReads, PortalPrisma } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/** A world's resources: its settings, database handle and clocks. Tests pass their own (temp database, manual clock). */
export interface PortalDeps {
  /** Settings; `dataDir` and `databaseUrl` are this world's. */
  config: Config;
  /** The database handle's Prisma client (db/client.ts#openDatabase). */
  prisma: PortalPrisma;
  /** The database handle's prepared reads for the hottest requests, on the same database. */
  reads: HotReads;
  /** Simulated time: business timestamps, job and toggle progress (can run faster than real time). */
  clock: Clock;
  /** Real time for security timeouts (sessions, sign-in attempts), whatever the simulation speed. */
  wallClock: Clock;
}
