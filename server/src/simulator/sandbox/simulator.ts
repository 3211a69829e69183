import type { FastifyRequest } from 'fastify';
import type { DriftLog } from '../proxy/contract-drift.ts';
import type { Sandboxes } from './sandboxes.ts';
import type { SimulatedWorld } from './world.ts';

/** What the simulation routes reach beyond a request's world: the worlds themselves and the proxy's findings. */
export interface Simulator {
  shared: SimulatedWorld;
  sandboxes: Sandboxes;
  /** What the validating proxy found between the contract and the real back end (PROXY_TARGET). */
  drift: DriftLog;
}

/** The simulated world a call works in: its sandbox, or the shared one. */
export function simulatedWorldOf(
  simulator: Pick<Simulator, 'shared'>,
  request: FastifyRequest,
): SimulatedWorld {
  return request.simWorld ?? simulator.shared;
}
