import { type ContractDocument, loadContract } from '@portal/contract/document';
import type { PortalDeps } from '../../deps.ts';
import { defineRoute } from '../../lib/route.ts';
import { errorCatalogue, faultableOperations } from '../fault-catalogue.ts';
import { listPersonas, switchPersona } from '../sandbox/personas.ts';
import type { Simulator } from '../sandbox/simulator.ts';
import { SCENARIOS } from '../scenarios/registry.ts';
import {
  clearFaults,
  clockView,
  injectFault,
  listFaults,
  requireSimulation,
  resetSimulation,
  setClockSpeed,
} from '../simulation.ts';

/**
 * Simulator controls (outside production): reset, clock, injected faults, personas. In production
 * mode every one answers 404 SIMULATION_DISABLED.
 */
export function simulationRoutes(deps: PortalDeps & { simulator: Simulator }) {
  const { config } = deps;
  let document: ContractDocument | null = null;
  // Error statuses and codes come from the contract, read once when first needed.
  const contract = () => {
    document ??= loadContract(config.openapiPath);
    return document;
  };
  return [
    defineRoute({
      operationId: 'resetSimulation',
      status: 204,
      async handler({ body, request }) {
        requireSimulation(config);
        await resetSimulation(deps, {
          scenario: body?.scenario,
          seed: body?.seed,
          keepSession: request.cookies[config.session.cookieName],
        });
        deps.simulator.world().faults.markArmed();
        // The scenario's pending jobs and toggles are the runner's to plan for.
        deps.simulator.world().services.jobs.wake();
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
      operationId: 'advanceSimulationClock',
      async handler({ body }) {
        requireSimulation(config);
        deps.clock.advance(body.minutes * 60_000);
        return clockView(deps);
      },
    }),
    defineRoute({
      operationId: 'listSimulationOperations',
      async handler() {
        requireSimulation(config);
        return faultableOperations(contract());
      },
    }),
    defineRoute({
      operationId: 'listSimulationPersonas',
      async handler() {
        requireSimulation(config);
        return listPersonas(deps);
      },
    }),
    defineRoute({
      operationId: 'switchSimulationPersona',
      async handler({ body, request, reply }) {
        requireSimulation(config);
        return switchPersona(deps, request, reply, body.email);
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
      async handler({ body }) {
        requireSimulation(config);
        const fault = await injectFault(deps, errorCatalogue(contract()), body);
        deps.simulator.world().faults.markArmed();
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
