import type { PortalDeps } from '../../deps.ts';
import { defineRoute } from '../../lib/route.ts';
import type { Simulator } from '../sandbox/simulator.ts';
import { requireSimulation } from '../simulation.ts';

/** The validating proxy's findings (PROXY_TARGET): what the real back end does that the contract does not say. */
export function proxyRoutes(deps: PortalDeps & { simulator: Pick<Simulator, 'drift'> }) {
  const { config } = deps;
  return [
    defineRoute({
      operationId: 'listContractDrift',
      async handler() {
        requireSimulation(config);
        return {
          target: config.proxy.target,
          fallback: {
            unimplemented: config.proxy.fallback.unimplemented,
            operations: config.proxy.fallback.operations,
          },
          fallbacks: deps.simulator.drift.fallbacks(),
          drifts: [...deps.simulator.drift.list()],
        };
      },
    }),
  ];
}
