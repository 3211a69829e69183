import type { FastifyBaseLogger } from 'fastify';
import { isDevMode } from '../config.ts';
import { isPostgres } from '../db/engine.ts';
import type { PortalDeps } from '../deps.ts';
import { createServices } from '../services.ts';
import { createFaults } from './faults.ts';

/** One world's background services with the simulator's faults plugged in (the shared world and each sandbox). */
export function createWorldServices(deps: PortalDeps, log: FastifyBaseLogger) {
  const faults = createFaults(deps.prisma, isDevMode(deps.config), isPostgres(deps.config.databaseUrl));
  const services = createServices(deps, log, { faults });
  return { services, faults };
}
