// The simulator wing: everything that exists only to simulate the real back end (worlds and sandboxes,
// scenarios, snapshots, faults, clock control, the call recorder, personas, the development identity
// provider, the validating proxy and its fallback, their routes). The portal core never imports it;
// app.ts plugs it in through the seams the core offers (hooks.ts, the route list, Fastify plugins).
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDeps } from '../deps.ts';
import { createDriftLog } from './proxy/contract-drift.ts';
import { createSandboxes } from './sandbox/sandboxes.ts';
import type { Simulator } from './sandbox/simulator.ts';
import { createSimulatedWorld } from './sandbox/world.ts';

export { builtInIdentityProvider } from './identity-provider/plugin.ts';
export { createFallbackIdentity } from './proxy/fallback-identity.ts';
export { validatingProxyPlugin } from './proxy/validating-proxy.ts';
export { simulatorRoutes } from './routes/index.ts';
export { sandbox as sandboxPlugin } from './sandbox/sandbox-plugin.ts';
export type { Simulator } from './sandbox/simulator.ts';
export type { SimulatedWorld } from './sandbox/world.ts';

/**
 * The shared world (the app's own database handle and clocks, with its job runner and the simulator's
 * faults), the sandboxes and the validating proxy's drift log.
 */
export function createSimulator(deps: PortalDeps, log: FastifyBaseLogger): Simulator {
  return {
    shared: createSimulatedWorld({ id: null, scenario: 'demo', deps }, log),
    sandboxes: createSandboxes({ config: deps.config, wallClock: deps.wallClock, log }),
    drift: createDriftLog(),
  };
}
