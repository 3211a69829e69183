import type { FastifyBaseLogger } from 'fastify';
import { isDevMode } from './config.ts';
import type { PortalDeps } from './deps.ts';
import { createFaults, type Faults } from './services/faults.ts';

/** Long-lived services next to the routes: simulated faults and (added by features) background workers. */
export interface PortalServices {
  faults: Faults;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createServices(deps: PortalDeps, _log: FastifyBaseLogger): PortalServices {
  const faults = createFaults(deps.prisma, isDevMode(deps.config));
  return {
    faults,
    async start() {},
    async stop() {},
  };
}
