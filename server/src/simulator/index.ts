// The simulator wing: everything that exists only to simulate the real back end (worlds and sandboxes,
// scenarios, snapshots, faults, clock control, the call recorder, personas, the development identity
// provider, the validating proxy and its fallback, their routes). The portal core never imports it;
// app.ts plugs it in through the seams the core offers (hooks.ts, the route list, Fastify plugins).
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDeps } from '../deps.ts';
import { createDriftLog } from './proxy/contract-drift.ts';
import { createSandboxes } from './sandbox/sandboxes.ts';
import type { Simulator } from './sandbox/simulator.ts';
import { activeWorld, createWorld, worldScoped } from './sandbox/world.ts';
import { createWorldServices } from './world-services.ts';

export { builtInIdentityProvider } from './identity-provider/plugin.ts';
export { createFallbackIdentity } from './proxy/fallback-identity.ts';
export { validatingProxyPlugin } from './proxy/validating-proxy.ts';
export { simulatorRoutes } from './routes/index.ts';
export { sandbox as sandboxPlugin } from './sandbox/sandbox-plugin.ts';
export type { Simulator } from './sandbox/simulator.ts';

/**
 * The shared world (the app's own database and clock, with its job runner and faults), the sandboxes,
 * and the deps and services that resolve to the request's world.
 */
export function createSimulator(deps: PortalDeps, log: FastifyBaseLogger) {
  const { config } = deps;
  const { services, faults } = createWorldServices(deps, log);
  const shared = createWorld({
    id: null,
    scenario: 'demo',
    prisma: deps.prisma,
    clock: deps.clock,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    services,
    faults,
  });
  // Routes and services reach the request's world (shared, or a sandbox) through these.
  const scoped = worldScoped(deps, shared);
  const sandboxes = createSandboxes({ config, wallClock: deps.wallClock, log });
  const simulator: Simulator = {
    shared,
    sandboxes,
    drift: createDriftLog(),
    world: () => activeWorld() ?? shared,
  };
  return { simulator, deps: scoped.deps, ...scoped.services };
}
