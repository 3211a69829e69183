import { defineRoute, type RouteSetup } from '../../lib/route.ts';
import type { Simulator } from '../sandbox/simulator.ts';

/** The validating proxy's findings (PROXY_TARGET): what the real back end does that the contract does not say. */
export function proxyRoutes({ config, simulator }: RouteSetup & { simulator: Pick<Simulator, 'drift'> }) {
  return [
    defineRoute({
      operationId: 'listContractDrift',
      handler() {
        return {
          target: config.proxy.target,
          fallback: {
            unimplemented: config.proxy.fallback.unimplemented,
            operations: config.proxy.fallback.operations,
          },
          fallbacks: simulator.drift.fallbacks(),
          drifts: [...simulator.drift.list()],
        };
      },
    }),
  ];
}
