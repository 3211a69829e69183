import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateRequest } from '../../auth/authenticate.ts';
import { defineRoute, type RouteContext, type RouteSetup } from '../../lib/route.ts';
import type { World } from '../../world.ts';
import { startPersonaSession } from '../sandbox/personas.ts';
import { SANDBOX_COOKIE } from '../sandbox/sandbox-plugin.ts';
import { type Simulator, simulatedWorldOf } from '../sandbox/simulator.ts';
import { createSnapshot, deleteSnapshot, listSnapshots, restoreSnapshot } from '../sandbox/snapshots.ts';
import type { SimulatedWorld } from '../sandbox/world.ts';
import { DEFAULT_SCENARIO, requireScenario } from '../scenarios/registry.ts';

const sandboxCookie = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

function sandboxView(simulator: Simulator, world: SimulatedWorld) {
  return {
    id: world.id,
    scenario: world.scenario,
    createdAt: world.createdAt.toISOString(),
    expiresAt: world.id ? simulator.sandboxes.expiresAt(world).toISOString() : null,
  };
}

/**
 * Moves the browser from its world to `target`, keeping it signed in as the same persona when that
 * account exists there (a session belongs to one world's database).
 */
async function carryPersona(from: World, request: FastifyRequest, reply: FastifyReply, target: World) {
  const caller = await authenticateRequest(from, request);
  if (!caller) return;
  await startPersonaSession(target, request, reply, caller.email);
}

/** Simulator controls of whole worlds: sandboxes, snapshots and the call list (outside production). */
export function simulationWorldRoutes({ simulator }: RouteSetup & { simulator: Simulator }) {
  const worldOf = (request: FastifyRequest): SimulatedWorld => simulatedWorldOf(simulator, request);
  /** Restoring or deleting one of the world's snapshots, by name. */
  const onSnapshot =
    (act: (world: SimulatedWorld, name: string) => Promise<void>) =>
    async ({ params, request }: RouteContext<'restoreSimulationSnapshot' | 'deleteSimulationSnapshot'>) =>
      act(worldOf(request), params.name).then(() => undefined);
  return [
    defineRoute({
      operationId: 'getSimulationSandbox',
      handler: ({ request }) => sandboxView(simulator, worldOf(request)),
    }),
    defineRoute({
      operationId: 'createSimulationSandbox',
      status: 201,
      async handler({ body, request, reply }) {
        const from = worldOf(request);
        const scenario = requireScenario(body.scenario ?? DEFAULT_SCENARIO).name;
        const world = await simulator.sandboxes.create(scenario, body.id);
        await carryPersona(from, request, reply, world);
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
        const world = worldOf(request);
        reply.clearCookie(SANDBOX_COOKIE, sandboxCookie);
        if (!world.id) return undefined;
        await carryPersona(world, request, reply, simulator.shared);
        await simulator.sandboxes.remove(world.id);
        return undefined;
      },
    }),
    defineRoute({
      operationId: 'listSimulationSnapshots',
      handler: ({ request }) => listSnapshots(worldOf(request)),
    }),
    defineRoute({
      operationId: 'createSimulationSnapshot',
      status: 201,
      handler: ({ body, request }) => createSnapshot(worldOf(request), body.name),
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
      handler: ({ request }) => worldOf(request).calls.list(request.simCaller),
    }),
    defineRoute({
      operationId: 'clearSimulationCalls',
      status: 204,
      async handler({ request }) {
        await worldOf(request).calls.clear(request.simCaller);
        return undefined;
      },
    }),
  ];
}
