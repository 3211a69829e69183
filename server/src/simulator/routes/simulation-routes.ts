import { type ContractDocument, loadContract } from '@portal/contract/document';
import type { FastifyRequest } from 'fastify';
import { memoAnswer } from '../../lib/frozen-answers.ts';
import { defineRoute, type RouteSetup } from '../../lib/route.ts';
import { errorCatalogue, faultableOperations } from '../fault-catalogue.ts';
import { listPersonas, switchPersona } from '../sandbox/personas.ts';
import { type Simulator, simulatedWorldOf } from '../sandbox/simulator.ts';
import type { SimulatedWorld } from '../sandbox/world.ts';
import { SCENARIOS } from '../scenarios/registry.ts';
import {
  advanceClock,
  clearFaults,
  clockView,
  injectFault,
  listFaults,
  resetSimulation,
  setClockSpeed,
} from '../simulation.ts';

/**
 * Simulator controls (outside production): reset, clock, injected faults, personas. In production
 * mode every one answers 404 SIMULATION_DISABLED.
 */
export function simulationRoutes({ config, simulator }: RouteSetup & { simulator: Simulator }) {
  const worldOf = (request: FastifyRequest): SimulatedWorld => simulatedWorldOf(simulator, request);
  let document: ContractDocument | null = null;
  // Answers made from the contract or the scenario registry alone: built, checked and sent as bytes once.
  const scenarioList = new WeakMap<
    typeof SCENARIOS,
    { name: string; title: string; description: string }[]
  >();
  const operationList = new WeakMap<ContractDocument, ReturnType<typeof faultableOperations>>();
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
        await resetSimulation(worldOf(request), {
          scenario: body?.scenario,
          seed: body?.seed,
          keepSession: request.cookies[config.session.cookieName],
        });
        return undefined;
      },
    }),
    defineRoute({
      operationId: 'listScenarios',
      handler: () =>
        memoAnswer(scenarioList, SCENARIOS, (scenarios) =>
          scenarios.map(({ name, title, description }) => ({ name, title, description })),
        ),
    }),
    defineRoute({
      operationId: 'getSimulationClock',
      handler: ({ world }) => clockView(world),
    }),
    defineRoute({
      operationId: 'setSimulationClock',
      handler: ({ world, body }) => setClockSpeed(world, body.speed),
    }),
    defineRoute({
      operationId: 'advanceSimulationClock',
      handler: ({ world, body }) => advanceClock(world, body.minutes * 60_000),
    }),
    defineRoute({
      operationId: 'listSimulationOperations',
      handler: () => memoAnswer(operationList, contract(), faultableOperations),
    }),
    defineRoute({
      operationId: 'listSimulationPersonas',
      handler: ({ world }) => listPersonas(world),
    }),
    defineRoute({
      operationId: 'switchSimulationPersona',
      handler: ({ world, body, request, reply }) => switchPersona(world, request, reply, body.email),
    }),
    defineRoute({
      operationId: 'listFaults',
      handler: ({ world }) => listFaults(world),
    }),
    defineRoute({
      operationId: 'injectFault',
      status: 201,
      handler: ({ body, request }) => injectFault(worldOf(request), errorCatalogue(contract()), body),
    }),
    defineRoute({
      operationId: 'clearFaults',
      status: 204,
      async handler({ world }) {
        await clearFaults(world);
        return undefined;
      },
    }),
  ];
}
