import type { FastifyBaseLogger } from 'fastify';
import { isDevMode } from '../../config.ts';
import { isPostgres } from '../../db/engine.ts';
import type { PortalDeps } from '../../deps.ts';
import { createServices, type PortalServices } from '../../services.ts';
import type { World } from '../../world.ts';
import { createFaults, type Faults } from '../faults.ts';
import { type CallLog, createCallLog } from './call-log.ts';

/**
 * One simulated world: the core's world (database handle, clocks, settings, job runner, faults) and
 * what the simulator keeps about it. The shared world (id null) is the app's own; a sandbox is a
 * private copy. A request reaches one as `request.world` (the sandbox plugin picks it); nothing
 * resolves a world from ambient state.
 */
export interface SimulatedWorld extends World {
  readonly id: string | null;
  readonly scenario: string;
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** Its background services (the job runner), started and stopped with it. */
  readonly services: PortalServices;
  readonly jobs: PortalServices['jobs'];
  readonly faults: Faults;
  readonly calls: CallLog;
  readonly createdAt: Date;
  lastUsedAt: number;
}

/** A world on `deps` with its own job runner and the simulator's faults plugged in. */
export function createSimulatedWorld(
  fields: { id: string | null; scenario: string; deps: PortalDeps; createdAt?: Date },
  log: FastifyBaseLogger,
): SimulatedWorld {
  const { deps } = fields;
  const faults = createFaults(deps.prisma, isDevMode(deps.config), isPostgres(deps.config.databaseUrl));
  const services = createServices(deps, log, { faults });
  return {
    ...deps,
    id: fields.id,
    scenario: fields.scenario,
    dataDir: deps.config.dataDir,
    databaseUrl: deps.config.databaseUrl,
    services,
    jobs: services.jobs,
    faults,
    calls: createCallLog(),
    createdAt: fields.createdAt ?? new Date(),
    lastUsedAt: Date.now(),
  };
}
