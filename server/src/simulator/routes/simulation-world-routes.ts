import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateRequest } from '../../auth/authenticate.ts';
import type { PortalDeps } from '../../deps.ts';
import { defineRoute, type RouteContext } from '../../lib/route.ts';
import { startPersonaSession } from '../sandbox/personas.ts';
import { SANDBOX_COOKIE } from '../sandbox/sandbox-plugin.ts';
import type { Simulator } from '../sandbox/simulator.ts';
import { createSnapshot, deleteSnapshot, listSnapshots, restoreSnapshot } from '../sandbox/snapshots.ts';
import { runInWorld, type World } from '../sandbox/world.ts';
import { DEFAULT_SCENARIO, requireScenario } from '../scenarios/registry.ts';
import { requireSimulation } from '../simulation.ts';

const sandboxCookie = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

function sandboxView(simulator: Simulator, world: World) {
  return {
    id: world.id,
    scenario: world.scenario,
    createdAt: world.createdAt.toISOString(),
    expiresAt: world.id ? simulator.sandboxes.expiresAt(world).toISOString() : null,
  };
}

/**
 * Moves the browser to `target`, keeping it signed in as the same persona when that account exists
 * there (a session belongs to one world's database).
 */
async function carryPersona(deps: PortalDeps, request: FastifyRequest, reply: FastifyReply, target: World) {
  const caller = await authenticateRequest(deps, request);
  if (!caller) return;
  await runInWorld(target, () => startPersonaSession(deps, request, reply, caller.email));
}

/** Simulator controls of whole worlds: sandboxes, snapshots and the call list (outside production). */
export function simulationWorldRoutes(deps: PortalDeps & { simulator: Simulator }) {
  const { config } = deps;
  /** The simulator of a call, refused outside the simulation modes. */
  const simulatorFor = (_request: FastifyRequest) => {
    requireSimulation(config);
    return deps.simulator;
  };
  /** The call's world (the shared one or its sandbox), refused outside the simulation modes. */
  const worldOf = (request: FastifyRequest) => simulatorFor(request).world();
  /** Restoring or deleting one of the world's snapshots, by name. */
  const onSnapshot =
    (act: (world: World, name: string) => Promise<void>) =>
    async ({ params, request }: RouteContext<'restoreSimulationSnapshot' | 'deleteSimulationSnapshot'>) =>
      act(worldOf(request), params.name).then(() => undefined);
  return [
    defineRoute({
      operationId: 'getSimulationSandbox',
      async handler({ request }) {
        const simulator = simulatorFor(request);
        return sandboxView(simulator, simulator.world());
      },
    }),
    defineRoute({
      operationId: 'createSimulationSandbox',
      status: 201,
      async handler({ body, request, reply }) {
        const simulator = simulatorFor(request);
        const scenario = requireScenario(body.scenario ?? DEFAULT_SCENARIO).name;
        const world = await simulator.sandboxes.create(scenario, body.id);
        await carryPersona(deps, request, reply, world);
        if (world.id && request.headers['x-sandbox'] === undefined) {
          reply.setCookie(SANDBOX_COOKIE, world.id, sandboxCookie);
        }
        return sandboxView(simulator, world);
      },
    }),
    defineRoute({
      operationId: 'leaveSimulationSandbox',
      status: 204,
      async handler({ request, reply }) {
        const simulator = simulatorFor(request);
        const world = simulator.world();
        reply.clearCookie(SANDBOX_COOKIE, sandboxCookie);
        if (!world.id) return undefined;
        await carryPersona(deps, request, reply, simulator.shared);
        await simulator.sandboxes.remove(world.id);
        return undefined;
      },
    }),
    defineRoute({
      operationId: 'listSimulationSnapshots',
      handler: async ({ request }) => listSnapshots(worldOf(request)),
    }),
    defineRoute({
      operationId: 'createSimulationSnapshot',
      status: 201,
      handler: async ({ body, request }) => createSnapshot(worldOf(request), body.name),
    }),
    defineRoute({
      operationId: 'restoreSimulationSnapshot',
      status: 204,
      handler: onSnapshot(restoreSnapshot),
    }),
    defineRoute({
      operationId: 'deleteSimulationSnapshot',
      status: 204,
      handler: onSnapshot(deleteSnapshot),
    }),
    defineRoute({
      operationId: 'listSimulationCalls',
      handler: async ({ request }) => worldOf(request).calls.list(request.simCaller),
    }),
    defineRoute({
      operationId: 'clearSimulationCalls',
      status: 204,
      async handler({ request }) {
        worldOf(request).calls.clear(request.simCaller);
        return undefined;
      },
    }),
  ];
}
