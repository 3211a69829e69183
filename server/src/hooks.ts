import type { FastifyRequest } from 'fastify';

/**
 * The seam between the portal core and the simulator wing (`simulator/`): what the core calls and the
 * simulator fills in. The core imports nothing from the simulator; without it (`noFaults`) every hook
 * does nothing, which is what production sees.
 */
export interface FaultHooks {
  /**
   * Runs before every contract operation's handler: undefined (not a promise) while nothing is armed,
   * else a promise that may wait and may throw the simulated failure.
   */
  apply(request: FastifyRequest, operationId: string): Promise<void> | undefined;
  /** Whether a simulated fault waits for the operation, without using it up. */
  pendingFor(operationId: string): Promise<boolean>;
  /** Before a download job is built: the failure reason to record instead (a simulated job fault), or null. */
  takeJobFault(): Promise<string | null>;
}

export const noFaults: FaultHooks = {
  apply: () => undefined,
  pendingFor: async () => false,
  takeJobFault: async () => null,
};
