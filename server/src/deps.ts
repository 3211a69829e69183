import type { Config } from './config.ts';
import type { PortalPrisma } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/** What route modules and services are built from; tests pass their own (temp database, manual clock). */
export interface PortalDeps {
  config: Config;
  prisma: PortalPrisma;
  /** Simulated time: business timestamps, job and toggle progress (can run faster than real time). */
  clock: Clock;
  /** Real time for security timeouts (sessions, sign-in attempts), whatever the simulation speed. */
  wallClock: Clock;
}
