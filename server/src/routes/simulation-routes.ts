import { loadContract } from '@portal/contract/document';
import type { PortalDeps } from '../deps.ts';
import { defineRoute } from '../lib/route.ts';
import { SCENARIOS } from '../scenarios/registry.ts';
import {
  clearFaults,
  clockView,
  injectFault,
  listFaults,
  requireSimulation,
  resetSimulation,
  setClockSpeed,
} from '../services/simulation.ts';

type Catalogue = Record<string, { status: number }>;

/**
 * Simulator controls (development and test modes): reset, clock speed, injected faults. Any signed-in
 * role may use them; in production mode every one answers 404 SIMULATION_DISABLED.
 */
export function simulationRoutes(deps: PortalDeps) {
  const { config } = deps;
  let catalogue: Catalogue | null = null;
  // The status of each error code comes from the contract, read once when first needed.
  const errorCatalogue = () => {
    catalogue ??= (loadContract(config.openapiPath)['x-error-catalogue'] ?? {}) as Catalogue;
    return catalogue;
  };
  return [
    defineRoute({
      operationId: 'resetSimulation',
      status: 204,
      async handler({ body, request }) {
        requireSimulation(config);
        await resetSimulation(deps, { scenario: body?.scenario, seed: body?.seed });
        request.server.portal.faults.markArmed();
        return undefined;
      },
    }),
    defineRoute({
      operationId: 'listScenarios',
      async handler() {
        requireSimulation(config);
        return SCENARIOS.map(({ name, title, description }) => ({ name, title, description }));
      },
    }),
    defineRoute({
      operationId: 'getSimulationClock',
      async handler() {
        requireSimulation(config);
        return clockView(deps);
      },
    }),
    defineRoute({
      operationId: 'setSimulationClock',
      async handler({ body }) {
        requireSimulation(config);
        return setClockSpeed(deps, body.speed);
      },
    }),
    defineRoute({
      operationId: 'listFaults',
      async handler() {
        requireSimulation(config);
        return listFaults(deps);
      },
    }),
    defineRoute({
      operationId: 'injectFault',
      status: 201,
      async handler({ body, request }) {
        requireSimulation(config);
        const fault = await injectFault(deps, errorCatalogue(), body);
        request.server.portal.faults.markArmed();
        return fault;
      },
    }),
    defineRoute({
      operationId: 'clearFaults',
      status: 204,
      async handler() {
        requireSimulation(config);
        await clearFaults(deps);
        return undefined;
      },
    }),
  ];
}
